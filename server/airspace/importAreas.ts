/**
 * Areas read from an imported file: every Polygon (each part of a MultiPolygon) of a GeoJSON file,
 * or of a KML file's Placemarks, becomes an area with the feature's or placemark's name; a GeoJSON
 * Point with a `radius` property becomes a circle (so DJI's own custom flight area file imports as
 * it is, its `geofence_type` choosing the kind and its `enable` kept). Holes are dropped: a dock's area has none. Pure;
 * what is read is bounded by the import limits, whatever the file holds.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AIRSPACE_IMPORT_MAX_AREAS, AIRSPACE_NAME_MAX } from '../../protocol/airspace.ts';
import { scanJson } from '../waylines/interchange/jsonScan.ts';
import { KML_MAX_ELEMENTS } from '../waylines/interchange/kmlRead.ts';
import { scanXml } from '../waylines/xmlScan.ts';
import { WaylineFileError } from '../waylines/WaylineFileError.ts';
import type { AirspaceKind, AirspaceShape, LngLat } from '../../protocol/airspace.ts';

/** One area found in the file; `field` says where, for a problem with its shape. */
export interface ImportedArea {
  name: string;
  kind: AirspaceKind | null;
  shape: AirspaceShape;
  /** False only when the file says so (a DJI file's `enable: false`). */
  enabled: boolean;
  field: string;
}

/** Why a file gave no areas. */
export type ImportFailure = 'airspace.import_unreadable' | 'airspace.import_too_many';

export type ImportResult = { areas: ImportedArea[] } | { failure: ImportFailure };

/** Nesting followed into a KML or GeoJSON file; real files nest a few levels. */
const MAX_DEPTH = 32;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const position = (v: unknown): LngLat | null =>
  Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' ? [v[0], v[1]] : null;

function ring(v: unknown): LngLat[] | null {
  if (!Array.isArray(v)) return null;
  const out: LngLat[] = [];
  for (const p of v) {
    const at = position(p);
    if (!at) return null;
    out.push(at);
  }
  return out;
}

const nameOf = (value: unknown, fallback: string): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  return (text || fallback).slice(0, AIRSPACE_NAME_MAX);
};

/** The areas of one GeoJSON geometry (its parts numbered after `field`). */
function fromGeometry(geometry: unknown, props: Json, field: string, out: ImportedArea[]): void {
  if (!isObject(geometry)) return;
  const kind: AirspaceKind | null =
    props.geofence_type === 'nfz'
      ? 'no_fly'
      : props.geofence_type === 'dfence'
        ? 'operation'
        : null;
  const name = nameOf(props.name ?? props.title, field);
  const enabled = props.enable !== false;
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)
        ? geometry.coordinates
        : [];
  polygons.forEach((rings: unknown, part) => {
    const outer = Array.isArray(rings) ? ring(rings[0]) : null;
    if (!outer) return;
    const suffix = polygons.length > 1 ? ` ${String(part + 1)}` : '';
    out.push({
      name: nameOf(`${name}${suffix}`, field),
      kind,
      enabled,
      shape: { type: 'polygon', coordinates: outer },
      field: polygons.length > 1 ? `${field}.${String(part)}` : field,
    });
  });
  const center = geometry.type === 'Point' ? position(geometry.coordinates) : null;
  const radius = Number(props.radius);
  if (center && Number.isFinite(radius) && radius > 0)
    out.push({ name, kind, enabled, shape: { type: 'circle', center, radius }, field });
}

/** Areas of a GeoJSON text: a FeatureCollection, one Feature, or a bare geometry. */
export function readGeoJsonAreas(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { failure: 'airspace.import_unreadable' };
  }
  if (!isObject(parsed)) return { failure: 'airspace.import_unreadable' };
  const features = parsed.type === 'FeatureCollection' ? parsed.features : [parsed];
  if (!Array.isArray(features)) return { failure: 'airspace.import_unreadable' };
  const out: ImportedArea[] = [];
  for (const [i, item] of features.entries()) {
    if (out.length > AIRSPACE_IMPORT_MAX_AREAS) break;
    if (!isObject(item)) continue;
    const isFeature = item.type === 'Feature';
    const props = isFeature && isObject(item.properties) ? item.properties : {};
    const merged = isFeature ? { ...props, geofence_type: item.geofence_type } : props;
    fromGeometry(isFeature ? item.geometry : item, merged, `features.${String(i)}`, out);
  }
  return out.length > AIRSPACE_IMPORT_MAX_AREAS
    ? { failure: 'airspace.import_too_many' }
    : { areas: out };
}

/** "lng,lat[,alt] lng,lat …" of a KML `coordinates` element. */
function kmlRing(text: unknown): LngLat[] | null {
  if (typeof text !== 'string') return null;
  const out: LngLat[] = [];
  for (const tuple of text.trim().split(/\s+/)) {
    const [lng, lat] = tuple.split(',').map(Number);
    if (lng === undefined || lat === undefined || Number.isNaN(lng) || Number.isNaN(lat))
      return null;
    out.push([lng, lat]);
  }
  return out;
}

/** Every value under `key` anywhere below `node`, in document order, down to {@link MAX_DEPTH}. */
function collect(node: unknown, key: string, depth = 0, out: unknown[] = []): unknown[] {
  if (depth > MAX_DEPTH || out.length > AIRSPACE_IMPORT_MAX_AREAS) return out;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, key, depth + 1, out);
    return out;
  }
  if (!isObject(node)) return out;
  for (const [k, v] of Object.entries(node)) {
    if (k === key) out.push(...(Array.isArray(v) ? (v as unknown[]) : [v]));
    else collect(v, key, depth + 1, out);
  }
  return out;
}

/** Areas of a KML text: the Polygons of its Placemarks (inside MultiGeometry too). */
export function readKmlAreas(text: string): ImportResult {
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  if (XMLValidator.validate(text) !== true) return { failure: 'airspace.import_unreadable' };
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    removeNSPrefix: true,
    processEntities: false,
  });
  const root: unknown = parser.parse(text);
  const out: ImportedArea[] = [];
  collect(root, 'Placemark').forEach((placemark, i) => {
    const field = `placemarks.${String(i)}`;
    const name = nameOf(isObject(placemark) ? placemark.name : undefined, field);
    const polygons = collect(placemark, 'Polygon');
    polygons.forEach((polygon, part) => {
      const boundary = collect(polygon, 'outerBoundaryIs')[0];
      const outer = kmlRing(collect(boundary, 'coordinates')[0]);
      if (!outer) return;
      const suffix = polygons.length > 1 ? ` ${String(part + 1)}` : '';
      out.push({
        name: nameOf(`${name}${suffix}`, field),
        kind: null,
        enabled: true,
        shape: { type: 'polygon', coordinates: outer },
        field: polygons.length > 1 ? `${field}.${String(part)}` : field,
      });
    });
  });
  return out.length > AIRSPACE_IMPORT_MAX_AREAS
    ? { failure: 'airspace.import_too_many' }
    : { areas: out };
}

/**
 * Areas of an imported file, after the scans every route file gets (a markup declaration, nesting,
 * element, placemark and value counts), so a hostile file is refused, naming its problem, before it
 * is parsed. Throws the scans' `WaylineFileError` or `InterchangeError`.
 */
export function readImportedAreas(format: 'kml' | 'geojson', text: string): ImportResult {
  const bytes = Buffer.from(text, 'utf8');
  if (format === 'geojson') {
    scanJson(bytes);
    return readGeoJsonAreas(text);
  }
  // Not a route: its placemarks are areas, held to the area limit rather than the waypoint one.
  const counts = scanXml(bytes, 'kml', false);
  if (counts.placemarks > AIRSPACE_IMPORT_MAX_AREAS) return { failure: 'airspace.import_too_many' };
  if (counts.elements > KML_MAX_ELEMENTS)
    throw new WaylineFileError('wayline.too_many_elements', { file: 'kml', max: KML_MAX_ELEMENTS });
  return readKmlAreas(text);
}
