/**
 * The drones' layers: cluster bubbles from a small GeoJSON source that changes at most about once a
 * second (see `gl/droneClusters.ts`), and above them every other drone, with the selected one's
 * halo, drawn by one WebGL custom layer (`gl/DroneGlLayer.ts`).
 */
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Bubbles } from './gl/droneClusters.ts';
import type { DroneGlLayer } from './gl/DroneGlLayer.ts';

export const DRONES_SOURCE = 'skydeck-drones';
export const CLUSTER_LAYER = 'skydeck-drone-clusters';
export const DRONE_LAYER = 'skydeck-drone-icons';

/** Adds whichever of the bubbles' source, their layer and `drones` (on top) the style lacks. */
export function addDroneLayers(map: MapLibreMap, drones: DroneGlLayer): void {
  if (map.getSource(DRONES_SOURCE) === undefined)
    map.addSource(DRONES_SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
  if (map.getLayer(CLUSTER_LAYER) === undefined)
    map.addLayer({
      id: CLUSTER_LAYER,
      type: 'symbol',
      source: DRONES_SOURCE,
      layout: {
        // Bubbles are drawn on demand with their count (see clusterIcons.ts): no glyph server needed.
        'icon-image': ['concat', 'skydeck-cluster-', ['to-string', ['get', 'point_count']]],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
  if (map.getLayer(DRONE_LAYER) === undefined) map.addLayer(drones);
}

/**
 * Puts the layers back whenever MapLibre rebuilt the style without them: after a lost WebGL
 * context it rebuilds the style from a snapshot that cannot hold a custom layer, and a basemap swap
 * that cannot be applied as a diff replaces the style the same way. `bubbles` answers the bubbles
 * currently shown, for a source that came back empty. Returns the unbinding.
 */
export function keepDroneLayers(
  map: MapLibreMap,
  drones: DroneGlLayer,
  bubbles: () => Bubbles,
): () => void {
  const restore = (): void => {
    if (map.getLayer(DRONE_LAYER) !== undefined) return;
    addDroneLayers(map, drones);
    void map.getSource<GeoJSONSource>(DRONES_SOURCE)?.setData(bubbles());
  };
  map.on('style.load', restore);
  return () => void map.off('style.load', restore);
}

/** Removes what {@link addDroneLayers} added. */
export function removeDroneLayers(map: MapLibreMap): void {
  for (const layer of [DRONE_LAYER, CLUSTER_LAYER]) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(DRONES_SOURCE)) map.removeSource(DRONES_SOURCE);
}
