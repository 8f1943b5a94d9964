/**
 * Cluster bubbles with their drone count, drawn on a canvas when MapLibre first asks for one. Text
 * layers would need a glyph server; a canvas uses the browser's own fonts, so the offline basemap
 * stays offline.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { STATUS_COLOURS } from './droneStatus.ts';

const PREFIX = 'skydeck-cluster-';
const PIXEL_RATIO = 2;

/** The icon name of a bubble holding `count` drones, as the cluster layer's expression builds it. */
export const clusterIconName = (count: number): string => `${PREFIX}${count}`;

/** Bubble radius in CSS px: it grows with the count so a big swarm reads as big at a glance. */
function radiusFor(count: number): number {
  if (count < 10) return 12;
  if (count < 100) return 16;
  if (count < 1000) return 20;
  return 24;
}

function drawBubble(count: number): ImageData {
  const r = radiusFor(count) * PIXEL_RATIO;
  const size = 2 * r + 4 * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return new ImageData(size, size);
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, r, 0, 2 * Math.PI);
  ctx.fillStyle = STATUS_COLOURS.ground;
  ctx.globalAlpha = 0.85;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = 2 * PIXEL_RATIO;
  ctx.strokeStyle = '#d3d8de';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${11 * PIXEL_RATIO}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(count), size / 2, size / 2 + PIXEL_RATIO);
  return ctx.getImageData(0, 0, size, size);
}

/** Supplies bubble icons on demand; returns the function that stops doing so. */
export function provideClusterIcons(map: MapLibreMap): () => void {
  map.setMissingStyleImageResolver((id) => {
    if (!id.startsWith(PREFIX) || map.hasImage(id)) return;
    const count = Number(id.slice(PREFIX.length));
    if (Number.isInteger(count)) map.addImage(id, drawBubble(count), { pixelRatio: PIXEL_RATIO });
  });
  return () => map.setMissingStyleImageResolver(null);
}
