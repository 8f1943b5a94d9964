import { createCanvas } from '@napi-rs/canvas';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { renderHash } from './renderHash.ts';
import {
  BLOCK_M,
  RIVER_WIDTH_M,
  hasRoadNorth,
  hasRoadWest,
  landUseOf,
  riverBands,
  riverY,
} from './renderGroundWorld.ts';
import type { LandUse } from './renderGroundWorld.ts';

/** Pixels per tile side: a power of two that keeps the cache small and drawImage fast. */
export const TILE_PX = 256;

const FIELD_COLOURS = ['#8fa65a', '#a8a86a', '#6f9a4e', '#b89c62', '#7ea35c', '#9bb071'];
const ROOF_COLOURS = ['#b5b0a8', '#8c8680', '#a9574a', '#d2cbbf', '#6f7a86', '#c7b79a'];
const BASE_COLOUR: Record<LandUse, string> = {
  field: '#8fa65a',
  urban: '#9c9990',
  forest: '#3f6b36',
  park: '#6d9b52',
};

/** Draws one ground tile covering `sizeM` metres from world corner (x0, y0). */
export function renderGroundTile(x0: number, y0: number, sizeM: number): Canvas {
  const canvas = createCanvas(TILE_PX, TILE_PX);
  const ctx = canvas.getContext('2d');
  const ppm = TILE_PX / sizeM;
  ctx.scale(ppm, ppm);
  ctx.translate(-x0, -y0);
  const bx0 = Math.floor(x0 / BLOCK_M);
  const by0 = Math.floor(y0 / BLOCK_M);
  const bx1 = Math.floor((x0 + sizeM) / BLOCK_M);
  const by1 = Math.floor((y0 + sizeM) / BLOCK_M);
  for (let by = by0; by <= by1; by++) {
    for (let bx = bx0; bx <= bx1; bx++) drawBlock(ctx, bx, by, ppm);
  }
  drawRiver(ctx, x0, y0, sizeM, ppm);
  for (let by = by0; by <= by1 + 1; by++) {
    for (let bx = bx0; bx <= bx1 + 1; bx++) drawRoads(ctx, bx, by, ppm);
  }
  return canvas;
}

function drawBlock(ctx: SKRSContext2D, bx: number, by: number, ppm: number): void {
  const use = landUseOf(bx, by);
  const x = bx * BLOCK_M;
  const y = by * BLOCK_M;
  ctx.fillStyle = use === 'field' ? pick(FIELD_COLOURS, renderHash(bx, by, 1)) : BASE_COLOUR[use];
  ctx.fillRect(x, y, BLOCK_M, BLOCK_M);
  // Detail is skipped when it would be under two pixels: invisible, and the cost of coarse tiles.
  if (BLOCK_M * ppm < 12) return;
  switch (use) {
    case 'field':
      drawFurrows(ctx, bx, by, ppm);
      break;
    case 'urban':
      drawBuildings(ctx, bx, by);
      break;
    case 'forest':
    case 'park':
      drawTrees(ctx, bx, by, ppm, use === 'forest' ? 90 : 18);
      break;
  }
}

function drawFurrows(ctx: SKRSContext2D, bx: number, by: number, ppm: number): void {
  const spacing = 6; // metres between crop rows
  if (spacing * ppm < 2) return;
  const x = bx * BLOCK_M;
  const y = by * BLOCK_M;
  ctx.strokeStyle = 'rgba(60, 70, 30, 0.25)';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  const vertical = renderHash(bx, by, 2) < 0.5;
  for (let d = spacing / 2; d < BLOCK_M; d += spacing) {
    if (vertical) {
      ctx.moveTo(x + d, y + 4);
      ctx.lineTo(x + d, y + BLOCK_M - 4);
    } else {
      ctx.moveTo(x + 4, y + d);
      ctx.lineTo(x + BLOCK_M - 4, y + d);
    }
  }
  ctx.stroke();
}

function drawBuildings(ctx: SKRSContext2D, bx: number, by: number): void {
  const x = bx * BLOCK_M;
  const y = by * BLOCK_M;
  const lots = 4; // 4×4 lots of 40 m, each with at most one building
  const lot = BLOCK_M / lots;
  for (let j = 0; j < lots; j++) {
    for (let i = 0; i < lots; i++) {
      const r = renderHash(bx * lots + i, by * lots + j, 3);
      if (r < 0.2) continue;
      const w = lot * (0.45 + 0.4 * renderHash(bx * lots + i, by * lots + j, 4));
      const h = lot * (0.45 + 0.4 * renderHash(bx * lots + i, by * lots + j, 5));
      const lx = x + i * lot + (lot - w) / 2;
      const ly = y + j * lot + (lot - h) / 2;
      ctx.fillStyle = 'rgba(30, 30, 30, 0.35)';
      ctx.fillRect(lx + 3, ly + 3, w, h); // shadow: light from the north-west
      ctx.fillStyle = pick(ROOF_COLOURS, r);
      ctx.fillRect(lx, ly, w, h);
    }
  }
}

function drawTrees(ctx: SKRSContext2D, bx: number, by: number, ppm: number, count: number): void {
  const x = bx * BLOCK_M;
  const y = by * BLOCK_M;
  const n = ppm * 4 < 2 ? Math.ceil(count / 4) : count;
  for (let k = 0; k < n; k++) {
    const tx = x + renderHash(bx, by * 131 + k, 6) * BLOCK_M;
    const ty = y + renderHash(bx * 131 + k, by, 7) * BLOCK_M;
    const r = 3 + 4 * renderHash(bx + k, by - k, 8);
    ctx.fillStyle = renderHash(k, bx + by, 9) < 0.5 ? '#2e5a2a' : '#4a7d3a';
    ctx.beginPath();
    ctx.arc(tx, ty, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawRiver(ctx: SKRSContext2D, x0: number, y0: number, sizeM: number, ppm: number): void {
  const step = Math.max(4, 4 / ppm); // a vertex every ~4 px keeps curves smooth at every scale
  ctx.strokeStyle = '#3d6f8f';
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(RIVER_WIDTH_M, 2 / ppm);
  for (const band of riverBands(y0, y0 + sizeM)) {
    ctx.beginPath();
    for (let x = x0 - step; x <= x0 + sizeM + step; x += step) {
      const y = riverY(band, x);
      if (x === x0 - step) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
}

function drawRoads(ctx: SKRSContext2D, bx: number, by: number, ppm: number): void {
  const x = bx * BLOCK_M;
  const y = by * BLOCK_M;
  const width = Math.max(bx % 8 === 0 || by % 8 === 0 ? 12 : 7, 1.5 / ppm);
  ctx.fillStyle = '#d8d4c8';
  if (hasRoadWest(bx, by)) ctx.fillRect(x - width / 2, y - width / 2, width, BLOCK_M + width);
  if (hasRoadNorth(bx, by)) ctx.fillRect(x - width / 2, y - width / 2, BLOCK_M + width, width);
}

function pick<T>(items: readonly T[], r: number): T {
  const item = items[Math.floor(r * items.length) % items.length];
  if (item === undefined) throw new Error('empty palette');
  return item;
}
