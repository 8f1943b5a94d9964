/**
 * Where the page's files were shot, clustered. Renderless: one effect adds the source, layers and
 * handlers; the other pushes the rows and frames them.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, LngLatBoundsLike, MapLayerMouseEvent } from 'maplibre-gl';
import type { MediaFile } from '../../../protocol/media.ts';
import { useToDisplay } from '../../map/displayCoords.ts';
import {
  addPhotoLayers,
  CLUSTER_LAYER,
  PHOTO_LAYER,
  PHOTOS_SOURCE,
  photosGeoJson,
  removePhotoLayers,
} from './photoLayers.ts';

/** Padding around the framed photos, px, so edge markers are not cut by the controls. */
const FIT_PADDING_PX = 60;
/** Do not zoom closer than this when framing (one photo alone would otherwise fill the screen). */
const FIT_MAX_ZOOM = 17;

/** Draws the shooting positions; a click on a photo reports its index on the page. */
export function PhotosLayer({
  rows,
  onOpen,
}: {
  rows: readonly MediaFile[];
  onOpen: (index: number) => void;
}) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    if (map === undefined) return;
    addPhotoLayers(map);
    const openPhoto = (e: MapLayerMouseEvent) => {
      const index: unknown = e.features?.[0]?.properties.index;
      if (typeof index === 'number') onOpenRef.current(index);
    };
    const expand = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const id: unknown = feature?.properties.cluster_id;
      const source = map.getSource<GeoJSONSource>(PHOTOS_SOURCE);
      if (typeof id !== 'number' || source === undefined || feature?.geometry.type !== 'Point')
        return;
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      void source
        .getClusterExpansionZoom(id)
        .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
    };
    const pointer = () => void (map.getCanvas().style.cursor = 'pointer');
    const plain = () => void (map.getCanvas().style.cursor = '');
    map.on('click', PHOTO_LAYER, openPhoto);
    map.on('click', CLUSTER_LAYER, expand);
    for (const layer of [PHOTO_LAYER, CLUSTER_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      map.off('click', PHOTO_LAYER, openPhoto);
      map.off('click', CLUSTER_LAYER, expand);
      for (const layer of [PHOTO_LAYER, CLUSTER_LAYER]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      // React may remove the map before this layer; a removed map has no style left to clean.
      if (!map._removed) removePhotoLayers(map);
    };
  }, [map]);

  useEffect(() => {
    if (map === undefined) return;
    const data = photosGeoJson(rows, toDisplay);
    void map.getSource<GeoJSONSource>(PHOTOS_SOURCE)?.setData(data);
    // Told once the map has drawn them, so a reader (or a test) sees what is really on screen.
    const count = String(data.features.length);
    map.once('idle', () => {
      map.getContainer().dataset.photos = count;
    });
    const points = data.features.map((f) => f.geometry.coordinates);
    if (points.length === 0) return;
    const lngs = points.map((p) => p[0] ?? 0);
    const lats = points.map((p) => p[1] ?? 0);
    const bounds: LngLatBoundsLike = [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ];
    map.fitBounds(bounds, { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration: 0 });
  }, [map, rows, toDisplay]);

  return null;
}
