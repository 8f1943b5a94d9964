/**
 * Conversions between the datums basemaps are drawn in. The GCJ-02 offset is `gcoord`'s, a
 * maintained implementation of the published algorithm, not constants of ours.
 */
import gcoord from 'gcoord';
import type { Datum } from './presets.ts';

/** Converts a longitude/latitude from one datum to another, as `[lng, lat]`. */
export type ToDisplay = (lng: number, lat: number) => [number, number];

const identity: ToDisplay = (lng, lat) => [lng, lat];

/** WGS-84 → GCJ-02; `gcoord` leaves positions outside China unchanged, as GCJ-02 itself does. */
export const wgs84ToGcj02: ToDisplay = (lng, lat) => {
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
  return [x, y];
};

/** GCJ-02 → WGS-84, for moving the camera back when leaving a GCJ-02 basemap. */
export const gcj02ToWgs84: ToDisplay = (lng, lat) => {
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);
  return [x, y];
};

/**
 * The WGS-84 → `datum` converter; the same function object each time, so it can be a dependency.
 */
export function converterFor(datum: Datum): ToDisplay {
  return datum === 'gcj02' ? wgs84ToGcj02 : identity;
}
