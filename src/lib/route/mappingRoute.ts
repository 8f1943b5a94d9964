/**
 * A lawn-mower (boustrophedon) mapping route over a polygon, as editor waypoints: the lines and
 * spacing come from the maths the server shares (`protocol/mapping/`), and each pass becomes two
 * waypoints, the first taking photos every time the aircraft has moved the distance the front
 * overlap allows.
 */
import type { EditorRoute, MappingSettings, RouteGlobals, RoutePoint } from './routeModel.ts';
import { newPoint } from './routeModel.ts';
import { mappingPasses, type LngLat } from '../../../protocol/mapping/mappingPasses.ts';
import { mappingSpacing, MAPPING_OVERLAP } from '../../../protocol/mapping/mappingSpacing.ts';
import { payloadFovDeg } from '../../../protocol/mapping/payloadFov.ts';

export type { MappingSettings } from './routeModel.ts';
export { PAYLOAD_FOV_DEG } from '../../../protocol/mapping/payloadFov.ts';
export { mappingSpacing } from '../../../protocol/mapping/mappingSpacing.ts';
export { MAX_MAPPING_LINES } from '../../../protocol/mapping/mappingPasses.ts';

/** The settings of a new mapping area for an aircraft carrying `payloadKey`. */
export function defaultMapping(payloadKey: string): MappingSettings {
  return {
    height: 100,
    frontOverlap: MAPPING_OVERLAP.front,
    sideOverlap: MAPPING_OVERLAP.side,
    fovDeg: payloadFovDeg(payloadKey),
    direction: 0,
    margin: 0,
    speed: 10,
  };
}

/**
 * The waypoints of a mapping route over `ring` (WGS-84 `[lng, lat]`, not closed) less its `holes`:
 * two per pass, lines alternating direction, each pass's first point taking photos every
 * `photoSpacing` metres to its end. A line that crosses a hole is flown as one pass each side of it.
 * An area that folds back on itself is flown across its folds (lines run from first entry to last exit).
 */
export function mappingPoints(
  ring: [number, number][],
  s: MappingSettings,
  globals: RouteGlobals,
  holes: readonly (readonly LngLat[])[] = [],
): RoutePoint[] {
  const { lineSpacing, photoSpacing } = mappingSpacing(s);
  if (!(photoSpacing > 0)) return [];
  const { passes } = mappingPasses(
    { outer: ring, holes },
    { lineSpacing, direction: s.direction, margin: s.margin },
  );
  return passes.flat().map(([lng, lat], i) => {
    const p = newPoint({ ...globals, globalHeight: s.height, autoFlightSpeed: s.speed }, lng, lat);
    p.gimbalPitch = -90;
    p.turnMode = 'toPointAndStopWithDiscontinuityCurvature';
    // Photos run along each pass (its even-numbered end), not on the hop to the next pass.
    if (i % 2 === 0) p.photoEvery = Math.round(photoSpacing * 10) / 10;
    return p;
  });
}

/**
 * Replaces a route with a mapping route over `ring` less its `holes`: one wayline of lawn-mower
 * lines, and the area, holes and settings kept so the route saves as a mapping2d template and can
 * be generated again. A new area starts without holes; generating an opened one again passes its own.
 */
export function withMapping(
  route: EditorRoute,
  ring: [number, number][],
  s: MappingSettings,
  holes: readonly (readonly [number, number][])[] = [],
): EditorRoute {
  const waylineId = route.waylines[0]?.waylineId ?? 0;
  const { templateExtra, notes, ...rest } = route;
  // A waypoint template's settings do not belong in a mapping template; the points' notes went
  // with the points, the template's stays true.
  const kept = notes?.filter((n) => n.kind === 'template') ?? [];
  return {
    ...rest,
    ...(route.mapping && templateExtra && { templateExtra }),
    ...(kept.length > 0 && { notes: kept }),
    globals: { ...route.globals, globalHeight: s.height, autoFlightSpeed: s.speed },
    waylines: [{ waylineId, points: mappingPoints(ring, s, route.globals, holes) }],
    active: 0,
    mapping: {
      ring: [...ring],
      ...(holes.length > 0 && { holes: holes.map((h) => [...h]) }),
      settings: { ...s },
    },
  };
}
