/** The drones source and its layers: cluster bubbles, a halo for the selected drone, the arrows. */
import type { Map as MapLibreMap } from 'maplibre-gl';

export const DRONES_SOURCE = 'skydeck-drones';
export const CLUSTER_LAYER = 'skydeck-drone-clusters';
export const HALO_LAYER = 'skydeck-drone-selected';
export const DRONE_LAYER = 'skydeck-drone-icons';

/** Above this zoom every drone is drawn on its own: at street level a bubble hides what matters. */
const CLUSTER_MAX_ZOOM = 13;
/** Drones closer than this on screen merge into one bubble (px). */
const CLUSTER_RADIUS_PX = 36;

/** Adds the source and its three layers. */
export function addDroneLayers(map: MapLibreMap): void {
  map.addSource(DRONES_SOURCE, {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    cluster: true,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterRadius: CLUSTER_RADIUS_PX,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'symbol',
    source: DRONES_SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      // Bubbles are drawn on demand with their count (see clusterIcons.ts): no glyph server needed.
      'icon-image': ['concat', 'skydeck-cluster-', ['to-string', ['get', 'point_count']]],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: HALO_LAYER,
    type: 'circle',
    source: DRONES_SOURCE,
    filter: ['all', ['!', ['has', 'point_count']], ['==', ['get', 'selected'], true]],
    paint: {
      'circle-radius': 16,
      'circle-color': '#ffffff',
      'circle-opacity': 0.18,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: DRONE_LAYER,
    type: 'symbol',
    source: DRONES_SOURCE,
    filter: ['!', ['has', 'point_count']],
    layout: {
      'icon-image': ['concat', 'skydeck-drone-', ['get', 'status']],
      'icon-rotate': ['get', 'heading'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
}

/** Removes what {@link addDroneLayers} added. */
export function removeDroneLayers(map: MapLibreMap): void {
  for (const layer of [DRONE_LAYER, HALO_LAYER, CLUSTER_LAYER])
    if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(DRONES_SOURCE)) map.removeSource(DRONES_SOURCE);
}
