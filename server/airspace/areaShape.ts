/**
 * Whether an area's shape is one a dock can use: positions on the globe, a closed ring of at most
 * {@link AIRSPACE_MAX_VERTICES} vertices that does not cross itself, a radius DJI accepts. Pure;
 * the routes turn a problem into a 400 naming the field.
 */
import {
  AIRSPACE_MAX_RADIUS_M,
  AIRSPACE_MAX_VERTICES,
  AIRSPACE_MIN_RADIUS_M,
} from '../../protocol/airspace.ts';
import type { AirspaceShape, LngLat } from '../../protocol/airspace.ts';
import { firstCrossing } from './ringCrossing.ts';

/** What is wrong with a shape: a message key of `server/http/messages.ts` and the field it names. */
export interface ShapeProblem {
  key:
    | 'airspace.out_of_range'
    | 'airspace.too_many_vertices'
    | 'airspace.too_few_vertices'
    | 'airspace.unclosed_ring'
    | 'airspace.self_intersecting'
    | 'airspace.radius';
  field: string;
  params: Record<string, string | number>;
}

const onGlobe = ([lng, lat]: readonly number[]): boolean =>
  typeof lng === 'number' &&
  typeof lat === 'number' &&
  Number.isFinite(lng) &&
  Number.isFinite(lat) &&
  Math.abs(lng) <= 180 &&
  Math.abs(lat) <= 90;

const same = (a: LngLat | undefined, b: LngLat | undefined): boolean =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/**
 * The ring without positions repeated one after the other (a double click while drawing, a file
 * that repeats a vertex): they add nothing and would only count against the vertex limit.
 */
export function withoutRepeats(ring: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const p of ring) if (!same(out.at(-1), p)) out.push([p[0], p[1]]);
  return out;
}

function ringProblem(ring: readonly LngLat[], field: string): ShapeProblem | null {
  // A closed ring repeats its first vertex at its end: that position is not one more vertex.
  const vertices = ring.length - (ring.length > 1 && same(ring[0], ring.at(-1)) ? 1 : 0);
  if (vertices > AIRSPACE_MAX_VERTICES)
    return {
      key: 'airspace.too_many_vertices',
      field,
      params: { max: AIRSPACE_MAX_VERTICES, count: vertices },
    };
  const bad = ring.findIndex((p) => !onGlobe(p));
  if (bad >= 0)
    return { key: 'airspace.out_of_range', field: `${field}.${String(bad)}`, params: {} };
  if (!same(ring[0], ring.at(-1))) return { key: 'airspace.unclosed_ring', field, params: {} };
  const ringOnly = withoutRepeats(ring);
  // A closed ring of a triangle has four positions: the first one again at the end.
  if (new Set(ringOnly.slice(0, -1).map((p) => `${String(p[0])},${String(p[1])}`)).size < 3)
    return { key: 'airspace.too_few_vertices', field, params: { min: 3 } };
  const crossing = firstCrossing(ringOnly);
  if (crossing)
    return {
      key: 'airspace.self_intersecting',
      field,
      params: { lng: crossing[0].toFixed(6), lat: crossing[1].toFixed(6) },
    };
  return null;
}

/** The first problem of `shape`, or null when a dock can use it; `field` prefixes the field names. */
export function shapeProblem(shape: AirspaceShape, field = 'shape'): ShapeProblem | null {
  if (shape.type === 'polygon') return ringProblem(shape.coordinates, `${field}.coordinates`);
  if (!onGlobe(shape.center))
    return { key: 'airspace.out_of_range', field: `${field}.center`, params: {} };
  if (
    !Number.isFinite(shape.radius) ||
    shape.radius < AIRSPACE_MIN_RADIUS_M ||
    shape.radius > AIRSPACE_MAX_RADIUS_M
  )
    return {
      key: 'airspace.radius',
      field: `${field}.radius`,
      params: { min: AIRSPACE_MIN_RADIUS_M, max: AIRSPACE_MAX_RADIUS_M },
    };
  return null;
}

/** The shape as stored: a ring without repeated positions; a circle as given. */
export function normalisedShape(shape: AirspaceShape): AirspaceShape {
  return shape.type === 'polygon'
    ? { type: 'polygon', coordinates: withoutRepeats(shape.coordinates) }
    : { type: 'circle', center: [shape.center[0], shape.center[1]], radius: shape.radius };
}
