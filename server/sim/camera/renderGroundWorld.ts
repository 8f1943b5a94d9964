import { renderHash } from './renderHash.ts';

/**
 * The procedural world, in metres on a Web-Mercator plane (x east, y south, as a canvas draws): blocks of
 * land use on a fixed grid, roads along block edges, and one meandering river per band.
 */

/** Side of one land-use block, metres. */
export const BLOCK_M = 160;
/** North–south height of the band that holds one river, metres. */
const RIVER_BAND_M = 4_000;
/** River width, metres. */
export const RIVER_WIDTH_M = 36;

export type LandUse = 'field' | 'urban' | 'forest' | 'park';

/** Land use of block (bx, by): districts of 8×8 blocks lean to one use so the scene has regions. */
export function landUseOf(bx: number, by: number): LandUse {
  const district = renderHash(Math.floor(bx / 8), Math.floor(by / 8), 11);
  const r = renderHash(bx, by, 12);
  if (district < 0.35) return r < 0.75 ? 'urban' : r < 0.9 ? 'park' : 'field';
  if (district < 0.8) return r < 0.7 ? 'field' : r < 0.85 ? 'forest' : 'urban';
  return r < 0.75 ? 'forest' : 'field';
}

/** Whether the edge west of block (bx, by) carries a road (north–south segment). */
export function hasRoadWest(bx: number, by: number): boolean {
  // Every eighth grid line is an arterial so roads connect across districts.
  if (bx % 8 === 0) return true;
  return renderHash(bx, by, 21) < (landUseOf(bx, by) === 'urban' ? 0.8 : 0.18);
}

/** Whether the edge north of block (bx, by) carries a road (east–west segment). */
export function hasRoadNorth(bx: number, by: number): boolean {
  if (by % 8 === 0) return true;
  return renderHash(bx, by, 22) < (landUseOf(bx, by) === 'urban' ? 0.8 : 0.18);
}

/** Centre line y of the river crossing x in the band `band`, metres. */
export function riverY(band: number, x: number): number {
  const phase = renderHash(band, 0, 31) * Math.PI * 2;
  const base = band * RIVER_BAND_M + RIVER_BAND_M / 2;
  return base + 700 * Math.sin(x / 1_100 + phase) + 180 * Math.sin(x / 290 + phase * 2);
}

/** Bands whose river can touch the y range [y0, y1]. */
export function riverBands(y0: number, y1: number): number[] {
  const reach = 900; // the largest excursion of riverY from its band centre, with margin
  const first = Math.floor((y0 - reach) / RIVER_BAND_M);
  const last = Math.floor((y1 + reach) / RIVER_BAND_M);
  const out: number[] = [];
  for (let b = first; b <= last; b++) out.push(b);
  return out;
}
