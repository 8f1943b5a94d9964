/**
 * The custom flight area file (DJI Cloud API): a GeoJSON FeatureCollection with one feature per
 * area — its `id`, `geofence_type` (`nfz` no-fly, `dfence` operation area), a Polygon, or a Point
 * with `properties.subType` `Circle` and `radius` in metres, and `enable`. A disabled area is in the
 * file with `enable: false`, as DJI's own cloud sends it, so a dock holds the project's whole list.
 * The feature has no field for a name: names stay with the console. The file's SHA-256 is its
 * version: docks compare it with the checksum `flight_areas_get` announced.
 */
import { createHash } from 'node:crypto';
import { geofenceTypeOf } from '../../protocol/airspace.ts';
import type {
  AirspaceKind,
  AirspaceShape,
  FlightAreaFeature,
  FlightAreaFile,
  LngLat,
} from '../../protocol/airspace.ts';

/** What the file needs of an area. */
export interface FileArea {
  area_id: string;
  kind: AirspaceKind;
  shape: AirspaceShape;
  enabled: boolean;
}

/** The file as bytes, with what `flight_areas_get` tells about it. */
export interface EncodedFile {
  bytes: Buffer;
  name: string;
  checksum: string;
  size: number;
  areaCount: number;
}

function featureOf(area: FileArea): FlightAreaFeature {
  const base = { id: area.area_id, type: 'Feature', geofence_type: geofenceTypeOf(area.kind) };
  if (area.shape.type === 'circle')
    return {
      ...base,
      type: 'Feature',
      geometry: { type: 'Point', coordinates: area.shape.center },
      properties: { subType: 'Circle', radius: area.shape.radius, enable: area.enabled },
    };
  // Polygons carry radius 0, as DJI's template does.
  return {
    ...base,
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [area.shape.coordinates] },
    properties: { radius: 0, enable: area.enabled },
  };
}

/** The file of `areas`, disabled ones included, in their given order. */
export function buildFlightAreaFile(areas: readonly FileArea[]): FlightAreaFile {
  return { type: 'FeatureCollection', features: areas.map(featureOf) };
}

/** The file's SHA-256, hex: its version. */
export const checksumOf = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** The bytes docks download, named after their checksum (`geofence_<first 16 hex>.json`). */
export function encodeFlightAreaFile(areas: readonly FileArea[]): EncodedFile {
  const bytes = Buffer.from(JSON.stringify(buildFlightAreaFile(areas)), 'utf8');
  const checksum = checksumOf(bytes);
  return {
    bytes,
    name: `geofence_${checksum.slice(0, 16)}.json`,
    checksum,
    size: bytes.length,
    areaCount: areas.length,
  };
}

const isPosition = (v: unknown): v is LngLat =>
  Array.isArray(v) && v.length >= 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** One area of a file a dock read; null when the feature is not one. */
export function areaOfFeature(value: unknown): FileArea | null {
  if (typeof value !== 'object' || value === null) return null;
  const f = value as Record<string, unknown>;
  const geometry = f.geometry as { type?: unknown; coordinates?: unknown } | undefined;
  const props = (f.properties ?? {}) as Record<string, unknown>;
  const kind: AirspaceKind | null =
    f.geofence_type === 'nfz' ? 'no_fly' : f.geofence_type === 'dfence' ? 'operation' : null;
  if (typeof f.id !== 'string' || kind === null || !geometry) return null;
  const enabled = props.enable !== false;
  if (geometry.type === 'Point' && isPosition(geometry.coordinates)) {
    const radius = props.radius;
    if (props.subType !== 'Circle' || typeof radius !== 'number' || !(radius > 0)) return null;
    const [lng, lat] = geometry.coordinates;
    return { area_id: f.id, kind, enabled, shape: { type: 'circle', center: [lng, lat], radius } };
  }
  const rings = geometry.coordinates;
  if (geometry.type !== 'Polygon' || !Array.isArray(rings)) return null;
  const outer: unknown = rings[0];
  if (!Array.isArray(outer) || outer.length < 4 || !outer.every(isPosition)) return null;
  const coordinates = outer.map(([lng, lat]): LngLat => [lng, lat]);
  return { area_id: f.id, kind, enabled, shape: { type: 'polygon', coordinates } };
}

/** The areas of a downloaded file; null when it is not a FeatureCollection of areas. */
export function readFlightAreaFile(bytes: Uint8Array): FileArea[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const file = parsed as { type?: unknown; features?: unknown };
  if (file.type !== 'FeatureCollection' || !Array.isArray(file.features)) return null;
  const areas = file.features.map(areaOfFeature);
  return areas.every((a) => a !== null) ? areas : null;
}
