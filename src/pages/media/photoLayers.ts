/** The clustered source of shooting positions and its three layers: clusters, counts, photos. */
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MediaFile } from '../../../protocol/media.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';

export const PHOTOS_SOURCE = 'skydeck-media-photos';
export const CLUSTER_LAYER = 'skydeck-media-clusters';
export const COUNT_LAYER = 'skydeck-media-cluster-count';
export const PHOTO_LAYER = 'skydeck-media-points';

/** Photos closer than this many pixels merge into one numbered circle. */
const CLUSTER_RADIUS_PX = 40;
/** From this zoom every photo is drawn alone (a mapping flight shoots every few metres). */
const CLUSTER_MAX_ZOOM = 17;

/** The files of the page that carry a position, as points with their index on the page. */
export function photosGeoJson(
  rows: readonly MediaFile[],
  toDisplay: ToDisplay,
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: rows.flatMap((file, index) =>
      file.lat === null || file.lon === null
        ? []
        : [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: toDisplay(file.lon, file.lat) },
              properties: { index, kind: file.kind },
            },
          ],
    ),
  };
}

/** Adds the source and layers. */
export function addPhotoLayers(map: MapLibreMap): void {
  map.addSource(PHOTOS_SOURCE, {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    cluster: true,
    clusterRadius: CLUSTER_RADIUS_PX,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: PHOTOS_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#2d72d2',
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 50, 24],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: COUNT_LAYER,
    type: 'symbol',
    source: PHOTOS_SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      // The offline basemap has no glyph server: the browser's own font draws the count.
      'text-font': ['sans-serif'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: PHOTO_LAYER,
    type: 'circle',
    source: PHOTOS_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': ['case', ['==', ['get', 'kind'], 'video'], '#c87619', '#238551'],
      'circle-radius': 7,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

/** Removes what {@link addPhotoLayers} added. */
export function removePhotoLayers(map: MapLibreMap): void {
  for (const layer of [PHOTO_LAYER, COUNT_LAYER, CLUSTER_LAYER])
    if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(PHOTOS_SOURCE)) map.removeSource(PHOTOS_SOURCE);
}
