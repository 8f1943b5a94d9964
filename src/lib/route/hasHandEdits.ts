/**
 * Whether a mapping route's lines were edited by hand: generating them again (a hole added or
 * removed, Regenerate) replaces every waypoint, so the page asks first when that would throw work
 * away, and only then.
 */
import { withMapping } from './mappingRoute.ts';
import type { EditorRoute } from './routeModel.ts';

/**
 * How far a waypoint may lie from where its area puts it and still count as generated, m: well
 * above the rounding of a saved file and of the basemap's datum shift, well below any drag.
 */
export const HAND_EDIT_TOLERANCE_M = 0.05;

/** Metres per degree of latitude (and of longitude at the equator), on a sphere. */
const METRES_PER_DEGREE = 111_195;

function apart(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const east = (a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(east, a.lat - b.lat) * METRES_PER_DEGREE;
}

/**
 * True when `route`'s waypoints are not the lines its mapping area, settings and holes generate:
 * a waypoint moved, added or removed, or a wayline added. Positions only: they are what shapes the
 * lines on the map; a point's height or actions are not compared. A waypoint route has no lines to
 * generate, hence none edited.
 */
export function hasHandEdits(route: EditorRoute): boolean {
  const m = route.mapping;
  if (!m) return false;
  const [generated] = withMapping(route, m.ring, m.settings, m.holes).waylines;
  const [own, ...more] = route.waylines;
  if (!generated || !own || more.length > 0) return true;
  if (own.points.length !== generated.points.length) return true;
  return own.points.some((p, i) => {
    const q = generated.points[i];
    return !q || apart(p, q) > HAND_EDIT_TOLERANCE_M;
  });
}
