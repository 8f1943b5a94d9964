import type {
  WaylineAction,
  WaylineActionGroup,
  WaylinePath,
  WaylinePoint,
} from '../../protocol/waylines.ts';
import { Fields } from './fields.ts';
import type { ReadNotes } from './readNotes.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { child, children, text, type XmlNode } from './wpmlXml.ts';

/** Most waypoints a KMZ may hold: `wpml:index` is a 16-bit number on the aircraft. */
export const MAX_WAYPOINTS = 65_535;

const FILE = 'wpmz/waylines.wpml';

/** `lon,lat[,height]` of a `Point`; refuses anything outside WGS84's range. */
export function readCoordinates(
  placemark: XmlNode,
  ordinal: number,
  file: string = FILE,
): [number, number] {
  const raw = text(child(placemark, 'Point'), 'coordinates');
  if (raw === undefined)
    throw new WaylineFileError('wayline.missing', { file, element: 'Point/coordinates' });
  const [lng = NaN, lat = NaN] = raw.split(',').map((part) => Number(part.trim()));
  if (!(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90))
    throw new WaylineFileError('wayline.coordinates', { index: ordinal, value: raw.slice(0, 60) });
  return [lng, lat];
}

/** Simple children of an element as `name → text`, the WPML prefix dropped. */
export function simpleChildren(node: XmlNode | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (node === undefined || typeof node === 'string') return out;
  for (const [name, value] of Object.entries(node))
    if (typeof value === 'string') out[name.replace(/^wpml:/, '')] = value;
  return out;
}

function readAction(f: Fields, node: XmlNode): WaylineAction {
  return {
    id: f.integer(node, 'actionId'),
    func: f.text(node, 'actionActuatorFunc'),
    params: simpleChildren(child(node, 'wpml:actionActuatorFuncParam')),
  };
}

/** A `wpml:actionGroup` of a placemark (protocol §6.5). */
export function readActionGroup(f: Fields, node: XmlNode): WaylineActionGroup {
  const trigger = f.element(node, 'actionTrigger');
  const param = f.optionalText(trigger, 'actionTriggerParam');
  return {
    id: f.integer(node, 'actionGroupId'),
    startIndex: f.integer(node, 'actionGroupStartIndex'),
    endIndex: f.integer(node, 'actionGroupEndIndex'),
    mode: f.optionalText(node, 'actionGroupMode') ?? 'sequence',
    trigger: { type: f.text(trigger, 'actionTriggerType'), ...(param !== undefined && { param }) },
    actions: children(node, 'wpml:action').map((a) => readAction(f, a)),
  };
}

function readPoint(
  f: Fields,
  node: XmlNode,
  ordinal: number,
  defaults: { index: number; speed: number; notes: ReadNotes },
): WaylinePoint {
  const [lng, lat] = readCoordinates(node, ordinal);
  const heading = child(node, 'wpml:waypointHeadingParam');
  const turn = child(node, 'wpml:waypointTurnParam');
  const headingAngle = f.optionalNumber(heading, 'waypointHeadingAngle');
  const useStraightLine = f.optionalNumber(node, 'useStraightLine');
  const gimbalPitch = f.optionalNumber(
    child(node, 'wpml:waypointGimbalHeadingParam'),
    'waypointGimbalPitchAngle',
  );
  return {
    index: defaults.notes.orDefault(
      optionalInteger(f, node, 'index'),
      defaults.index,
      FILE,
      'wpml:index',
    ),
    lng,
    lat,
    height: f.number(node, 'executeHeight'),
    speed: f.optionalNumber(node, 'waypointSpeed') ?? defaults.speed,
    headingMode: f.optionalText(heading, 'waypointHeadingMode') ?? 'followWayline',
    ...(headingAngle !== undefined && { headingAngle }),
    turnMode:
      f.optionalText(turn, 'waypointTurnMode') ?? 'toPointAndStopWithDiscontinuityCurvature',
    turnDampingDist: f.optionalNumber(turn, 'waypointTurnDampingDist') ?? 0,
    ...(useStraightLine !== undefined && { useStraightLine }),
    ...(gimbalPitch !== undefined && { gimbalPitch }),
    actionGroups: children(node, 'wpml:actionGroup').map((g) => readActionGroup(f, g)),
  };
}

/** An optional non-negative integer `wpml:<name>`: undefined when absent, refused when not one. */
export function optionalInteger(f: Fields, node: XmlNode, name: string): number | undefined {
  const value = f.optionalNumber(node, name);
  if (value !== undefined && (!Number.isInteger(value) || value < 0))
    throw f.invalid(name, String(value));
  return value;
}

/** Waypoints of every `Folder` of waylines.wpml, refused past `MAX_WAYPOINTS`. */
export function waypointCount(document: XmlNode): number {
  const folders = children(document, 'Folder');
  const total = folders.reduce((n, folder) => n + children(folder, 'Placemark').length, 0);
  if (total > MAX_WAYPOINTS)
    throw new WaylineFileError('wayline.too_many_points', { max: MAX_WAYPOINTS, count: total });
  return total;
}

/**
 * Every `Folder` of waylines.wpml: the executable waylines, their waypoints and actions. Ids, speed
 * and height mode that another tool left out are read as DJI's tools write them, and noted;
 * `speed` stands in for a Folder without `wpml:autoFlightSpeed`.
 */
export function readPaths(document: XmlNode, notes: ReadNotes, speed: number): WaylinePath[] {
  const f = new Fields(FILE);
  if (waypointCount(document) === 0) throw new WaylineFileError('wayline.no_points');
  const orDefault = <T extends string | number>(value: T | undefined, fallback: T, name: string) =>
    notes.orDefault(value, fallback, FILE, `wpml:${name}`);
  let ordinal = 0;
  return children(document, 'Folder').map((folder, i) => {
    const autoFlightSpeed = orDefault(
      f.optionalNumber(folder, 'autoFlightSpeed'),
      speed,
      'autoFlightSpeed',
    );
    return {
      templateId: orDefault(optionalInteger(f, folder, 'templateId'), 0, 'templateId'),
      waylineId: orDefault(optionalInteger(f, folder, 'waylineId'), i, 'waylineId'),
      autoFlightSpeed,
      executeHeightMode: orDefault(
        f.optionalText(folder, 'executeHeightMode'),
        'relativeToStartPoint',
        'executeHeightMode',
      ),
      points: children(folder, 'Placemark').map((p, k) =>
        readPoint(f, p, ++ordinal, { index: k, speed: autoFlightSpeed, notes }),
      ),
    };
  });
}
