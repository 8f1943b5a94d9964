import { createCanvas } from '@napi-rs/canvas';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { TILE_PX } from './renderGroundTile.ts';
import { renderTileCached } from './renderTileCache.ts';

/** Where the camera is and what it looks at; `time` is epoch milliseconds, stamped into the frame. */
export interface AerialView {
  lat: number;
  lon: number;
  heightM: number;
  yawDeg: number;
  pitchDeg: number;
  time: number;
  label: string;
  width: number;
  height: number;
}

const EARTH_RADIUS_M = 6_378_137;
/** Horizontal field of view, degrees: close to a wide dock-aircraft camera. */
const HFOV_DEG = 70;
/** Side of a level-0 tile, metres; level n tiles are 2^n times larger. */
const BASE_TILE_M = 64;
const MAX_LEVEL = 9;
/** Below this height the scale would blow a tile past any useful resolution, metres. */
const MIN_HEIGHT_M = 15;

/**
 * A synthetic aerial picture of the procedural world under the camera: the ground is the same for the
 * same place in every frame, scaled by height and turned by yaw so flying forward scrolls it downwards.
 */
export function renderAerialView(view: AerialView): Canvas {
  const canvas = createCanvas(view.width, view.height);
  const ctx = canvas.getContext('2d');
  const pitch = Math.max(-90, Math.min(0, view.pitchDeg));
  const skyFrac = Math.max(0, Math.min(1, (pitch + 30) / 30)) * 0.4; // horizon shows above −30°
  const horizonY = Math.round(view.height * skyFrac);
  drawGround(ctx, view, pitch, horizonY);
  if (horizonY > 0) drawSky(ctx, view.width, horizonY);
  drawStamp(ctx, view);
  return canvas;
}

function drawGround(ctx: SKRSContext2D, view: AerialView, pitch: number, horizonY: number): void {
  const h = Math.max(MIN_HEIGHT_M, view.heightM);
  const latRad = (view.lat * Math.PI) / 180;
  // Mercator metres are stretched by 1/cos(lat); the ground scale has to follow or height would lie.
  const stretch = 1 / Math.cos(latRad);
  const groundWidthM = 2 * h * Math.tan(((HFOV_DEG / 2) * Math.PI) / 180) * stretch;
  const ppm = view.width / groundWidthM;
  const cx = EARTH_RADIUS_M * ((view.lon * Math.PI) / 180);
  const cy = -EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + latRad / 2));
  // An oblique camera looks ahead of the aircraft and sees the ground foreshortened; a squash stands in
  // for true perspective, which is cheap and reads right at a glance.
  const tilt = (-pitch * Math.PI) / 180;
  const squash = Math.max(0.35, Math.sin(tilt));
  const aheadM = Math.min(4 * h, h / Math.tan(Math.max(tilt, 0.05))) * stretch;
  const level = Math.max(
    0,
    Math.min(MAX_LEVEL, Math.floor(Math.log2(TILE_PX / ppm / BASE_TILE_M))),
  );
  const tileM = BASE_TILE_M * 2 ** level;
  const yaw = (view.yawDeg * Math.PI) / 180;
  const lookX = cx + aheadM * Math.sin(yaw);
  const lookY = cy - aheadM * Math.cos(yaw);
  const groundH = view.height - horizonY;

  ctx.save();
  ctx.fillStyle = '#7d8f60';
  ctx.fillRect(0, horizonY, view.width, groundH);
  ctx.translate(view.width / 2, horizonY + groundH / 2);
  ctx.scale(ppm, ppm * squash);
  ctx.rotate(-yaw);
  ctx.translate(-lookX, -lookY);
  // The visible ground is inside a circle around the look point whose radius reaches the frame corners.
  const radius = Math.hypot(view.width, groundH / squash) / 2 / ppm;
  const tx0 = Math.floor((lookX - radius) / tileM);
  const tx1 = Math.floor((lookX + radius) / tileM);
  const ty0 = Math.floor((lookY - radius) / tileM);
  const ty1 = Math.floor((lookY + radius) / tileM);
  for (let ty = ty0; ty <= ty1; ty++) {
    for (let tx = tx0; tx <= tx1; tx++) {
      const tile = renderTileCached(level, tx, ty, tileM);
      // A hair of overlap hides the seams that rotated bilinear sampling leaves between tiles.
      ctx.drawImage(tile, tx * tileM, ty * tileM, tileM + 1.5 / ppm, tileM + 1.5 / ppm);
    }
  }
  ctx.restore();
}

function drawSky(ctx: SKRSContext2D, width: number, horizonY: number): void {
  const sky = ctx.createLinearGradient(0, 0, 0, horizonY + 24);
  sky.addColorStop(0, '#6f9fd0');
  sky.addColorStop(0.8, '#c9dbe8');
  sky.addColorStop(1, 'rgba(201, 219, 232, 0)');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, horizonY + 24);
}

function drawStamp(ctx: SKRSContext2D, view: AerialView): void {
  const size = Math.max(10, Math.round(view.height / 24));
  const lines = [
    new Date(view.time).toISOString().replace('T', ' ').replace('Z', ' UTC'),
    view.label,
    `${view.lat.toFixed(6)}, ${view.lon.toFixed(6)}  H ${view.heightM.toFixed(1)} m  Y ${view.yawDeg.toFixed(0)}°`,
  ];
  ctx.font = `${size}px "DejaVu Sans Mono", monospace`;
  ctx.textBaseline = 'top';
  const pad = Math.round(size / 3);
  const boxW = Math.min(
    view.width,
    Math.max(...lines.map((l) => ctx.measureText(l).width)) + 2 * pad,
  );
  // Bottom left, as a camera prints it: the top of a live view belongs to the cockpit's heading tape.
  const boxH = lines.length * (size + 2) + 2 * pad;
  const top = view.height - boxH;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.fillRect(0, top, boxW, boxH);
  ctx.fillStyle = '#ffffff';
  lines.forEach((line, i) => ctx.fillText(line, pad, top + pad + i * (size + 2)));
}
