/**
 * Draws a detected object, seen from above, filling a box of the frame: what an on-board detector
 * would have boxed. Shapes are simple but unmistakable at a thumbnail's size.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

/** The box in pixels. */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Painter = (ctx: SKRSContext2D, b: PixelBox) => void;

function ellipse(ctx: SKRSContext2D, cx: number, cy: number, rx: number, ry: number, fill: string) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.ellipse(cx, cy, Math.max(1, rx), Math.max(1, ry), 0, 0, Math.PI * 2);
  ctx.fill();
}

const vehicle: Painter = (ctx, b) => {
  ctx.fillStyle = '#c62828';
  ctx.beginPath();
  ctx.roundRect(b.x + b.w * 0.1, b.y + b.h * 0.05, b.w * 0.8, b.h * 0.9, Math.min(b.w, b.h) * 0.15);
  ctx.fill();
  ctx.fillStyle = '#1b2630';
  ctx.fillRect(b.x + b.w * 0.2, b.y + b.h * 0.2, b.w * 0.6, b.h * 0.18);
  ctx.fillRect(b.x + b.w * 0.2, b.y + b.h * 0.68, b.w * 0.6, b.h * 0.12);
  ctx.fillStyle = '#ef9a9a';
  ctx.fillRect(b.x + b.w * 0.25, b.y + b.h * 0.42, b.w * 0.5, b.h * 0.22);
};

const person: Painter = (ctx, b) => {
  const cx = b.x + b.w / 2;
  ellipse(ctx, cx, b.y + b.h * 0.62, b.w * 0.42, b.h * 0.3, '#1565c0');
  ellipse(ctx, cx, b.y + b.h * 0.28, b.w * 0.22, b.h * 0.2, '#f1c27d');
  ellipse(ctx, cx, b.y + b.h * 0.22, b.w * 0.2, b.h * 0.1, '#3e2723');
};

const smoke: Painter = (ctx, b) => {
  const puffs = [
    [0.3, 0.7, 0.28],
    [0.55, 0.55, 0.32],
    [0.45, 0.3, 0.3],
    [0.7, 0.35, 0.25],
  ] as const;
  for (const [fx, fy, fr] of puffs)
    ellipse(ctx, b.x + b.w * fx, b.y + b.h * fy, b.w * fr, b.h * fr, 'rgba(90, 90, 96, 0.85)');
  ellipse(ctx, b.x + b.w * 0.5, b.y + b.h * 0.5, b.w * 0.2, b.h * 0.2, 'rgba(200, 200, 205, 0.8)');
};

const fire: Painter = (ctx, b) => {
  ellipse(ctx, b.x + b.w * 0.5, b.y + b.h * 0.55, b.w * 0.48, b.h * 0.44, '#d84315');
  ellipse(ctx, b.x + b.w * 0.5, b.y + b.h * 0.6, b.w * 0.32, b.h * 0.3, '#ff9800');
  ellipse(ctx, b.x + b.w * 0.5, b.y + b.h * 0.65, b.w * 0.16, b.h * 0.15, '#ffeb3b');
};

const ship: Painter = (ctx, b) => {
  ctx.fillStyle = '#eceff1';
  ctx.beginPath();
  ctx.moveTo(b.x + b.w * 0.5, b.y);
  ctx.lineTo(b.x + b.w * 0.9, b.y + b.h * 0.3);
  ctx.lineTo(b.x + b.w * 0.85, b.y + b.h);
  ctx.lineTo(b.x + b.w * 0.15, b.y + b.h);
  ctx.lineTo(b.x + b.w * 0.1, b.y + b.h * 0.3);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#455a64';
  ctx.fillRect(b.x + b.w * 0.3, b.y + b.h * 0.45, b.w * 0.4, b.h * 0.3);
};

const animal: Painter = (ctx, b) => {
  ellipse(ctx, b.x + b.w * 0.45, b.y + b.h * 0.55, b.w * 0.35, b.h * 0.3, '#6d4c41');
  ellipse(ctx, b.x + b.w * 0.82, b.y + b.h * 0.38, b.w * 0.14, b.h * 0.14, '#4e342e');
};

/** Anything else: a bright marker, so an unknown class is still visible where the box is. */
const other: Painter = (ctx, b) => {
  ellipse(ctx, b.x + b.w / 2, b.y + b.h / 2, b.w * 0.45, b.h * 0.45, '#8e24aa');
};

const PAINTERS: Readonly<Record<string, Painter>> = { vehicle, person, smoke, fire, ship, animal };

/** Paints `category` into `box`. */
export function drawDetectedObject(ctx: SKRSContext2D, category: string, box: PixelBox): void {
  (PAINTERS[category] ?? other)(ctx, box);
}
