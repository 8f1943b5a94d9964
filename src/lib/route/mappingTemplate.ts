/**
 * A mapping route's settings as the elements of a mapping2d template (protocol §6.3), the way DJI's
 * planners write them: the flight height in the coordinate system and on the area's Placemark, the
 * overlaps, line direction and margin on the Placemark, photos by distance. Reading them back lets a
 * reopened mapping route show its area and settings and be generated again.
 */
import type { WaylineTemplate } from '../../../protocol/waylines.ts';
import { defaultMapping } from './mappingRoute.ts';
import type { MappingArea } from './routeModel.ts';

const SHOOT_HEIGHT = 'wpml:waylineCoordinateSysParam/wpml:globalShootHeight';
const OVERLAP_H = 'Placemark/wpml:overlap/wpml:orthoCameraOverlapH';
const OVERLAP_W = 'Placemark/wpml:overlap/wpml:orthoCameraOverlapW';
const DIRECTION = 'Placemark/wpml:direction';
const MARGIN = 'Placemark/wpml:margin';
const HEIGHT = 'Placemark/wpml:height';
const ELLIPSOID_HEIGHT = 'Placemark/wpml:ellipsoidHeight';
const SHOOT_TYPE = 'Placemark/wpml:shootType';

/** Rounds to what a planner shows: a tenth for metres, whole numbers for angles and percents. */
const tenth = (n: number) => String(Math.round(n * 10) / 10);
const whole = (n: number) => String(Math.round(n));

/**
 * The template elements of `s`, merged into what an opened file kept: each setting replaces its
 * element where the file had it, new ones follow, and everything else of the file stays as it was.
 */
export function mappingExtra(
  area: MappingArea,
  kept: readonly [string, string][] = [],
): [string, string][] {
  const s = area.settings;
  const own: [string, string][] = [
    [SHOOT_HEIGHT, tenth(s.height)],
    [SHOOT_TYPE, area.shootType ?? 'distance'],
    [DIRECTION, whole(s.direction)],
    [MARGIN, tenth(s.margin)],
    [OVERLAP_H, whole(s.frontOverlap)],
    [OVERLAP_W, whole(s.sideOverlap)],
    [ELLIPSOID_HEIGHT, tenth(s.height)],
    [HEIGHT, tenth(s.height)],
  ];
  const byPath = new Map(own);
  const merged = kept.map(([path, value]): [string, string] => [path, byPath.get(path) ?? value]);
  const present = new Set(kept.map(([path]) => path));
  return [...merged, ...own.filter(([path]) => !present.has(path))];
}

const numberAt = (extra: readonly [string, string][], path: string, fallback: number): number => {
  const raw = extra.find(([p]) => p === path)?.[1];
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n) ? n : fallback;
};

/** A ring's corners, without a last one that repeats the first (as KML writes them, closed). */
function openRing(ring: readonly [number, number][]): [number, number][] {
  const corners = ring.map(([lng, lat]): [number, number] => [lng, lat]);
  const first = corners[0];
  const last = corners.at(-1);
  if (corners.length > 1 && first && last && first[0] === last[0] && first[1] === last[1])
    corners.pop();
  return corners;
}

/**
 * The area, holes and settings of a mapping2d template, or undefined for any other template. The camera's
 * field of view is not a WPML element: it comes from the payload, as DJI's planners take it.
 */
export function readMappingArea(
  template: WaylineTemplate,
  payloadKey: string,
): MappingArea | undefined {
  if (template.type !== 'mapping2d' || !template.polygon || template.polygon.length < 3)
    return undefined;
  const d = defaultMapping(payloadKey);
  const x = template.extra;
  const height = numberAt(x, HEIGHT, numberAt(x, SHOOT_HEIGHT, d.height));
  const shootType = x.find(([p]) => p === SHOOT_TYPE)?.[1];
  // A ring of fewer than three corners encloses nothing to leave out.
  const holes = (template.holes ?? []).map(openRing).filter((h) => h.length >= 3);
  return {
    ...(shootType !== undefined && { shootType }),
    ring: template.polygon.map(([lng, lat]): [number, number] => [lng, lat]),
    ...(holes.length > 0 && { holes }),
    settings: {
      height,
      frontOverlap: numberAt(x, OVERLAP_H, d.frontOverlap),
      sideOverlap: numberAt(x, OVERLAP_W, d.sideOverlap),
      fovDeg: d.fovDeg,
      direction: numberAt(x, DIRECTION, d.direction),
      margin: numberAt(x, MARGIN, d.margin),
      speed: template.autoFlightSpeed || d.speed,
    },
  };
}
