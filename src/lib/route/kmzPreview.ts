/**
 * A look inside a KMZ in the browser, before it is uploaded: its waypoints and a few facts, or the
 * reason it would be refused. The server still reads and checks the file in full on upload; this is
 * only so the user sees a bad file, or the wrong one, before sending it.
 */
import { unzipSync } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { distance } from '@turf/turf';

/** Uncompressed bytes a preview inflates at most (the server's own cap). */
export const PREVIEW_MAX_BYTES = 128 * 1024 * 1024;
/** Waypoints a KMZ may hold (`wpml:index` is 16-bit on the aircraft). */
export const PREVIEW_MAX_POINTS = 65_535;

export interface KmzPreview {
  points: [number, number][];
  droneKey: string;
  templateType: string;
  finishAction: string;
  lengthM: number;
  version: string;
}

export type PreviewProblem =
  | 'notZip'
  | 'tooLarge'
  | 'noWaylines'
  | 'xml'
  | 'namespace'
  | 'noPoints'
  | 'tooManyPoints'
  | 'coordinates'
  | 'aircraft';

export type PreviewResult =
  | { ok: true; preview: KmzPreview }
  | { ok: false; problem: PreviewProblem; params: Record<string, string | number> };

class Refusal extends Error {
  constructor(
    readonly problem: PreviewProblem,
    readonly params: Record<string, string | number> = {},
  ) {
    super(problem);
  }
}

const NAMESPACE =
  /xmlns:([A-Za-z_][\w.-]*)\s*=\s*["']http:\/\/www\.dji\.com\/wpmz\/(1\.0\.\d+)["']/;

const normal = (name: string) => name.replaceAll('\\', '/').replace(/^\.?\//, '');

function unzipWanted(bytes: Uint8Array): { waylines: string; template?: string } {
  let total = 0;
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        names.push(f.name);
        return false;
      },
    });
  } catch {
    throw new Refusal('notZip');
  }
  if (total > PREVIEW_MAX_BYTES)
    throw new Refusal('tooLarge', { max: PREVIEW_MAX_BYTES / 1048576 });
  const wanted = (path: string) => names.find((n) => normal(n) === path);
  const waylinesName = wanted('wpmz/waylines.wpml');
  if (waylinesName === undefined) throw new Refusal('noWaylines');
  const templateName = wanted('wpmz/template.kml');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === waylinesName || f.name === templateName });
  } catch {
    throw new Refusal('notZip');
  }
  const decoder = new TextDecoder('utf-8');
  const waylines = files[waylinesName];
  if (!waylines) throw new Refusal('noWaylines');
  const template = templateName === undefined ? undefined : files[templateName];
  return {
    waylines: decoder.decode(waylines),
    ...(template && { template: decoder.decode(template) }),
  };
}

type Node = Record<string, unknown>;

function parse(text: string, file: string): { doc: Node; version: string } {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the parser's own validator reports the line.
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Refusal('xml', { file, line: valid.err.line });
  const ns = NAMESPACE.exec(text);
  if (!ns?.[1] || !ns[2]) throw new Refusal('namespace', { file });
  const prefix = `${ns[1]}:`;
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    transformTagName: (n) => (n.startsWith(prefix) ? `wpml:${n.slice(prefix.length)}` : n),
    isArray: (n) => n === 'Folder' || n === 'Placemark',
  });
  const root = parser.parse(text) as { kml?: { Document?: Node } };
  return { doc: root.kml?.Document ?? {}, version: ns[2] };
}

const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Node => (typeof v === 'object' && v !== null ? (v as Node) : {});

function readPoints(doc: Node): [number, number][] {
  const placemarks = list(doc.Folder).flatMap((f) => list(f.Placemark));
  if (placemarks.length > PREVIEW_MAX_POINTS)
    throw new Refusal('tooManyPoints', { max: PREVIEW_MAX_POINTS, count: placemarks.length });
  if (placemarks.length === 0) throw new Refusal('noPoints');
  return placemarks.map((p, i) => {
    const raw = str(obj(p.Point).coordinates);
    const [lng = NaN, lat = NaN] = raw.split(',').map((x) => Number(x.trim()));
    if (!(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90))
      throw new Refusal('coordinates', { index: i + 1, value: raw.slice(0, 60) });
    return [lng, lat];
  });
}

function lengthOf(points: [number, number][]): number {
  let m = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) m += distance(a, b, { units: 'meters' });
  }
  return m;
}

/** Reads a KMZ's waypoints and facts, or says what is wrong with it. */
export function previewKmz(bytes: Uint8Array): PreviewResult {
  try {
    const files = unzipWanted(bytes);
    const waylines = parse(files.waylines, 'wpmz/waylines.wpml');
    const template =
      files.template === undefined ? undefined : parse(files.template, 'wpmz/template.kml');
    const config = obj((template ?? waylines).doc['wpml:missionConfig']);
    const drone = obj(config['wpml:droneInfo']);
    const droneKey = `0-${str(drone['wpml:droneEnumValue'])}-${str(drone['wpml:droneSubEnumValue'])}`;
    // An aircraft this console has no name for is kept: the server stores the route under its key
    // with a warning, and the planner picks the aircraft in the route editor.
    const points = readPoints(waylines.doc);
    const folder = list(template?.doc.Folder)[0] ?? {};
    return {
      ok: true,
      preview: {
        points,
        droneKey,
        templateType: str(folder['wpml:templateType']) || 'waypoint',
        finishAction: str(config['wpml:finishAction']),
        lengthM: lengthOf(points),
        version: waylines.version,
      },
    };
  } catch (error) {
    if (error instanceof Refusal)
      return { ok: false, problem: error.problem, params: error.params };
    throw error;
  }
}
