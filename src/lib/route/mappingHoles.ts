/**
 * Holes of a mapping route's area: parts of it left out (a pond, a building, a neighbour's plot),
 * never flown along nor photographed. Adding or removing one generates the lines again with the
 * route's own settings, so the lines on the map always match the area and holes that are saved.
 */
import { area, booleanIntersects, booleanWithin, kinks, polygon } from '@turf/turf';
import { withMapping } from './mappingRoute.ts';
import { activePoints, type EditorRoute } from './routeModel.ts';

type Ring = readonly [number, number][];

/** Why a drawn hole was not added. */
export type HoleRefusal = 'noArea' | 'tooFew' | 'crosses' | 'outside' | 'overlaps' | 'nothing';

export type HoleResult = { ok: true; route: EditorRoute } | { ok: false; reason: HoleRefusal };

const asPolygon = (ring: Ring) => polygon([[...ring, ring[0] ?? [0, 0]]]);

/** One empty list for every route without holes, so what is drawn from it is not redone per render. */
export const NO_HOLES: readonly Ring[] = Object.freeze([]);

/** The holes of a route's mapping area (none for a waypoint route). */
export function holesOf(route: EditorRoute): readonly Ring[] {
  return route.mapping?.holes ?? NO_HOLES;
}

/** Surface of a ring, m². */
export function ringArea(ring: Ring): number {
  return ring.length < 3 ? 0 : area(asPolygon(ring));
}

/** The route generated again over its area with `holes`, one undo step for the page. */
function withHoles(route: EditorRoute, holes: readonly Ring[]): EditorRoute {
  const m = route.mapping;
  return m ? withMapping(route, m.ring, m.settings, holes) : route;
}

/**
 * Why `hole` (WGS-84 `[lng, lat]`, not closed) cannot be cut out of the area `ring` that already has
 * `holes`, or null when it can: it must be a simple polygon lying inside the area, apart from the
 * other holes. One check for a generated route's area and for one drawn and not generated yet, so
 * both refuse the same holes for the same reasons; whether anything is left to fly ('nothing') is
 * known only once lines are generated.
 */
export function holeRefusal(
  ring: Ring | null | undefined,
  holes: readonly Ring[],
  hole: Ring,
): Exclude<HoleRefusal, 'nothing'> | null {
  if (!ring || ring.length < 3) return 'noArea';
  if (hole.length < 3) return 'tooFew';
  const drawn = asPolygon(hole);
  if (kinks(drawn).features.length > 0) return 'crosses';
  if (!booleanWithin(drawn, asPolygon(ring))) return 'outside';
  if (holes.some((h) => booleanIntersects(drawn, asPolygon(h)))) return 'overlaps';
  return null;
}

/**
 * The route with `hole` (WGS-84 `[lng, lat]`, not closed) left out of its mapping area, or why not:
 * the hole must pass `holeRefusal` and leave something to fly.
 */
export function addHole(route: EditorRoute, hole: Ring): HoleResult {
  const holes = holesOf(route);
  const refused = holeRefusal(route.mapping?.ring, holes, hole);
  if (refused) return { ok: false, reason: refused };
  const next = withHoles(route, [...holes, [...hole]]);
  // A hole that leaves no line long enough to fly would leave a route of no waypoints.
  if (activePoints(next).length === 0) return { ok: false, reason: 'nothing' };
  return { ok: true, route: next };
}

/** The route without hole `index` (from 0): its part of the area is flown again. */
export function removeHole(route: EditorRoute, index: number): EditorRoute {
  const holes = holesOf(route);
  if (index < 0 || index >= holes.length) return route;
  return withHoles(
    route,
    holes.filter((_, i) => i !== index),
  );
}
