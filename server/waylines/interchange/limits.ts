import { MAX_WAYPOINTS } from '../readPaths.ts';
import { WaylineFileError } from '../WaylineFileError.ts';
import { InterchangeError } from './InterchangeError.ts';
import type { Shape, Vertex } from './shapes.ts';

/** What one imported file may hold. */
export const INTERCHANGE_LIMITS = {
  /** Vertices of all its lines and areas together: a route's waypoint limit bounds them all. */
  vertices: MAX_WAYPOINTS,
  /** Corners of one area: the most a mapping template keeps (`waylineRouteSchema`'s polygon). */
  corners: 1000,
  /** Areas, each its own route: a file of more is a parcel map, not a flight plan. */
  areas: 50,
  /** Lines, each a wayline of one route: the most waylines one KMZ may hold. */
  lines: 64,
} as const;

/**
 * Counts a file's vertices as they are read and refuses past the limit at once, so a file of a
 * million vertices costs no more than reading the first 65 536 of them.
 */
export class VertexBudget {
  private used = 0;

  /** Takes `count` more vertices. */
  take(count: number): void {
    this.used += count;
    if (this.used > INTERCHANGE_LIMITS.vertices)
      throw new WaylineFileError('wayline.too_many_points', {
        max: INTERCHANGE_LIMITS.vertices,
        count: this.used,
      });
  }
}

/** Longest value a refusal repeats. */
const VALUE_CHARS = 60;

/**
 * A position from its numbers: longitude and latitude within WGS 84's range, a finite height when
 * given and within the ±1 500 m a route may fly. `shape` and `vertex` (from 1) name it in a refusal.
 */
export function checkedVertex(
  numbers: readonly number[],
  shape: number,
  vertex: number,
  raw: string,
): Vertex {
  const [lng = NaN, lat = NaN, height] = numbers;
  if (numbers.length < 2 || !(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90))
    throw new InterchangeError('wayline_import.coordinates', {
      shape,
      vertex,
      value: raw.slice(0, VALUE_CHARS),
    });
  if (height === undefined) return [lng, lat];
  if (!(Math.abs(height) <= 1500))
    throw new InterchangeError('wayline_import.height', {
      shape,
      vertex,
      value: raw.slice(0, VALUE_CHARS),
    });
  return [lng, lat, height];
}

/** The corners of a ring, not closed: a last vertex repeating the first is dropped. */
export function openRing(vertices: readonly Vertex[]): [number, number][] {
  const ring = vertices.map(([lng, lat]): [number, number] => [lng, lat]);
  const first = ring[0];
  const last = ring.at(-1);
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring;
}

/** Refuses an area of fewer than three or more than the limit of corners. */
export function checkCorners(ring: readonly [number, number][], shape: number): void {
  if (ring.length < 3) throw new InterchangeError('wayline_import.too_few_corners', { shape });
  if (ring.length > INTERCHANGE_LIMITS.corners)
    throw new InterchangeError('wayline_import.too_many_corners', {
      shape,
      max: INTERCHANGE_LIMITS.corners,
      count: ring.length,
    });
}

/** Refuses a file of more areas or lines than one import makes routes of. */
export function checkCounts(shapes: readonly Shape[]): void {
  const areas = shapes.filter((s) => s.kind === 'area').length;
  const lines = shapes.length - areas;
  if (areas > INTERCHANGE_LIMITS.areas)
    throw new InterchangeError('wayline_import.too_many_areas', {
      max: INTERCHANGE_LIMITS.areas,
      count: areas,
    });
  if (lines > INTERCHANGE_LIMITS.lines)
    throw new InterchangeError('wayline_import.too_many_lines', {
      max: INTERCHANGE_LIMITS.lines,
      count: lines,
    });
}
