import { MODELS } from '../../protocol/mqtt/models.ts';
import type { WaylineFacts, WaylineRoute } from '../../protocol/waylines.ts';
import { readKmz } from './kmzArchive.ts';
import { readMission } from './readMission.ts';
import { readPaths } from './readPaths.ts';
import { readTemplate } from './readTemplate.ts';
import { waylineFacts } from './waylineFacts.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { parseWpml, type XmlNode } from './wpmlXml.ts';
import { Fields } from './fields.ts';

/** A KMZ read and checked: the route model and the facts of the library. */
export interface ReadKmzResult {
  route: WaylineRoute;
  facts: WaylineFacts;
}

/**
 * Reads and checks a KMZ as DJI tools write it. The execution file is the truth the aircraft flies;
 * the template adds what a planner chose. Any problem throws `WaylineFileError`.
 */
export function readKmzRoute(bytes: Uint8Array, maxUncompressedBytes?: number): ReadKmzResult {
  const files = readKmz(bytes, maxUncompressedBytes);
  const waylines = parseWpml(files.waylines, 'wpmz/waylines.wpml');
  const template =
    files.template === undefined ? undefined : parseWpml(files.template, 'wpmz/template.kml');
  // The template carries the planner's settings; the execution file repeats the mission config.
  const mission = template
    ? readMission(template.document, 'wpmz/template.kml')
    : readMission(waylines.document, 'wpmz/waylines.wpml');
  const key = `0-${mission.droneEnumValue}-${mission.droneSubEnumValue}`;
  if (MODELS[key] === undefined) throw new WaylineFileError('wayline.aircraft', { value: key });
  const paths = readPaths(waylines.document);
  const route: WaylineRoute = {
    wpmzVersion: waylines.version,
    ...documentInfo(template?.document),
    mission,
    template: readTemplate(template?.document, paths),
    paths,
  };
  return { route, facts: waylineFacts(route) };
}

function documentInfo(
  document: XmlNode | undefined,
): Pick<WaylineRoute, 'author' | 'createTime' | 'updateTime'> {
  if (document === undefined) return {};
  const f = new Fields('wpmz/template.kml');
  const author = f.optionalText(document, 'author');
  const createTime = f.optionalNumber(document, 'createTime');
  const updateTime = f.optionalNumber(document, 'updateTime');
  return {
    ...(author !== undefined && { author }),
    ...(createTime !== undefined && { createTime }),
    ...(updateTime !== undefined && { updateTime }),
  };
}
