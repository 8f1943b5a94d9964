/**
 * Lines and areas of a GeoJSON file (RFC 7946): LineString and MultiLineString become lines,
 * Polygon and MultiPolygon areas, in a FeatureCollection, a Feature, a GeometryCollection or bare.
 * A third coordinate is a height above the WGS 84 ellipsoid, as the RFC has it. The bytes are
 * scanned (`jsonScan.ts`) before they are parsed.
 */
import { utf8 } from '../kmzArchive.ts';
import { InterchangeError } from './InterchangeError.ts';
import { scanJson } from './jsonScan.ts';
import { checkCorners, checkCounts, checkedVertex, openRing, VertexBudget } from './limits.ts';
import type { LineHeights, Shape, Vertex } from './shapes.ts';

interface Walk {
  budget: VertexBudget;
  shapes: Shape[];
  points: number;
}

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Longest parser message or value a refusal repeats. */
const DETAIL_CHARS = 60;

/** A short description of a bad value for a refusal, without printing a huge one. */
function shown(value: unknown): string {
  if (Array.isArray(value) && value.length > 4) return `[${String(value.length)} values]`;
  // `JSON.stringify` gives undefined for what JSON has no text of, despite its declared type.
  const json = JSON.stringify(value) as string | undefined;
  return (json ?? String(value)).slice(0, DETAIL_CHARS);
}

function badCoordinates(shape: number, vertex: number, value: unknown): InterchangeError {
  return new InterchangeError('wayline_import.coordinates', { shape, vertex, value: shown(value) });
}

/** The positions of a line or ring: arrays of two or three numbers (more are allowed and dropped). */
function positions(value: unknown, shape: number, budget: VertexBudget): Vertex[] {
  if (!Array.isArray(value) || value.length === 0) throw badCoordinates(shape, 1, value);
  budget.take(value.length);
  return value.map((p: unknown, i) => {
    if (!Array.isArray(p) || !p.every((n) => typeof n === 'number'))
      throw badCoordinates(shape, i + 1, p);
    return checkedVertex(p, shape, i + 1, shown(p));
  });
}

/** A list of parts (lines, rings, polygons), refused as bad coordinates when it is not one. */
function parts(value: unknown, shape: number): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw badCoordinates(shape, 1, value);
  return value;
}

function addLine(walk: Walk, name: string, coordinates: unknown): void {
  const ordinal = walk.shapes.length + 1;
  const vertices = positions(coordinates, ordinal, walk.budget);
  const heights: LineHeights = vertices.every((v) => v[2] !== undefined)
    ? { kind: 'given', mode: 'WGS84' }
    : { kind: 'none' };
  walk.shapes.push({ kind: 'line', ordinal, name, vertices, heights });
}

function addArea(walk: Walk, name: string, rings: unknown): void {
  const ordinal = walk.shapes.length + 1;
  const [outer, ...inner] = parts(rings, ordinal);
  const ring = openRing(positions(outer, ordinal, walk.budget));
  checkCorners(ring, ordinal);
  // Holes count towards the file's vertex budget like the outer ring.
  const holes = inner.map((h) => openRing(positions(h, ordinal, walk.budget)));
  walk.shapes.push({ kind: 'area', ordinal, name, ring, holes });
}

/** One geometry of a feature named `name`; point geometries are counted and left out. */
function geometry(walk: Walk, name: string, g: JsonObject): void {
  const c = g.coordinates;
  const ordinal = walk.shapes.length + 1;
  switch (g.type) {
    case 'LineString':
      return addLine(walk, name, c);
    case 'MultiLineString':
      return parts(c, ordinal).forEach((line) => addLine(walk, name, line));
    case 'Polygon':
      return addArea(walk, name, c);
    case 'MultiPolygon':
      return parts(c, ordinal).forEach((polygon) => addArea(walk, name, polygon));
    case 'Point':
      walk.points++;
      return;
    case 'MultiPoint':
      walk.points += Array.isArray(c) ? c.length : 0;
      return;
    case 'GeometryCollection':
      if (!Array.isArray(g.geometries)) throw notGeoJson(g.type);
      for (const inner of g.geometries) object(walk, name, inner);
      return;
    default:
      throw notGeoJson(g.type);
  }
}

function notGeoJson(type: unknown): InterchangeError {
  return new InterchangeError('wayline_import.not_geojson', {
    type: typeof type === 'string' ? type.slice(0, DETAIL_CHARS) : '—',
  });
}

/** The name a feature carries in its properties, as most tools write it. */
function featureName(feature: JsonObject): string {
  const p = feature.properties;
  if (!isObject(p)) return '';
  const name = [p.name, p.title, p.Name].find((v) => typeof v === 'string');
  return typeof name === 'string' ? name.trim() : '';
}

/** A FeatureCollection, Feature or geometry; anything else is not GeoJSON. */
function object(walk: Walk, name: string, value: unknown): void {
  if (!isObject(value)) throw notGeoJson(undefined);
  switch (value.type) {
    case 'FeatureCollection':
      if (!Array.isArray(value.features)) throw notGeoJson(value.type);
      for (const feature of value.features) object(walk, '', feature);
      return;
    case 'Feature':
      // RFC 7946 allows a feature without a geometry: it has nothing to fly.
      if (value.geometry === null) return;
      if (!isObject(value.geometry)) throw notGeoJson(value.type);
      return geometry(walk, featureName(value) || name, value.geometry);
    default:
      return geometry(walk, name, value);
  }
}

/**
 * The lines and areas of a GeoJSON file's bytes. Throws `InterchangeError` (or the vertex limit's
 * `WaylineFileError`) naming what is wrong and where.
 */
export function readGeoJsonShapes(bytes: Uint8Array): { shapes: Shape[]; pointsIgnored: number } {
  scanJson(bytes);
  let document: unknown;
  try {
    document = JSON.parse(utf8(bytes));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InterchangeError('wayline_import.json', {
      detail: detail.slice(0, DETAIL_CHARS * 2),
    });
  }
  const walk: Walk = { budget: new VertexBudget(), shapes: [], points: 0 };
  object(walk, '', document);
  checkCounts(walk.shapes);
  return { shapes: walk.shapes, pointsIgnored: walk.points };
}
