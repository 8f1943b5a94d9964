import type { VideoLayout } from '../../../protocol/video.ts';

export const WALL_SIZES = [1, 4, 9, 16] as const;
export type WallSize = (typeof WALL_SIZES)[number];

/** Tiles per row of a wall: the square root of its size. */
export const columnsOf = (size: WallSize): number => Math.sqrt(size);

/** The layout with `size` tiles, keeping the streams that still fit. */
export function resize(layout: VideoLayout, size: WallSize): VideoLayout {
  return { size, tiles: Array.from({ length: size }, (_, i) => layout.tiles[i] ?? null) };
}

/** Puts `videoId` into tile `index`, or the first empty tile (else the last) when none is given. */
export function place(layout: VideoLayout, videoId: string, index: number | null): VideoLayout {
  const tiles = resize(layout, layout.size).tiles;
  if (tiles.includes(videoId)) return layout;
  const empty = tiles.indexOf(null);
  const at = index ?? (empty >= 0 ? empty : tiles.length - 1);
  tiles[at] = videoId;
  return { size: layout.size, tiles };
}

/** Empties tile `index`. */
export function clear(layout: VideoLayout, index: number): VideoLayout {
  return { size: layout.size, tiles: layout.tiles.map((t, i) => (i === index ? null : t)) };
}

export const DEFAULT_LAYOUT: VideoLayout = { size: 4, tiles: [null, null, null, null] };
