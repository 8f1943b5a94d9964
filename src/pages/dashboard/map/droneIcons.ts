/**
 * Drone icons drawn on a canvas at start-up, one per status colour: no sprite sheet to fetch. The
 * arrow points north; the layer rotates it by the aircraft's heading.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DRONE_STATUSES, STATUS_COLOURS } from './droneStatus.ts';
import type { DroneStatus } from './droneStatus.ts';

/** Icon edge in device pixels: 2× a 20 px icon so it stays sharp on high-density screens. */
const ICON_PX = 40;
const PIXEL_RATIO = 2;

/** Name of the icon for a status, as the symbol layer's `icon-image` expression builds it. */
export const iconName = (status: DroneStatus): string => `skydeck-drone-${status}`;

function drawArrow(colour: string): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_PX;
  canvas.height = ICON_PX;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return new ImageData(ICON_PX, ICON_PX);
  const c = ICON_PX / 2;
  ctx.beginPath();
  ctx.moveTo(c, 3);
  ctx.lineTo(ICON_PX - 6, ICON_PX - 5);
  ctx.lineTo(c, ICON_PX - 13);
  ctx.lineTo(6, ICON_PX - 5);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.strokeStyle = '#111418';
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.fill();
  return ctx.getImageData(0, 0, ICON_PX, ICON_PX);
}

/** Adds every status icon to the map (once per map). */
export function addDroneIcons(map: MapLibreMap): void {
  for (const status of DRONE_STATUSES) {
    if (!map.hasImage(iconName(status))) {
      map.addImage(iconName(status), drawArrow(STATUS_COLOURS[status]), {
        pixelRatio: PIXEL_RATIO,
      });
    }
  }
}

/** Removes the icons again. */
export function removeDroneIcons(map: MapLibreMap): void {
  for (const status of DRONE_STATUSES)
    if (map.hasImage(iconName(status))) map.removeImage(iconName(status));
}
