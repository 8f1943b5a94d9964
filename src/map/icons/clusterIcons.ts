/**
 * Cluster bubbles with their drone count, drawn on a canvas when MapLibre first asks for one (see
 * `mapIcons.ts`). Text layers would need a glyph server; a canvas uses the browser's own fonts, so
 * the offline basemap stays offline.
 */
import { STATUS_COLOURS } from '../../fleet/derive/droneStatus.ts';

/** Icon names of bubbles: this prefix and the count, as the cluster layer's expression builds it. */
export const CLUSTER_ICON_PREFIX = 'skydeck-cluster-';
const PIXEL_RATIO = 2;

/** Bubble radius in CSS px: it grows with the count so a big swarm reads as big at a glance. */
function radiusFor(count: number): number {
  if (count < 10) return 12;
  if (count < 100) return 16;
  if (count < 1000) return 20;
  return 24;
}

/** The bubble of a cluster of `count` drones. */
export function drawBubble(count: number): ImageData {
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
