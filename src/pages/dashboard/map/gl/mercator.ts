/**
 * Web Mercator in MapLibre's unit square: x from 0 (180° W) to 1 (180° E), y from 0 (north edge)
 * to 1 (south edge). The GL drone layer draws in these units, which MapLibre's custom-layer matrix
 * takes to the screen.
 */

/** MapLibre's latitude limit of the Mercator square. */
const MAX_LAT = 85.051129;

/** Mercator x of a longitude. */
export function mercatorX(lon: number): number {
  return (180 + lon) / 360;
}

/** Mercator y of a latitude, clamped to the square. */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const phi = (clamped * Math.PI) / 180;
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
}
