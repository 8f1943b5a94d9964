import type { WaylineFacts, WaylinePath, WaylineRoute } from '../../protocol/waylines.ts';
import { readKmz, TEMPLATE_PATH, utf8, WAYLINES_PATH } from './kmzArchive.ts';
import { readMission, type NamedDocument } from './readMission.ts';
import { ReadNotes, type WaylineNote } from './readNotes.ts';
import { readPaths, waypointCount } from './readPaths.ts';
import { readTemplate } from './readTemplate.ts';
import { readTemplatePoints } from './readTemplatePoints.ts';
import { waylineFacts } from './waylineFacts.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { parseWpml, type XmlNode } from './wpmlXml.ts';
import { scanXml } from './xmlScan.ts';
import { Fields } from './fields.ts';

/** A KMZ read and checked: the route model, the facts of the library, and what to know about it. */
export interface ReadKmzResult {
  route: WaylineRoute;
  facts: WaylineFacts;
  /** What was read with defaults or found elsewhere than DJI's tools put it; empty for their files. */
  warnings: WaylineNote[];
}

/**
 * Reads and checks a KMZ as DJI's tools and other planning tools write it. The execution file is
 * the truth the aircraft flies; the template adds what a planner chose. An aircraft model this
 * console does not know is kept as its key (the planner picks the aircraft in the editor); optional
 * elements left out are read with defaults and noted. What is malformed or unsafe throws
 * `WaylineFileError`: both XML files are scanned for declarations, depth, size and waypoint count
 * before either is parsed, so a hostile file costs no more than a linear pass over its bytes.
 */
export function readKmzRoute(bytes: Uint8Array, maxUncompressedBytes?: number): ReadKmzResult {
  // Each file is scanned while it is inflated, and again whole, before either is parsed.
  const files = readKmz(bytes, maxUncompressedBytes, (part, file) => scanXml(part, file, false));
  scanXml(files.waylines, WAYLINES_PATH);
  if (files.template !== undefined) scanXml(files.template, TEMPLATE_PATH);
  const waylines = parseWpml(utf8(files.waylines), WAYLINES_PATH);
  const template =
    files.template === undefined ? undefined : parseWpml(utf8(files.template), TEMPLATE_PATH);
  const notes = new ReadNotes();
  // The template carries the planner's settings; the execution file repeats the mission config.
  const documents: NamedDocument[] = [
    ...(template ? [{ document: template.document, file: TEMPLATE_PATH }] : []),
    { document: waylines.document, file: WAYLINES_PATH },
  ];
  const mission = readMission(documents, notes);
  const paths = executablePaths(
    waylines.document,
    template?.document,
    mission.globalTransitionalSpeed,
    notes,
  );
  const route: WaylineRoute = {
    wpmzVersion: waylines.version,
    ...documentInfo(template?.document),
    mission,
    template: readTemplate(template?.document, paths, notes),
    paths,
  };
  return { route, facts: waylineFacts(route), warnings: notes.list };
}

/**
 * The waylines of waylines.wpml; when it has no waypoint at all, those of a waypoint template
 * (noted). Neither having any is `wayline.no_points`.
 */
function executablePaths(
  waylines: XmlNode,
  template: XmlNode | undefined,
  speed: number,
  notes: ReadNotes,
): WaylinePath[] {
  if (waypointCount(waylines) > 0) return readPaths(waylines, notes, speed);
  const fromTemplate = readTemplatePoints(template, speed, notes);
  if (fromTemplate === undefined) throw new WaylineFileError('wayline.no_points');
  return [fromTemplate];
}

function documentInfo(
  document: XmlNode | undefined,
): Pick<WaylineRoute, 'author' | 'createTime' | 'updateTime'> {
  if (document === undefined) return {};
  const f = new Fields(TEMPLATE_PATH);
  const author = f.optionalText(document, 'author');
  // Only metadata: a time another tool wrote as a date rather than milliseconds is left out.
  const time = (name: string) => {
    const value = Number(f.optionalText(document, name) ?? '');
    return f.optionalText(document, name) && Number.isFinite(value) ? value : undefined;
  };
  const createTime = time('createTime');
  const updateTime = time('updateTime');
  return {
    ...(author !== undefined && { author }),
    ...(createTime !== undefined && { createTime }),
    ...(updateTime !== undefined && { updateTime }),
  };
}
