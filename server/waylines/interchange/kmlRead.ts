/**
 * Areas and lines of a plain KML, as Google Earth and FlightHub 2 write them: Placemarks holding a
 * Polygon, LineString or LinearRing, possibly in a MultiGeometry, anywhere under Documents and
 * Folders. The bytes pass the same pre-scan as a WPML file (`xmlScan.ts`: no DOCTYPE or entities,
 * bounded depth and element count) before anything parses them.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { utf8 } from '../kmzArchive.ts';
import { WaylineFileError } from '../WaylineFileError.ts';
import { child, children, text, type XmlNode } from '../wpmlXml.ts';
import { scanXml } from '../xmlScan.ts';
import { InterchangeError } from './InterchangeError.ts';
import { checkCorners, checkCounts, checkedVertex, openRing, VertexBudget } from './limits.ts';
import type { LineHeights, Shape, Vertex } from './shapes.ts';

/** Elements read as lists whatever their count. */
const REPEATED = new Set([
  'Document',
  'Folder',
  'Placemark',
  'MultiGeometry',
  'Polygon',
  'LineString',
  'LinearRing',
  'Point',
  'innerBoundaryIs',
]);

/**
 * Elements a KML may hold: far below the pre-scan's WPML limit, since a route or area file needs few
 * (a coordinates element holds a whole line); this console's own export of a 10 000-waypoint route
 * has some 70 000.
 */
export const KML_MAX_ELEMENTS = 300_000;

/** Longest parser message a refusal repeats. */
const DETAIL_CHARS = 120;

/** This console's namespace in a KML it writes: KML allows other namespaces in `ExtendedData`. */
export const SKYDECK_NAMESPACE = 'urn:skydeck:wayline:1';

/**
 * The element of `ExtendedData` this console's KML export writes on a line, naming the execution
 * file's height mode exactly (KML's `altitudeMode` has no "above the take-off point").
 */
export const HEIGHT_MODE_ELEMENT = 'executeHeightMode';

const EXECUTE_MODES = ['relativeToStartPoint', 'WGS84', 'realTimeFollowSurface'] as const;

/** Reading state of one file: its name for refusals, the vertex budget, and what was found. */
interface Walk {
  budget: VertexBudget;
  shapes: Shape[];
  points: number;
}

/** Parses scanned KML text; malformed XML is refused with its line, like a WPML file. */
function parseKml(xml: string, file: string): XmlNode {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see wpmlXml.ts: v5 still ships it.
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new WaylineFileError('wayline.xml', {
      file,
      line: valid.err.line,
      detail: valid.err.msg.slice(0, DETAIL_CHARS),
    });
  const parser = new XMLParser({
    ignoreAttributes: true,
    // `kml:`, `gx:` and this console's `skydeck:` elements read as their plain names.
    removeNSPrefix: true,
    parseTagValue: false,
    trimValues: true,
    jPath: false,
    isArray: (name) => REPEATED.has(name),
  });
  const root = parser.parse(xml) as Record<string, XmlNode | undefined>;
  const kml = root.kml;
  if (kml === undefined || typeof kml === 'string' || Array.isArray(kml))
    throw new InterchangeError('wayline_import.not_kml', { file });
  return kml;
}

/**
 * The tuples of a `coordinates` text (`lng,lat[,alt]` separated by white space), taken from the
 * budget one at a time, so a hostile text is refused at the first vertex past the limit.
 */
function tuples(raw: string, shape: number, budget: VertexBudget): Vertex[] {
  const out: Vertex[] = [];
  const tuple = /\S+/g;
  for (let m = tuple.exec(raw); m !== null; m = tuple.exec(raw)) {
    budget.take(1);
    const numbers = m[0].split(',').map((part) => (part === '' ? NaN : Number(part)));
    out.push(checkedVertex(numbers, shape, out.length + 1, m[0]));
  }
  return out;
}

function coordinatesOf(node: XmlNode | undefined): string {
  return text(node, 'coordinates') ?? '';
}

/** A line's heights: the export's exact mode, else what its `altitudeMode` says. */
function lineHeights(geometry: XmlNode, placemark: XmlNode, vertices: Vertex[]): LineHeights {
  if (!vertices.every((v) => v[2] !== undefined)) return { kind: 'none' };
  const written = text(child(placemark, 'ExtendedData'), HEIGHT_MODE_ELEMENT);
  const exact = EXECUTE_MODES.find((m) => m === written);
  if (exact) return { kind: 'given', mode: exact };
  switch (text(geometry, 'altitudeMode') ?? 'clampToGround') {
    case 'absolute':
      return { kind: 'given', mode: 'WGS84', note: 'sea_level' };
    case 'relativeToGround':
    case 'relativeToSeaFloor':
      // Above the ground under each point: flown above the take-off point, which every aircraft
      // can (real-time terrain following is for some models only), and said so in the preview.
      return { kind: 'given', mode: 'relativeToStartPoint', note: 'ground' };
    default:
      // KML's default, `clampToGround`: the heights are not meant to be flown.
      return { kind: 'none' };
  }
}

function addArea(walk: Walk, name: string, polygon: XmlNode): void {
  const ordinal = walk.shapes.length + 1;
  const outer = child(child(polygon, 'outerBoundaryIs'), 'LinearRing');
  const ring = openRing(tuples(coordinatesOf(outer), ordinal, walk.budget));
  checkCorners(ring, ordinal);
  // Holes count towards the file's vertex budget like the outer ring.
  const holes = children(polygon, 'innerBoundaryIs').map((inner) =>
    openRing(tuples(coordinatesOf(child(inner, 'LinearRing')), ordinal, walk.budget)),
  );
  walk.shapes.push({ kind: 'area', ordinal, name, ring, holes });
}

function addRing(walk: Walk, name: string, ring: XmlNode): void {
  const ordinal = walk.shapes.length + 1;
  const corners = openRing(tuples(coordinatesOf(ring), ordinal, walk.budget));
  checkCorners(corners, ordinal);
  walk.shapes.push({ kind: 'area', ordinal, name, ring: corners, holes: [] });
}

function addLine(walk: Walk, name: string, line: XmlNode, placemark: XmlNode): void {
  const ordinal = walk.shapes.length + 1;
  const vertices = tuples(coordinatesOf(line), ordinal, walk.budget);
  if (vertices.length === 0)
    throw new InterchangeError('wayline_import.coordinates', {
      shape: ordinal,
      vertex: 1,
      value: '',
    });
  const heights = lineHeights(line, placemark, vertices);
  walk.shapes.push({ kind: 'line', ordinal, name, vertices, heights });
}

/** The geometries of a Placemark or MultiGeometry, in kind order (the parser groups by name). */
function geometries(walk: Walk, name: string, node: XmlNode, placemark: XmlNode): void {
  for (const polygon of children(node, 'Polygon')) addArea(walk, name, polygon);
  for (const ring of children(node, 'LinearRing')) addRing(walk, name, ring);
  for (const line of children(node, 'LineString')) addLine(walk, name, line, placemark);
  walk.points += children(node, 'Point').length;
  for (const multi of children(node, 'MultiGeometry')) geometries(walk, name, multi, placemark);
}

/** Every Placemark under `node`, through Documents and Folders (depth bounded by the pre-scan). */
function visit(walk: Walk, node: XmlNode): void {
  for (const placemark of children(node, 'Placemark'))
    geometries(walk, (text(placemark, 'name') ?? '').trim(), placemark, placemark);
  for (const inner of [...children(node, 'Document'), ...children(node, 'Folder')])
    visit(walk, inner);
}

/**
 * The areas and lines of a KML file's bytes; `file` names it in refusals. Throws
 * `WaylineFileError` for what the pre-scan or XML validation refuses, `InterchangeError` for
 * shapes that cannot be flown.
 */
export function readKmlShapes(
  bytes: Uint8Array,
  file: string,
): { shapes: Shape[]; pointsIgnored: number } {
  if (scanXml(bytes, file).elements > KML_MAX_ELEMENTS)
    throw new WaylineFileError('wayline.too_many_elements', { file, max: KML_MAX_ELEMENTS });
  const kml = parseKml(utf8(bytes), file);
  const walk: Walk = { budget: new VertexBudget(), shapes: [], points: 0 };
  visit(walk, kml);
  checkCounts(walk.shapes);
  return { shapes: walk.shapes, pointsIgnored: walk.points };
}
