/**
 * Drone icons drawn on a canvas when first needed, one per status colour: no sprite sheet to fetch. The
 * arrow points north; the layer rotates it by the aircraft's heading.
 */
import { DRONE_STATUSES, STATUS_COLOURS } from '../../fleet/derive/droneStatus.ts';

/** Icon edge in device pixels: 2× a 20 px icon so it stays sharp on high-density screens. */
const ICON_PX = 40;

/** Icon names of drones: this prefix and the state, as the symbol layer's expression builds it. */
export const DRONE_ICON_PREFIX = 'skydeck-drone-';

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

/** The arrow of a drone state, or `null` for a name that is not one. */
export function drawDroneIcon(status: string): ImageData | null {
  const known = DRONE_STATUSES.find((s) => s === status);
  return known === undefined ? null : drawArrow(STATUS_COLOURS[known]);
}
