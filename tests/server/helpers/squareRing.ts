import type { LngLat } from '../../../protocol/airspace.ts';

/** A closed square ring of half-width `half` degrees around `lng`, `lat`: the airspace tests' area. */
export const square = (lng: number, lat: number, half: number): LngLat[] => [
  [lng - half, lat - half],
  [lng + half, lat - half],
  [lng + half, lat + half],
  [lng - half, lat + half],
  [lng - half, lat - half],
];
