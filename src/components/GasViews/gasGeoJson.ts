/**
 * The readings as map shapes: the track as segments carrying the chosen gas's value (coloured by it),
 * the readings as weighted points for the heatmap, the replay cursor, and the source estimate's
 * marker with its uncertainty circle.
 */
import type { GasChannel, GasPoint, GasSourceEstimate } from '../../../protocol/gas.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';

type Fc = GeoJSON.FeatureCollection;
type Placed = GasPoint & { lat: number; lng: number };

const METRES_PER_DEGREE = 111_320;
/** A gap longer than this (ms) between two readings of a device is not a flown segment. */
const MAX_GAP_MS = 5 * 60_000;

export const isPlaced = (p: GasPoint): p is Placed => p.lat !== null && p.lng !== null;

/** Per device, the placed points in time order. */
function byDevice(points: readonly GasPoint[]): Map<string, Placed[]> {
  const out = new Map<string, Placed[]>();
  for (const p of points) {
    if (!isPlaced(p)) continue;
    const list = out.get(p.device_sn) ?? [];
    list.push(p);
    out.set(p.device_sn, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.ts - b.ts);
  return out;
}

/** Track segments, each carrying the larger of its two ends' values as `v`. */
export function trackFeatures(
  points: readonly GasPoint[],
  gas: GasChannel,
  toDisplay: ToDisplay,
): Fc {
  const features: GeoJSON.Feature[] = [];
  for (const list of byDevice(points).values())
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1];
      const b = list[i];
      if (!a || !b || b.ts - a.ts > MAX_GAP_MS) continue;
      features.push({
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [toDisplay(a.lng, a.lat), toDisplay(b.lng, b.lat)],
        },
        properties: { v: Math.max(a[gas] ?? 0, b[gas] ?? 0) },
      });
    }
  return { type: 'FeatureCollection', features };
}

/** Readings as points with their value `v` (heatmap weight and colour). */
export function pointFeatures(
  points: readonly GasPoint[],
  gas: GasChannel,
  toDisplay: ToDisplay,
): Fc {
  return {
    type: 'FeatureCollection',
    features: points.filter(isPlaced).map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: toDisplay(p.lng, p.lat) },
      properties: { v: p[gas] ?? 0, sn: p.device_sn },
    })),
  };
}

/** The newest placed point of each device: where the aircraft were at the replay time. */
export function headFeatures(points: readonly GasPoint[], toDisplay: ToDisplay): Fc {
  const features: GeoJSON.Feature[] = [];
  for (const list of byDevice(points).values()) {
    const last = list[list.length - 1];
    if (last)
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: toDisplay(last.lng, last.lat) },
        properties: { sn: last.device_sn },
      });
  }
  return { type: 'FeatureCollection', features };
}

/** The source marker and a 64-sided circle of its uncertainty radius. */
export function sourceFeatures(source: GasSourceEstimate | null, toDisplay: ToDisplay): Fc {
  if (!source) return { type: 'FeatureCollection', features: [] };
  const ring: [number, number][] = [];
  const lngScale = METRES_PER_DEGREE * Math.cos((source.lat * Math.PI) / 180);
  for (let i = 0; i <= 64; i++) {
    const a = (2 * Math.PI * i) / 64;
    const north = source.uncertainty_m * Math.cos(a);
    const east = source.uncertainty_m * Math.sin(a);
    ring.push(toDisplay(source.lng + east / lngScale, source.lat + north / METRES_PER_DEGREE));
  }
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: { kind: 'area' },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: toDisplay(source.lng, source.lat) },
        properties: { kind: 'source' },
      },
    ],
  };
}

/** West, south, east, north of the placed points (and the source), or null. */
export function boundsOf(
  points: readonly GasPoint[],
  source: GasSourceEstimate | null,
  toDisplay: ToDisplay,
): [number, number, number, number] | null {
  const coords = points.filter(isPlaced).map((p) => toDisplay(p.lng, p.lat));
  if (source) coords.push(toDisplay(source.lng, source.lat));
  if (coords.length === 0) return null;
  const xs = coords.map((c) => c[0]);
  const ys = coords.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
