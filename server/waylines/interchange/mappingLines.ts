/**
 * The flight lines of a mapping area, for an area imported from another tool: a mapping2d route
 * needs its generated waylines in the execution file, or a dock has nothing to fly. North–south
 * lines at the spacing the side overlap leaves between camera footprints, flown alternately, a
 * photo every time the aircraft has moved the distance the front overlap allows: the settings and
 * geometry the route editor uses for a new area, so opening the route there shows the same lines.
 * Worked in metres on a plane tangent at the area's middle, which for an area a drone maps (a few
 * kilometres) is within centimetres of the ellipsoid.
 */
import { InterchangeError } from './InterchangeError.ts';

/** Overlaps of a new mapping area in the route editor, %. */
export const MAPPING_OVERLAP = { front: 80, side: 70 } as const;

/** Image height over width: 3:4, the ratio of DJI's enterprise mapping cameras. */
const FRAME_ASPECT = 3 / 4;

/** Horizontal field of view of each aircraft's default camera, degrees (the editor's table). */
const FOV_DEG: Readonly<Record<string, number>> = { '1-52-0': 84, '1-53-0': 84 };
const DEFAULT_FOV_DEG = 73.7;

/** Most lines one area may make: the editor's limit, some 90 km across at 100 m. */
export const MAX_MAPPING_LINES = 2000;

/** Metres per degree of latitude on the mean sphere. */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/** An area's smallest surface that can be flown, m². */
const MIN_AREA_M2 = 1;

/** Line and photo spacing, m, for a camera at `heightM` above the ground. */
export function mappingSpacing(
  heightM: number,
  payloadKey: string,
): { line: number; photo: number } {
  const fov = FOV_DEG[payloadKey] ?? DEFAULT_FOV_DEG;
  const width = 2 * heightM * Math.tan(((fov / 2) * Math.PI) / 180);
  return {
    line: width * (1 - MAPPING_OVERLAP.side / 100),
    photo: width * FRAME_ASPECT * (1 - MAPPING_OVERLAP.front / 100),
  };
}

interface Plane {
  toXY: (p: readonly [number, number]) => [number, number];
  toLngLat: (x: number, y: number) => [number, number];
}

/** The tangent plane at the middle of `ring`'s bounds. */
function planeAt(ring: readonly [number, number][]): Plane {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const lng0 = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  return {
    toXY: ([lng, lat]) => [(lng - lng0) * kx, (lat - lat0) * M_PER_DEG],
    toLngLat: (x, y) => [lng0 + x / kx, lat0 + y / M_PER_DEG],
  };
}

/** Shoelace area of a ring in the plane, m². */
function surface(xy: readonly [number, number][]): number {
  let twice = 0;
  xy.forEach(([x1, y1], i) => {
    const [x2, y2] = xy[(i + 1) % xy.length] ?? [x1, y1];
    twice += x1 * y2 - x2 * y1;
  });
  return Math.abs(twice) / 2;
}

/** Where the vertical line at `x` crosses the ring's edges: its lowest and highest `y`. */
function crossing(xy: readonly [number, number][], x: number): [number, number] | undefined {
  let low = Infinity;
  let high = -Infinity;
  xy.forEach(([x1, y1], i) => {
    const [x2, y2] = xy[(i + 1) % xy.length] ?? [x1, y1];
    // Half-open, so a line through a corner counts that corner once.
    if (x1 <= x === x2 <= x) return;
    const y = y1 + ((x - x1) * (y2 - y1)) / (x2 - x1);
    low = Math.min(low, y);
    high = Math.max(high, y);
  });
  return low <= high ? [low, high] : undefined;
}

/**
 * The waypoints over `ring` (WGS 84 `[lng, lat]`, not closed), two per line, alternately south to
 * north and back; a line runs from where it first enters the area to where it last leaves. An area
 * narrower than one spacing gets one line through its middle. `shape` names the area in refusals.
 */
export function mappingLines(
  ring: readonly [number, number][],
  lineSpacing: number,
  shape: number,
): [number, number][] {
  const plane = planeAt(ring);
  const xy = ring.map(plane.toXY);
  if (surface(xy) < MIN_AREA_M2)
    throw new InterchangeError('wayline_import.too_few_corners', { shape });
  const xs = xy.map(([x]) => x);
  const west = Math.min(...xs);
  const east = Math.max(...xs);
  const count = Math.floor((east - west) / lineSpacing);
  if (count > MAX_MAPPING_LINES)
    throw new InterchangeError('wayline_import.area_too_large', { shape, max: MAX_MAPPING_LINES });
  const at =
    count === 0
      ? [(west + east) / 2]
      : Array.from({ length: count }, (_, k) => west + lineSpacing * (k + 0.5));
  const ends: [number, number][] = [];
  for (const x of at) {
    const span = crossing(xy, x);
    if (!span) continue;
    const [south, north] = ends.length % 4 === 0 ? span : [span[1], span[0]];
    ends.push(plane.toLngLat(x, south), plane.toLngLat(x, north));
  }
  return ends;
}
