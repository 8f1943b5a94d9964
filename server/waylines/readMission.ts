import type { WaylineMission } from '../../protocol/waylines.ts';
import { Fields } from './fields.ts';
import type { ReadNotes } from './readNotes.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { child, type XmlNode } from './wpmlXml.ts';

/** A Document of the KMZ and the archive path it was read from. */
export interface NamedDocument {
  document: XmlNode;
  file: string;
}

interface Config {
  node: XmlNode;
  f: Fields;
}

/** The first of `configs` for which `read` gives a value (later ones are not read at all). */
function firstOf<T>(configs: readonly Config[], read: (c: Config) => T | undefined): T | undefined {
  for (const c of configs) {
    const value = read(c);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The first config holding the child element `wpml:<name>`, with that element. */
function sectionOf(configs: readonly Config[], name: string): Config | undefined {
  return firstOf(configs, (c) => {
    const node = child(c.node, `wpml:${name}`);
    return node === undefined ? undefined : { node, f: c.f };
  });
}

/**
 * `wpml:missionConfig` (protocol §6.2) of `files`, the template first. The template's settings are
 * the planner's; the execution file repeats them, and other planning tools often write a setting in
 * only one of the two, so each is taken from the first file that has it. A setting neither has is
 * read with the value DJI's tools default to, and noted; the finish action and the aircraft's enum
 * are required.
 */
export function readMission(files: readonly NamedDocument[], notes: ReadNotes): WaylineMission {
  const configs = files.flatMap(({ document, file }): Config[] => {
    const node = child(document, 'wpml:missionConfig');
    return node === undefined ? [] : [{ node, f: new Fields(file) }];
  });
  const first = configs[0];
  if (first === undefined)
    throw new WaylineFileError('wayline.missing', {
      file: files[0]?.file ?? 'wpmz/waylines.wpml',
      element: 'wpml:missionConfig',
    });
  const missing = (element: string) =>
    new WaylineFileError('wayline.missing', { file: first.f.file, element: `wpml:${element}` });
  const text = (name: string) =>
    firstOf(configs, ({ node, f }) => {
      const value = f.optionalText(node, name);
      return value === '' ? undefined : value;
    });
  const num = (name: string) => firstOf(configs, ({ node, f }) => f.optionalNumber(node, name));
  const orDefault = <T extends string | number>(value: T | undefined, fallback: T, name: string) =>
    notes.orDefault(value, fallback, first.f.file, `wpml:${name}`);

  const finishAction = text('finishAction');
  if (finishAction === undefined) throw missing('finishAction');
  const drone = sectionOf(configs, 'droneInfo');
  if (drone === undefined) throw missing('droneInfo');
  const payload = sectionOf(configs, 'payloadInfo');
  return {
    flyToWaylineMode: orDefault(text('flyToWaylineMode'), 'safely', 'flyToWaylineMode'),
    finishAction,
    exitOnRCLost: orDefault(text('exitOnRCLost'), 'executeLostAction', 'exitOnRCLost'),
    executeRCLostAction: text('executeRCLostAction'),
    takeOffSecurityHeight: orDefault(num('takeOffSecurityHeight'), 20, 'takeOffSecurityHeight'),
    globalTransitionalSpeed: orDefault(
      num('globalTransitionalSpeed'),
      10,
      'globalTransitionalSpeed',
    ),
    globalRTHHeight: num('globalRTHHeight'),
    droneEnumValue: drone.f.integer(drone.node, 'droneEnumValue'),
    droneSubEnumValue: drone.f.optionalNumber(drone.node, 'droneSubEnumValue') ?? 0,
    payloadEnumValue: payload?.f.optionalNumber(payload.node, 'payloadEnumValue'),
    payloadPositionIndex: payload?.f.optionalNumber(payload.node, 'payloadPositionIndex'),
  };
}
