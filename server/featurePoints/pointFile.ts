/**
 * Feature points to and from files: CSV with a header row, and GeoJSON FeatureCollections of Points.
 * Reading turns every row into the same input the editor sends, remembering its line (CSV) or its
 * 1-based feature number (GeoJSON); validation happens afterwards, row by row, all at once. The
 * rows are counted first: a file of more rows than an import takes is refused for that before any
 * row is read into an object, so its size never turns into millions of rows and problems.
 */
import type { FeatureCsvColumn, FeaturePoint } from '../../protocol/featurePoints.ts';
import { FEATURE_CSV_COLUMNS, FEATURE_IMPORT_MAX } from '../../protocol/featurePoints.ts';
import { readCsvRecords } from '../csv/csvReader.ts';
import { csvText, unneutralised } from '../csv/csvWriter.ts';
import { countFeatures } from './geoJsonCount.ts';

/** A row read from a file, before validation. */
export interface RawRow {
  line: number;
  input: Record<string, unknown>;
}

/** A problem with the file as a whole, or with a row's shape, before its fields are checked. */
export interface ShapeProblem {
  line: number;
  field: string;
  problem: 'required' | 'invalid';
}

export interface ReadFile {
  rows: RawRow[];
  problems: ShapeProblem[];
  /** True when the file holds more rows than the reader was allowed; none of them were read. */
  tooMany?: boolean;
}

/** A file refused for its count: no rows, no problems of its own. */
const TOO_MANY: ReadFile = { rows: [], problems: [], tooMany: true };

const NUMERIC = new Set<string>([
  'longitude',
  'latitude',
  'height',
  'gimbal_pitch',
  'gimbal_yaw',
  'zoom',
  'radius',
]);
const KNOWN = new Set<string>(FEATURE_CSV_COLUMNS);

/** A number from text or JSON; empty means "not given"; anything else is left for the check to refuse. */
function numberOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** Class names from `a;b;c` text or a JSON array. */
function classesOf(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string')
    return value
      .split(/[;|]/)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return value;
}

/** One row's fields with numbers and class lists read; unknown fields are dropped. */
function normalise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!KNOWN.has(key)) continue;
    if (NUMERIC.has(key)) out[key] = numberOf(value);
    else if (key === 'classes') out[key] = classesOf(value);
    else if (value === null || value === undefined) out[key] = undefined;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    // Anything else (an object, a list) is left as it is for the check to refuse by name.
    else out[key] = value;
  }
  return out;
}

/**
 * Reads CSV: the header names the columns (any order); a column not in the format is refused. More
 * than `maxRows` rows after the header: refused as too many, having read one row past the limit.
 * A cell the CSV export neutralised (`'=…`) is read back without the quote the export put in front.
 */
export function readCsv(text: string, maxRows = FEATURE_IMPORT_MAX): ReadFile {
  const read = readCsvRecords(text, maxRows + 1);
  if (read.more) return TOO_MANY;
  const [header, ...records] = read.records;
  if (!header) return { rows: [], problems: [{ line: 1, field: 'header', problem: 'required' }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const problems: ShapeProblem[] = names
    .filter((n) => !KNOWN.has(n))
    .map((n) => ({ line: header.line, field: n || 'header', problem: 'invalid' }));
  for (const required of ['name', 'longitude', 'latitude', 'height'] as const)
    if (!names.includes(required))
      problems.push({ line: header.line, field: required, problem: 'required' });
  if (problems.length > 0) return { rows: [], problems };
  const rows = records.map((r) => {
    const fields: Record<string, unknown> = {};
    names.forEach((n, i) => {
      const cell = r.cells[i];
      fields[n] = cell === undefined ? undefined : unneutralised(cell);
    });
    const extra = r.cells.length > names.length;
    return { line: r.line, input: normalise(fields), extra };
  });
  return {
    rows: rows.map(({ line, input }) => ({ line, input })),
    problems: rows
      .filter((r) => r.extra)
      .map((r) => ({ line: r.line, field: 'columns', problem: 'invalid' })),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a GeoJSON FeatureCollection of Points; the point's third coordinate is its height when the
 * properties give none. More than `maxFeatures` features: refused as too many, counted by a scan
 * of the text before anything is parsed.
 */
export function readGeoJson(text: string, maxFeatures = FEATURE_IMPORT_MAX): ReadFile {
  if (countFeatures(text, maxFeatures) > maxFeatures) return TOO_MANY;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { rows: [], problems: [{ line: 0, field: 'text', problem: 'invalid' }] };
  }
  if (!isObject(doc) || doc.type !== 'FeatureCollection' || !Array.isArray(doc.features))
    return { rows: [], problems: [{ line: 0, field: 'type', problem: 'invalid' }] };
  // The scan does not check the JSON; should it have miscounted a file it could not follow, the
  // parsed array is counted again before any feature is read.
  if (doc.features.length > maxFeatures) return TOO_MANY;
  const rows: RawRow[] = [];
  const problems: ShapeProblem[] = [];
  doc.features.forEach((feature: unknown, i) => {
    const line = i + 1;
    const geometry = isObject(feature) ? feature.geometry : undefined;
    const coordinates = isObject(geometry) ? geometry.coordinates : undefined;
    if (!isObject(geometry) || geometry.type !== 'Point' || !Array.isArray(coordinates)) {
      problems.push({ line, field: 'geometry', problem: 'invalid' });
      return;
    }
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    const [lng, lat, z] = coordinates as unknown[];
    const input = normalise({
      ...properties,
      longitude: lng,
      latitude: lat,
      height: properties.height ?? z,
    });
    rows.push({ line, input });
  });
  return { rows, problems };
}

const fieldOf = (p: FeaturePoint, column: FeatureCsvColumn): string | number =>
  column === 'classes' ? p.classes.join(';') : p[column];

/**
 * The points as CSV, header first. Numbers stay numbers (a negative longitude is written as is);
 * names, notes and the other texts are neutralised by the shared writer when they look like formulas.
 */
export function writeCsv(points: readonly FeaturePoint[]): string {
  const rows = points.map((p) => FEATURE_CSV_COLUMNS.map((c) => fieldOf(p, c)));
  return csvText([FEATURE_CSV_COLUMNS, ...rows]);
}

/** The points as a GeoJSON FeatureCollection; coordinates carry the height as the third value. */
export function writeGeoJson(points: readonly FeaturePoint[]): string {
  return JSON.stringify(
    {
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        id: p.id,
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude, p.height] },
        properties: {
          name: p.name,
          category: p.category,
          height: p.height,
          gimbal_pitch: p.gimbal_pitch,
          gimbal_yaw: p.gimbal_yaw,
          zoom: p.zoom,
          radius: p.radius,
          classes: p.classes,
          notes: p.notes,
        },
      })),
    },
    null,
    2,
  );
}
