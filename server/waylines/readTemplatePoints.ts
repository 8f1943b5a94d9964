import type { WaylinePath, WaylinePoint } from '../../protocol/waylines.ts';
import { Fields } from './fields.ts';
import { optionalInteger, readActionGroup, readCoordinates } from './readPaths.ts';
import type { ReadNotes } from './readNotes.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { child, children, text, type XmlNode } from './wpmlXml.ts';

const FILE = 'wpmz/template.kml';

/**
 * The execution file's height mode for a template's: heights above the geoid become heights on the
 * ellipsoid (each point's `wpml:ellipsoidHeight`, as DJI's tools convert them), heights above the
 * ground are flown following the surface.
 */
const EXECUTE_HEIGHT_MODE: Readonly<Record<string, string>> = {
  EGM96: 'WGS84',
  WGS84: 'WGS84',
  aboveGroundLevel: 'realTimeFollowSurface',
  relativeToStartPoint: 'relativeToStartPoint',
};

/** The template Folder's globals a point falls back on where it says to use them, or says nothing. */
interface Globals {
  f: Fields;
  speed: number;
  height: number | undefined;
  ellipsoid: boolean;
  heading: XmlNode | undefined;
  turnMode: string | undefined;
  straight: number | undefined;
}

/** The point's own setting unless its `useGlobal…` flag is 1 or it has none. */
function own<T>(f: Fields, node: XmlNode, flag: string, mine: T | undefined): T | undefined {
  return f.optionalText(node, flag) === '1' ? undefined : mine;
}

function templatePoint(node: XmlNode, ordinal: number, k: number, g: Globals): WaylinePoint {
  const { f } = g;
  const [lng, lat] = readCoordinates(node, ordinal, FILE);
  const height =
    own(
      f,
      node,
      'useGlobalHeight',
      g.ellipsoid ? f.optionalNumber(node, 'ellipsoidHeight') : undefined,
    ) ??
    own(f, node, 'useGlobalHeight', f.optionalNumber(node, 'height')) ??
    g.height;
  if (height === undefined)
    throw new WaylineFileError('wayline.missing', { file: FILE, element: 'wpml:height' });
  const heading =
    own(f, node, 'useGlobalHeadingParam', child(node, 'wpml:waypointHeadingParam')) ?? g.heading;
  const turn = own(f, node, 'useGlobalTurnParam', child(node, 'wpml:waypointTurnParam'));
  const headingAngle = f.optionalNumber(heading, 'waypointHeadingAngle');
  const useStraightLine = f.optionalNumber(node, 'useStraightLine') ?? g.straight;
  const gimbalPitch = f.optionalNumber(node, 'gimbalPitchAngle');
  return {
    index: optionalInteger(f, node, 'index') ?? k,
    lng,
    lat,
    height,
    speed: own(f, node, 'useGlobalSpeed', f.optionalNumber(node, 'waypointSpeed')) ?? g.speed,
    headingMode: f.optionalText(heading, 'waypointHeadingMode') ?? 'followWayline',
    ...(headingAngle !== undefined && { headingAngle }),
    turnMode:
      f.optionalText(turn, 'waypointTurnMode') ??
      g.turnMode ??
      'toPointAndStopWithDiscontinuityCurvature',
    turnDampingDist: f.optionalNumber(turn, 'waypointTurnDampingDist') ?? 0,
    ...(useStraightLine !== undefined && { useStraightLine }),
    ...(gimbalPitch !== undefined && { gimbalPitch }),
    actionGroups: children(node, 'wpml:actionGroup').map((a) => readActionGroup(f, a)),
  };
}

/**
 * The waypoints of a waypoint template, as one wayline, for a file whose waylines.wpml has none
 * (some planning tools write the template alone and leave the execution file to the aircraft's app).
 * Undefined when the template has none either. Noted, since the stored file still has an empty
 * execution file: it is flown once saved again in the route editor.
 */
export function readTemplatePoints(
  document: XmlNode | undefined,
  speed: number,
  notes: ReadNotes,
): WaylinePath | undefined {
  const folder = children(document, 'Folder')[0];
  const placemarks = children(folder, 'Placemark');
  if (folder === undefined || placemarks.length === 0) return undefined;
  const f = new Fields(FILE);
  if ((f.optionalText(folder, 'templateType') ?? 'waypoint') !== 'waypoint') return undefined;
  const heightMode = text(child(folder, 'wpml:waylineCoordinateSysParam'), 'wpml:heightMode');
  const executeHeightMode = EXECUTE_HEIGHT_MODE[heightMode ?? ''] ?? 'relativeToStartPoint';
  const globals: Globals = {
    f,
    speed: f.optionalNumber(folder, 'autoFlightSpeed') ?? speed,
    height: f.optionalNumber(folder, 'globalHeight'),
    ellipsoid: executeHeightMode === 'WGS84',
    heading: child(folder, 'wpml:globalWaypointHeadingParam'),
    turnMode: f.optionalText(folder, 'globalWaypointTurnMode'),
    straight: f.optionalNumber(folder, 'globalUseStraightLine'),
  };
  const points = placemarks.map((p, k) => templatePoint(p, k + 1, k, globals));
  notes.add('template_points', { count: points.length });
  return {
    templateId: optionalInteger(f, folder, 'templateId') ?? 0,
    waylineId: 0,
    autoFlightSpeed: globals.speed,
    executeHeightMode,
    points,
  };
}
