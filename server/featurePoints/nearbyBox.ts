import { distance } from '@turf/turf';

/** Metres per degree of latitude (and of longitude at the equator), on the mean Earth radius. */
const METRES_PER_DEGREE = 111_195;

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A latitude/longitude box that holds every place within `radius` m of the centre, a little larger
 * than needed (the exact distance filters afterwards). Near the poles the box spans every longitude.
 */
export function boxAround(lng: number, lat: number, radius: number): Box {
  const dLat = (radius / METRES_PER_DEGREE) * 1.01;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 180 : Math.min(180, (radius / (METRES_PER_DEGREE * cos)) * 1.01);
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: lng - dLng,
    maxLng: lng + dLng,
  };
}

/** Great-circle distance between two places, m. */
export function metresBetween(a: [number, number], b: [number, number]): number {
  return distance(a, b, { units: 'meters' });
}
