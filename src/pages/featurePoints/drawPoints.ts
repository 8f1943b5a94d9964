import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LatestPoints, PointDrag } from './pointLayerTypes.ts';

/** The map source that holds the points. */
export const POINT_SOURCE = 'fp-points';
/** The map layer that draws the points as circles. */
export const POINT_CIRCLES = 'fp-points-circles';

function geoJson(p: LatestPoints, drag: PointDrag | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: p.points.map((q) => ({
      type: 'Feature' as const,
      geometry: {
        type: 'Point' as const,
        coordinates: drag?.id === q.id && drag.at ? drag.at : p.toDisplay(q.longitude, q.latitude),
      },
      properties: { id: q.id, picked: p.picked.has(q.id) },
    })),
  };
}

/** Hands the points to the map's source, if it is there (it is put back after a style change). */
export function drawPoints(map: MapLibreMap, p: LatestPoints, drag: PointDrag | null): void {
  const source = map.getSource<GeoJSONSource>(POINT_SOURCE);
  const data = geoJson(p, drag);
  void source?.setData(data);
  // What the map was handed, for tests and for a person inspecting the page.
  map
    .getContainer()
    .setAttribute('data-drawn', source ? String(data.features.length) : 'no-source');
}
