import type { Map as MapLibreMap } from 'maplibre-gl';
import { mapAlive } from '../../map/mapAlive.ts';
import { POINT_CIRCLES, POINT_SOURCE } from './drawPoints.ts';

/**
 * Adds the points' source and circle layer where the map lacks them, then draws the points with
 * `redraw`. Run again after any style change that dropped them (a basemap or language switch), so
 * the points never silently vanish from the map.
 */
export function ensurePointLayer(map: MapLibreMap, redraw: () => void): void {
  if (!mapAlive(map)) return;
  // Whether the dots are on the map right now, for tests and for a person inspecting the page.
  map.getContainer().setAttribute('data-layer', map.getLayer(POINT_CIRCLES) ? 'on' : 'off');
  if (map.getSource(POINT_SOURCE) && map.getLayer(POINT_CIRCLES)) return;
  try {
    if (!map.getSource(POINT_SOURCE))
      map.addSource(POINT_SOURCE, {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
      });
    if (!map.getLayer(POINT_CIRCLES))
      map.addLayer({
        id: POINT_CIRCLES,
        type: 'circle',
        source: POINT_SOURCE,
        paint: {
          'circle-radius': ['case', ['get', 'picked'], 9, 7],
          'circle-color': ['case', ['get', 'picked'], '#2d72d2', '#cd4246'],
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
  } catch {
    // The style is half-way through a swap; its next `styledata` event tries again.
    return;
  }
  redraw();
  map.getContainer().setAttribute('data-layer', 'on');
}
