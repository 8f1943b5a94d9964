import {
  TEMPLATE_TYPES,
  type TemplateType,
  type WaylinePath,
  type WaylineTemplate,
} from '../../protocol/waylines.ts';
import { Fields } from './fields.ts';
import { optionalInteger } from './readPaths.ts';
import type { ReadNotes } from './readNotes.ts';
import { WaylineFileError } from './WaylineFileError.ts';
import { child, children, text, type XmlNode } from './wpmlXml.ts';

const FILE = 'wpmz/template.kml';
const HEIGHT_MODE = 'wpml:waylineCoordinateSysParam/wpml:heightMode';
/** Folder elements the model names itself; everything else simple is kept in `extra`. */
const MODELLED = new Set([
  'wpml:templateType',
  'wpml:templateId',
  'wpml:autoFlightSpeed',
  HEIGHT_MODE,
]);

/**
 * Leaf elements under `node` as `path → text`, in document order. Repeated elements (placemarks)
 * and the `skip`ped child are left out.
 */
function flatten(node: XmlNode, path: string, out: [string, string][], skip = ''): void {
  if (typeof node === 'string') return;
  for (const [name, value] of Object.entries(node)) {
    const at = `${path}${name}`;
    if (name === skip) continue;
    if (typeof value === 'string') {
      if (!MODELLED.has(at)) out.push([at, value]);
    } else if (value !== undefined && !Array.isArray(value)) flatten(value, `${at}/`, out);
  }
}

/** The corners of one `LinearRing`, as written (a DJI file's area is not closed). */
function readRing(ring: XmlNode | undefined): [number, number][] {
  const raw = text(ring, 'coordinates');
  if (raw === undefined)
    throw new WaylineFileError('wayline.missing', { file: FILE, element: 'Polygon/coordinates' });
  return raw
    .trim()
    .split(/\s+/)
    .map((tuple, i) => {
      const [lng = NaN, lat = NaN] = tuple.split(',').map(Number);
      if (!(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90))
        throw new WaylineFileError('wayline.coordinates', { index: i + 1, value: tuple });
      return [lng, lat];
    });
}

/** A mapping area's outer ring, and its holes when it has any (KML `innerBoundaryIs`). */
function readArea(area: XmlNode): Pick<WaylineTemplate, 'polygon' | 'holes'> {
  const polygon = child(area, 'Polygon');
  const holes = children(polygon, 'innerBoundaryIs').map((inner) =>
    readRing(child(inner, 'LinearRing')),
  );
  return {
    polygon: readRing(child(child(polygon, 'outerBoundaryIs'), 'LinearRing')),
    ...(holes.length > 0 && { holes }),
  };
}

function templateType(f: Fields, folder: XmlNode, notes: ReadNotes): TemplateType {
  const given = f.optionalText(folder, 'templateType');
  const raw = notes.orDefault(
    given === '' ? undefined : given,
    'waypoint',
    FILE,
    'wpml:templateType',
  );
  const found = TEMPLATE_TYPES.find((t) => t === raw);
  if (!found) throw f.invalid('templateType', raw);
  return found;
}

/**
 * The template `Folder` of template.kml. A waypoint template's placemarks are not kept: they are
 * written again from the executable waylines. A mapping template keeps its area and parameters.
 * Type, id and speed another tool left out are read as a waypoint template with the first
 * wayline's id and speed, and noted.
 */
export function readTemplate(
  document: XmlNode | undefined,
  paths: WaylinePath[],
  notes: ReadNotes,
): WaylineTemplate {
  const first = paths[0];
  const folder = children(document, 'Folder')[0];
  if (folder === undefined || typeof folder === 'string') {
    return {
      type: 'waypoint',
      templateId: first?.templateId ?? 0,
      autoFlightSpeed: first?.autoFlightSpeed ?? 10,
      heightMode: first?.executeHeightMode ?? 'relativeToStartPoint',
      extra: [],
    };
  }
  const f = new Fields(FILE);
  const type = templateType(f, folder, notes);
  const extra: [string, string][] = [];
  flatten(folder, '', extra);
  const area = type === 'waypoint' ? undefined : children(folder, 'Placemark')[0];
  if (area !== undefined) flatten(area, 'Placemark/', extra, 'Polygon');
  return {
    type,
    templateId: notes.orDefault(
      optionalInteger(f, folder, 'templateId'),
      first?.templateId ?? 0,
      FILE,
      'wpml:templateId',
    ),
    autoFlightSpeed: notes.orDefault(
      f.optionalNumber(folder, 'autoFlightSpeed'),
      first?.autoFlightSpeed ?? 10,
      FILE,
      'wpml:autoFlightSpeed',
    ),
    heightMode:
      f.optionalText(child(folder, 'wpml:waylineCoordinateSysParam'), 'heightMode') ??
      first?.executeHeightMode ??
      'relativeToStartPoint',
    extra,
    ...(area !== undefined && readArea(area)),
  };
}
