import { strToU8, zipSync } from 'fflate';
import type { WaylineRoute, WaylineTemplate } from '../../protocol/waylines.ts';
import { TEMPLATE_PATH, WAYLINES_PATH } from './kmzArchive.ts';
import { measure } from './waylineFacts.ts';
import { missionNode } from './writeMission.ts';
import { executionPlacemark, templatePlacemark } from './writePoints.ts';
import { branch, kmlDocument, leaf, nest, type XNode } from './xmlWriter.ts';

const COORDINATE_SYS = 'wpml:waylineCoordinateSysParam/';

/** The template's settings as `path → text`, with the height mode where DJI's tools put it. */
function templatePairs(t: WaylineTemplate): [string, string][] {
  const sys = t.extra.filter(([path]) => path.startsWith(COORDINATE_SYS));
  const rest = t.extra.filter(([path]) => !path.startsWith(COORDINATE_SYS));
  const hasMode = sys.some(([path]) => path === `${COORDINATE_SYS}wpml:coordinateMode`);
  return [
    ['wpml:templateType', t.type],
    ['wpml:templateId', String(t.templateId)],
    ...(hasMode
      ? sys.slice(0, 1)
      : [[`${COORDINATE_SYS}wpml:coordinateMode`, 'WGS84'] as [string, string]]),
    [`${COORDINATE_SYS}wpml:heightMode`, t.heightMode],
    ...(hasMode ? sys.slice(1) : sys),
    ['wpml:autoFlightSpeed', String(t.autoFlightSpeed)],
    ...rest,
  ];
}

/**
 * Globals a waypoint template declares in DJI's own files; a route drawn here has none of its own,
 * so these (each point overrides them anyway) keep the template complete for Pilot 2.
 */
function waypointDefaults(t: WaylineTemplate, height: number): [string, string][] {
  const defaults: [string, string][] = [
    ['wpml:globalWaypointTurnMode', 'toPointAndStopWithDiscontinuityCurvature'],
    ['wpml:globalUseStraightLine', '1'],
    ['wpml:gimbalPitchMode', 'usePointSetting'],
    ['wpml:globalHeight', String(height)],
    ['wpml:globalWaypointHeadingParam/wpml:waypointHeadingMode', 'followWayline'],
  ];
  const group = (path: string) => path.split('/')[0] ?? path;
  return defaults.filter(([path]) => !t.extra.some(([kept]) => group(kept) === group(path)));
}

/**
 * The template Folders of template.kml. A waypoint template holds its waypoints; a route whose
 * waylines name different templates (the editor gives each wayline its own) gets one Folder per
 * template, with the waypoints of its first wayline, so no wayline is merged into another.
 */
function templateFolders(route: WaylineRoute): XNode[] {
  const t = route.template;
  if (t.type !== 'waypoint') return [mappingFolder(route)];
  const firstOfTemplate = new Map<number, WaylineRoute['paths'][number]>();
  for (const path of route.paths)
    if (!firstOfTemplate.has(path.templateId)) firstOfTemplate.set(path.templateId, path);
  const paths = firstOfTemplate.size > 1 ? [...firstOfTemplate.values()] : route.paths.slice(0, 1);
  return paths.map((path) => {
    const own = firstOfTemplate.size > 1 ? { ...t, templateId: path.templateId } : t;
    const points = path.points;
    const all = nest([...templatePairs(own), ...waypointDefaults(t, points[0]?.height ?? 0)]);
    return branch('Folder', [...all, ...points.map(templatePlacemark)]);
  });
}

function mappingFolder(route: WaylineRoute): XNode {
  const t = route.template;
  const settings = nest(templatePairs(t));
  // A mapping template's area: its settings were kept under `Placemark/`, the polygon beside them,
  // its holes as KML writes them (one `innerBoundaryIs` each, after the outer ring).
  const area = settings.find((n) => n.name === 'Placemark') ?? branch('Placemark', []);
  const ring = (corners: readonly [number, number][]) =>
    branch('LinearRing', [
      leaf('coordinates', corners.map(([lng, lat]) => `${lng},${lat},0`).join('\n')),
    ]);
  area.children = [
    ...(area.children ?? []),
    branch('Polygon', [
      branch('outerBoundaryIs', [ring(t.polygon ?? [])]),
      ...(t.holes ?? []).map((hole) => branch('innerBoundaryIs', [ring(hole)])),
    ]),
  ];
  return branch('Folder', [...settings.filter((n) => n !== area), area]);
}

/** template.kml of a route. */
export function templateKml(route: WaylineRoute): string {
  return kmlDocument(
    route.wpmzVersion,
    branch('Document', [
      leaf('wpml:author', route.author),
      leaf('wpml:createTime', route.createTime),
      leaf('wpml:updateTime', route.updateTime),
      missionNode(route.mission),
      ...templateFolders(route),
    ]),
  );
}

/** waylines.wpml of a route: the execution file. */
export function waylinesWpml(route: WaylineRoute): string {
  const folders = route.paths.map((p) =>
    branch('Folder', [
      leaf('wpml:templateId', p.templateId),
      leaf('wpml:executeHeightMode', p.executeHeightMode),
      leaf('wpml:waylineId', p.waylineId),
      leaf('wpml:distance', Math.round(measure(p).length * 10) / 10),
      leaf('wpml:duration', Math.round(measure(p).seconds * 10) / 10),
      leaf('wpml:autoFlightSpeed', p.autoFlightSpeed),
      ...p.points.map(executionPlacemark),
    ]),
  );
  return kmlDocument(
    route.wpmzVersion,
    branch('Document', [missionNode(route.mission), ...folders]),
  );
}

/** A KMZ for a route (protocol §6.1): `wpmz/template.kml` and `wpmz/waylines.wpml`. */
export function writeKmz(route: WaylineRoute): Uint8Array {
  return zipSync(
    {
      [TEMPLATE_PATH]: strToU8(templateKml(route)),
      [WAYLINES_PATH]: strToU8(waylinesWpml(route)),
    },
    { level: 6, mtime: route.updateTime ?? Date.now() },
  );
}
