/** Flat-earth geometry around one point: exact enough over the few kilometres a patrol covers. */

const METRES_PER_DEGREE_LAT = 111_320;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Moves `from` by `east` and `north` metres. */
export function offset(from: LatLng, east: number, north: number): LatLng {
  const lngScale = METRES_PER_DEGREE_LAT * Math.cos((from.lat * Math.PI) / 180);
  return { lat: from.lat + north / METRES_PER_DEGREE_LAT, lng: from.lng + east / lngScale };
}

/** East and north metres from `a` to `b`. */
export function delta(a: LatLng, b: LatLng): { east: number; north: number } {
  const lngScale = METRES_PER_DEGREE_LAT * Math.cos((a.lat * Math.PI) / 180);
  return { east: (b.lng - a.lng) * lngScale, north: (b.lat - a.lat) * METRES_PER_DEGREE_LAT };
}

/** Ground distance in metres. */
export function distance(a: LatLng, b: LatLng): number {
  const d = delta(a, b);
  return Math.hypot(d.east, d.north);
}

/** Heading of a direction in the protocol's convention: −180…180°, 0 north, positive to the east. */
export function headingOf(east: number, north: number): number {
  return (Math.atan2(east, north) * 180) / Math.PI;
}

/** Signed smallest difference `to − from` between two headings, in −180…180. */
export function headingDiff(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}
