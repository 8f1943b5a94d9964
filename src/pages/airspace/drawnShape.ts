/**
 * A shape drawn with terra-draw as an area's shape: the ring it hands back is in the basemap's
 * datum and has as many decimals as terra-draw keeps; the area is stored in WGS-84.
 */
import { distance } from '@turf/turf';
import type { AirspaceShape, LngLat } from '../../../protocol/airspace.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';

/**
 * Decimals terra-draw keeps of a longitude or latitude (its adapter's default, named here, as in
 * the route editor): 9 decimals are a tenth of a millimetre, and stored positions keep no more.
 */
export const COORDINATE_PRECISION = 9;
const SCALE = 10 ** COORDINATE_PRECISION;
const round = (v: number): number => Math.round(v * SCALE) / SCALE;

/** A drawn ring (in the basemap's datum) as an area's shape in WGS-84. */
export function shapeOfDrawn(
  mode: string,
  ring: readonly number[][],
  fromDisplay: ToDisplay,
): AirspaceShape | null {
  const points = ring.slice(0, -1).map(([x = 0, y = 0]): LngLat => {
    const [lng, lat] = fromDisplay(x, y);
    return [round(lng), round(lat)];
  });
  if (points.length < 3) return null;
  if (mode === 'polygon') return { type: 'polygon', coordinates: [...points, points[0] ?? [0, 0]] };
  // terra-draw's circle is a ring of points around the centre: their mean is the centre, and
  // their mean distance from it the radius.
  const center: LngLat = [
    round(points.reduce((sum, p) => sum + p[0], 0) / points.length),
    round(points.reduce((sum, p) => sum + p[1], 0) / points.length),
  ];
  const radius =
    points.reduce((sum, p) => sum + distance(center, p, { units: 'meters' }), 0) / points.length;
  return { type: 'circle', center, radius: Math.round(radius * 10) / 10 };
}
