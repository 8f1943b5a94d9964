/** The docks and links sources and their layers: dock-to-aircraft lines, a halo, the dock icons. */
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const DOCKS_SOURCE = 'skydeck-docks';
export const LINKS_SOURCE = 'skydeck-dock-links';
export const LINK_LAYER = 'skydeck-dock-link-lines';
export const DOCK_HALO_LAYER = 'skydeck-dock-selected';
export const DOCK_LAYER = 'skydeck-dock-icons';

/** Link lines are noise when the whole region is in view: they start at district zoom. */
const LINKS_MIN_ZOOM = 10;

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/** Adds both sources and the three layers (below whatever is added later, i.e. the drones). */
export function addDockLayers(map: MapLibreMap): void {
  map.addSource(LINKS_SOURCE, { type: 'geojson', data: empty() });
  map.addSource(DOCKS_SOURCE, { type: 'geojson', data: empty() });
  map.addLayer({
    id: LINK_LAYER,
    type: 'line',
    source: LINKS_SOURCE,
    minzoom: LINKS_MIN_ZOOM,
    paint: {
      'line-color': ['case', ['get', 'selected'], '#ffffff', '#8f99a8'],
      'line-width': ['case', ['get', 'selected'], 1.6, 1],
      'line-opacity': ['case', ['get', 'selected'], 0.9, 0.45],
      'line-dasharray': [2, 2],
    },
  });
  map.addLayer({
    id: DOCK_HALO_LAYER,
    type: 'circle',
    source: DOCKS_SOURCE,
    filter: ['==', ['get', 'selected'], true],
    paint: {
      'circle-radius': 18,
      'circle-color': '#ffffff',
      'circle-opacity': 0.18,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: DOCK_LAYER,
    type: 'symbol',
    source: DOCKS_SOURCE,
    layout: {
      'icon-image': ['concat', 'skydeck-dock-', ['get', 'status']],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
}

/** Removes what {@link addDockLayers} added. */
export function removeDockLayers(map: MapLibreMap): void {
  for (const layer of [DOCK_LAYER, DOCK_HALO_LAYER, LINK_LAYER])
    if (map.getLayer(layer)) map.removeLayer(layer);
  for (const source of [DOCKS_SOURCE, LINKS_SOURCE])
    if (map.getSource(source)) map.removeSource(source);
}
