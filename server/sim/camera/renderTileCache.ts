import type { Canvas } from '@napi-rs/canvas';
import { renderGroundTile } from './renderGroundTile.ts';

/**
 * Ground tiles kept between frames. A Map keeps insertion order, so re-inserting on use makes the first
 * key the least recently used one: an LRU without a second structure.
 */
const MAX_TILES = 320; // 320 × 256 KB ≈ 80 MB: enough for 16 streams that each see ~12 tiles
const tiles = new Map<string, Canvas>();

/** The tile of level `level` (side 64·2^level metres) at grid index (tx, ty), drawn once. */
export function renderTileCached(level: number, tx: number, ty: number, sizeM: number): Canvas {
  const key = `${level}/${tx}/${ty}`;
  const hit = tiles.get(key);
  if (hit) {
    tiles.delete(key);
    tiles.set(key, hit);
    return hit;
  }
  const tile = renderGroundTile(tx * sizeM, ty * sizeM, sizeM);
  tiles.set(key, tile);
  if (tiles.size > MAX_TILES) {
    const oldest = tiles.keys().next().value;
    if (oldest !== undefined) tiles.delete(oldest);
  }
  return tile;
}
