/**
 * Routes from the shapes of an imported file. Each area becomes its own mapping2d route: a mapping
 * template holds one polygon, and one route over several fields would fly the gaps between them
 * (Google Earth users keep many fields in one file). The lines become one waypoint route, each line
 * a wayline of it, in the file's order: a path drawn in pieces is still one flight plan.
 */
import type { AltitudeReading, InterchangeNote } from '../../../protocol/waylineInterchange.ts';
import { ROUTE_AIRCRAFT } from '../../../protocol/mqtt/models.ts';
import type {
  WaylineActionGroup,
  WaylineMission,
  WaylinePath,
  WaylinePoint,
  WaylineRoute,
} from '../../../protocol/waylines.ts';
import { MAPPING_OVERLAP, mappingLines, mappingSpacing } from './mappingLines.ts';
import type { AreaShape, LineShape, Shape } from './shapes.ts';

/** What the user chose for an import. */
export interface ImportChoices {
  /** The file's name without its extension: the routes are named from it. */
  baseName: string;
  /** `0-type-sub_type`, a key of `ROUTE_AIRCRAFT`. */
  droneKey: string;
  /** Flight height where the file gives none, and of mapping routes, m above the take-off point. */
  height: number;
  altitude: AltitudeReading;
  author: string;
  /** ms since 1970, stamped on the files. */
  now: number;
}

/** One route an import makes, before it is written. */
export interface PlannedRoute {
  name: string;
  route: WaylineRoute;
  heights: 'file' | 'default';
  notes: InterchangeNote[];
}

/** The WPML version written (what FlightHub 2 exports today, as the editor writes). */
const WPMZ_VERSION = '1.0.6';
/** Speed of imported routes, m/s: the editor's default. */
const SPEED = 10;
/** Longest route name (`waylineName`). */
const NAME_MAX = 100;
/** The parameters of a photo with the route's lens, as the editor writes them. */
const PHOTO_PARAMS = { payloadPositionIndex: '0', useGlobalPayloadLensIndex: '1' };

const TEMPLATE_HEIGHT_MODE: Readonly<Record<string, string>> = {
  relativeToStartPoint: 'relativeToStartPoint',
  WGS84: 'WGS84',
  realTimeFollowSurface: 'aboveGroundLevel',
};

/** A name without path separators or control characters, which would break a download's name. */
function clean(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[/\\\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** `base` for one route; `base - part` (or its number) for each of several, within the limit. */
function routeName(base: string, part: string, ordinal: number, several: boolean): string {
  if (!several) return base.slice(0, NAME_MAX);
  const suffix = ` - ${clean(part) || String(ordinal)}`.slice(0, 40);
  return `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
}

function mission(droneKey: string): WaylineMission {
  const [, drone = 0, sub = 0] = droneKey.split('-').map(Number);
  const payload = Number((ROUTE_AIRCRAFT[droneKey] ?? '').split('-')[1]);
  return {
    flyToWaylineMode: 'safely',
    finishAction: 'goHome',
    exitOnRCLost: 'executeLostAction',
    executeRCLostAction: 'goBack',
    takeOffSecurityHeight: 20,
    globalTransitionalSpeed: SPEED,
    droneEnumValue: drone,
    droneSubEnumValue: sub,
    ...(Number.isInteger(payload) && { payloadEnumValue: payload, payloadPositionIndex: 0 }),
  };
}

function point(index: number, lng: number, lat: number, height: number): WaylinePoint {
  return {
    index,
    lng,
    lat,
    height,
    speed: SPEED,
    headingMode: 'followWayline',
    turnMode: 'toPointAndStopWithDiscontinuityCurvature',
    turnDampingDist: 0,
    useStraightLine: 1,
    actionGroups: [],
  };
}

/** Photos every `spacing` m from point `index` to the next, the editor's "photo every n m". */
function photosAlong(id: number, index: number, spacing: number): WaylineActionGroup {
  return {
    id,
    startIndex: index,
    endIndex: index + 1,
    mode: 'sequence',
    trigger: { type: 'multipleDistance', param: String(Math.round(spacing * 10) / 10) },
    actions: [{ id: 0, func: 'takePhoto', params: { ...PHOTO_PARAMS } }],
  };
}

/**
 * The mapping template's settings as DJI's planners write them (and the editor reads them back):
 * the height on the coordinate system and the area, overlaps, line direction and margin.
 */
function mappingExtra(height: number): [string, string][] {
  const h = String(height);
  return [
    ['wpml:waylineCoordinateSysParam/wpml:globalShootHeight', h],
    ['Placemark/wpml:shootType', 'distance'],
    ['Placemark/wpml:direction', '0'],
    ['Placemark/wpml:margin', '0'],
    ['Placemark/wpml:overlap/wpml:orthoCameraOverlapH', String(MAPPING_OVERLAP.front)],
    ['Placemark/wpml:overlap/wpml:orthoCameraOverlapW', String(MAPPING_OVERLAP.side)],
    ['Placemark/wpml:ellipsoidHeight', h],
    ['Placemark/wpml:height', h],
  ];
}

function areaRoute(area: AreaShape, c: ImportChoices, name: string): PlannedRoute {
  const spacing = mappingSpacing(c.height, ROUTE_AIRCRAFT[c.droneKey] ?? '');
  // A hole of fewer than three corners encloses nothing to leave out.
  const holes = area.holes.filter((h) => h.length >= 3);
  const ends = mappingLines(area.ring, spacing.line, area.ordinal, holes);
  let groupId = 0;
  const points = ends.map(([lng, lat], i) => ({
    ...point(i, lng, lat, c.height),
    gimbalPitch: -90,
    // Photos along each pass (from its first end), not on the hop to the next pass.
    actionGroups:
      i % 2 === 0 && i + 1 < ends.length ? [photosAlong(groupId++, i, spacing.photo)] : [],
  }));
  return {
    name,
    heights: 'default',
    notes: holes.length > 0 ? [{ code: 'holes', count: holes.length }] : [],
    route: {
      wpmzVersion: WPMZ_VERSION,
      author: c.author,
      createTime: c.now,
      updateTime: c.now,
      mission: mission(c.droneKey),
      template: {
        type: 'mapping2d',
        templateId: 0,
        autoFlightSpeed: SPEED,
        heightMode: 'relativeToStartPoint',
        extra: mappingExtra(c.height),
        polygon: area.ring.map(([lng, lat]): [number, number] => [lng, lat]),
        // Kept with the area, so the route editor flies around them when it generates again.
        ...(holes.length > 0 && {
          holes: holes.map((h) => h.map(([lng, lat]): [number, number] => [lng, lat])),
        }),
      },
      paths: [
        {
          templateId: 0,
          waylineId: 0,
          autoFlightSpeed: SPEED,
          executeHeightMode: 'relativeToStartPoint',
          points,
        },
      ],
    },
  };
}

/**
 * The height mode of the lines' route: the file's when every line gives heights in the same mode
 * (or the user reads them all as above the take-off point), else the chosen height for every point.
 * Mixing the chosen height with a file's heights above the ellipsoid would fly some points far off.
 */
function lineHeights(lines: readonly LineShape[], altitude: AltitudeReading) {
  const given = lines.map((l) => l.heights);
  const first = given[0];
  if (first?.kind !== 'given' || !given.every((h) => h.kind === 'given' && h.mode === first.mode))
    return { fromFile: false, mode: 'relativeToStartPoint', notes: [] };
  if (altitude === 'relative') return { fromFile: true, mode: 'relativeToStartPoint', notes: [] };
  const noted = new Set(given.flatMap((h) => (h.kind === 'given' && h.note ? [h.note] : [])));
  return {
    fromFile: true,
    mode: first.mode,
    notes: [...noted].map((code): InterchangeNote => ({ code })),
  };
}

function linesRoute(lines: readonly LineShape[], c: ImportChoices, name: string): PlannedRoute {
  const heights = lineHeights(lines, c.altitude);
  const paths: WaylinePath[] = lines.map((line, i) => ({
    // One template for all: the route is one flight plan drawn in pieces.
    templateId: 0,
    waylineId: i,
    autoFlightSpeed: SPEED,
    executeHeightMode: heights.mode,
    points: line.vertices.map(([lng, lat, h], k) =>
      point(k, lng, lat, heights.fromFile ? (h ?? c.height) : c.height),
    ),
  }));
  return {
    name,
    heights: heights.fromFile ? 'file' : 'default',
    notes: heights.notes,
    route: {
      wpmzVersion: WPMZ_VERSION,
      author: c.author,
      createTime: c.now,
      updateTime: c.now,
      mission: mission(c.droneKey),
      template: {
        type: 'waypoint',
        templateId: 0,
        autoFlightSpeed: SPEED,
        heightMode: TEMPLATE_HEIGHT_MODE[heights.mode] ?? 'relativeToStartPoint',
        extra: [['wpml:globalHeight', String(c.height)]],
      },
      paths,
    },
  };
}

/** The routes `shapes` make with `choices`: one per area, then one for all lines. */
export function buildRoutes(
  shapes: readonly Shape[],
  pointsIgnored: number,
  c: ImportChoices,
): PlannedRoute[] {
  const areas = shapes.filter((s) => s.kind === 'area');
  const lines = shapes.filter((s) => s.kind === 'line');
  const several = areas.length + (lines.length > 0 ? 1 : 0) > 1;
  const base = clean(c.baseName) || 'route';
  const planned = areas.map((a, i) => areaRoute(a, c, routeName(base, a.name, i + 1, several)));
  if (lines.length > 0) {
    const part = lines.length === 1 ? (lines[0]?.name ?? '') : '';
    planned.push(linesRoute(lines, c, routeName(base, part, planned.length + 1, several)));
  }
  const first = planned[0];
  if (first && pointsIgnored > 0)
    first.notes.push({ code: 'points_ignored', count: pointsIgnored });
  return planned;
}
