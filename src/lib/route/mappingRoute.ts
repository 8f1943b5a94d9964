/**
 * A lawn-mower (boustrophedon) mapping route over a polygon: parallel lines at the spacing the side
 * overlap leaves between camera footprints, flown alternately, with a photo every time the aircraft
 * has moved the distance the front overlap allows. Geometry is turf's: buffer for the margin,
 * rotation for the direction, line intersection for where each line enters and leaves the area.
 */
import {
  bbox,
  buffer,
  centroid,
  destination,
  lineIntersect,
  lineString,
  polygon,
  transformRotate,
} from '@turf/turf';
import type { Feature, Polygon, MultiPolygon } from 'geojson';
import type { EditorRoute, MappingSettings, RouteGlobals, RoutePoint } from './routeModel.ts';
import { newPoint } from './routeModel.ts';

export type { MappingSettings } from './routeModel.ts';

/** Image height over width of the photo; 3:4 is the ratio of DJI's enterprise mapping cameras. */
const FRAME_ASPECT = 3 / 4;

/** Horizontal fields of view, degrees, of the default payload of each mapping-capable aircraft. */
export const PAYLOAD_FOV_DEG: Readonly<Record<string, number>> = {
  '1-52-0': 84,
  '1-53-0': 84,
  '1-66-0': 73.7,
  '1-67-0': 73.7,
  '1-68-0': 73.7,
  '1-80-0': 73.7,
  '1-81-0': 73.7,
  '1-88-0': 73.7,
  '1-89-0': 73.7,
  '1-98-0': 73.7,
  '1-99-0': 73.7,
  '1-50-0': 63.5,
};

export function defaultMapping(payloadKey: string): MappingSettings {
  return {
    height: 100,
    frontOverlap: 80,
    sideOverlap: 70,
    fovDeg: PAYLOAD_FOV_DEG[payloadKey] ?? 73.7,
    direction: 0,
    margin: 0,
    speed: 10,
  };
}

/** Distance between neighbouring lines and between photos along a line, m. */
export function mappingSpacing(s: MappingSettings): { lineSpacing: number; photoSpacing: number } {
  const halfTan = Math.tan(((s.fovDeg / 2) * Math.PI) / 180);
  const footprintWidth = 2 * s.height * halfTan;
  const footprintLength = footprintWidth * FRAME_ASPECT;
  return {
    lineSpacing: footprintWidth * (1 - s.sideOverlap / 100),
    photoSpacing: footprintLength * (1 - s.frontOverlap / 100),
  };
}

/** Most lines a generation may produce; a tiny spacing over a huge area would freeze the page. */
export const MAX_MAPPING_LINES = 2000;

type Area = Feature<Polygon | MultiPolygon>;

function grownArea(ring: [number, number][], margin: number): Area | undefined {
  const closed = [...ring, ring[0] ?? [0, 0]];
  const area = polygon([closed]);
  if (margin === 0) return area;
  return buffer(area, margin, { units: 'meters' }) ?? undefined;
}

/** The ends of the lines over the area, before rotating back: north–south lines west to east. */
function sweep(area: Area, spacing: number): [number, number][][] {
  const [west, south, east, north] = bbox(area);
  const lines: [number, number][][] = [];
  const midLat = (south + north) / 2;
  for (let k = 0; k < MAX_MAPPING_LINES; k++) {
    const at = destination([west, midLat], spacing * (k + 0.5), 90, { units: 'meters' });
    const lng = at.geometry.coordinates[0] ?? east;
    if (lng > east) break;
    const span = lineString([
      [lng, south - 0.001],
      [lng, north + 0.001],
    ]);
    const lats = lineIntersect(span, area).features.map((f) => f.geometry.coordinates[1] ?? 0);
    if (lats.length < 2) continue;
    lines.push([
      [lng, Math.min(...lats)],
      [lng, Math.max(...lats)],
    ]);
  }
  return lines;
}

/**
 * The waypoints of a mapping route over `ring` (WGS-84 `[lng, lat]`, not closed): two per line,
 * alternating direction, each line's first point taking photos every `photoSpacing` metres to its end.
 * An area that folds back on itself is flown across its folds (lines run from first entry to last exit).
 */
export function mappingPoints(
  ring: [number, number][],
  s: MappingSettings,
  globals: RouteGlobals,
): RoutePoint[] {
  if (ring.length < 3) return [];
  const { lineSpacing, photoSpacing } = mappingSpacing(s);
  if (!(lineSpacing > 0) || !(photoSpacing > 0)) return [];
  const area = grownArea(ring, s.margin);
  if (!area) return [];
  const pivot = centroid(area).geometry.coordinates as [number, number];
  // Rotating the area by −direction makes the wanted lines run north–south; the lines are then
  // rotated back by +direction about the same pivot.
  const turned = transformRotate(area, -s.direction, { pivot });
  const lines = sweep(turned, lineSpacing);
  const ends = lines.flatMap((line, i) => (i % 2 === 0 ? line : [...line].reverse()));
  if (ends.length === 0) return [];
  const back = transformRotate(
    lineString(ends.length > 1 ? ends : [ends[0] ?? pivot, ends[0] ?? pivot]),
    s.direction,
    {
      pivot,
    },
  ).geometry.coordinates;
  return ends.map((_, i) => {
    const [lng = 0, lat = 0] = back[i] ?? [];
    const p = newPoint({ ...globals, globalHeight: s.height, autoFlightSpeed: s.speed }, lng, lat);
    p.gimbalPitch = -90;
    p.turnMode = 'toPointAndStopWithDiscontinuityCurvature';
    // Photos run along each line (its even-numbered end), not on the short hop to the next line.
    if (i % 2 === 0) p.photoEvery = Math.round(photoSpacing * 10) / 10;
    return p;
  });
}

/**
 * Replaces a route with a mapping route over `ring`: one wayline of lawn-mower lines, and the area
 * and settings kept so the route saves as a mapping2d template and can be generated again.
 */
export function withMapping(
  route: EditorRoute,
  ring: [number, number][],
  s: MappingSettings,
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
    waylines: [{ waylineId, points: mappingPoints(ring, s, route.globals) }],
    active: 0,
    mapping: { ring: [...ring], settings: { ...s } },
  };
}
