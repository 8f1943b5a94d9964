/**
 * Dock icons drawn on a canvas, one per state colour: a rounded square with a landing pad, so a dock
 * never reads as an aircraft (arrows) or a cluster (round bubbles).
 */
import { DOCK_COLOURS, DOCK_STATUSES } from './dockStatus.ts';

/** Icon edge in device pixels: 2× a 22 px icon. */
const ICON_PX = 44;

/** Icon names of docks: this prefix and the state, as the symbol layer's expression builds it. */
export const DOCK_ICON_PREFIX = 'skydeck-dock-';

function drawDock(colour: string): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_PX;
  canvas.height = ICON_PX;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return new ImageData(ICON_PX, ICON_PX);
  ctx.beginPath();
  ctx.roundRect(5, 5, ICON_PX - 10, ICON_PX - 10, 7);
  ctx.fillStyle = '#111418';
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = colour;
  ctx.stroke();
  // The landing pad: a ring with an "H", as on a helipad.
  ctx.beginPath();
  ctx.arc(ICON_PX / 2, ICON_PX / 2, 10, 0, 2 * Math.PI);
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(17, 16);
  ctx.lineTo(17, 28);
  ctx.moveTo(27, 16);
  ctx.lineTo(27, 28);
  ctx.moveTo(17, 22);
  ctx.lineTo(27, 22);
  ctx.stroke();
  return ctx.getImageData(0, 0, ICON_PX, ICON_PX);
}

/** The icon of a dock state, or `null` for a name that is not one. */
export function drawDockIcon(status: string): ImageData | null {
  const known = DOCK_STATUSES.find((s) => s === status);
  return known === undefined ? null : drawDock(DOCK_COLOURS[known]);
}
