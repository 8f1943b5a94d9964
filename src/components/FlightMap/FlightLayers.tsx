/**
 * The flight drawn on a map: the planned route dashed, the flown track solid, the start, the photos
 * and, while it flies, the aircraft. Renderless like the workbench layers; mount once the style is
 * loaded. The view fits the route and track the first time they are known.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource } from 'maplibre-gl';
import { useToDisplay } from '../../map/displayCoords.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { flightBounds, flightFeatures, type FlightShapes } from './flightGeoJson.ts';

const SOURCE = 'skydeck-flight';
const LAYERS = ['planned', 'flown', 'points'].map((l) => `skydeck-flight-${l}`);

/** Colours of the map and its legend. */
export const FLIGHT_COLOURS = {
  planned: '#4c90f0',
  flown: '#f0b726',
  home: '#32a467',
  photo: '#f5498b',
  aircraft: '#e76a6e',
} as const;

interface Props {
  shapes: FlightShapes;
  /** Wall screen: thicker lines and larger points. */
  large?: boolean;
}

export function FlightLayers({ shapes, large = false }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const fitted = useRef(false);
  const scale = large ? 2 : 1;

  useEffect(() => {
    if (map === undefined) return;
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: LAYERS[0] ?? '',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['get', 'kind'], 'planned'],
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': FLIGHT_COLOURS.planned,
        'line-width': 2.5 * scale,
        'line-dasharray': [2, 1.5],
      },
    });
    map.addLayer({
      id: LAYERS[1] ?? '',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['get', 'kind'], 'flown'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': FLIGHT_COLOURS.flown, 'line-width': 3 * scale },
    });
    map.addLayer({
      id: LAYERS[2] ?? '',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-color': [
          'match',
          ['get', 'kind'],
          'home',
          FLIGHT_COLOURS.home,
          'photo',
          FLIGHT_COLOURS.photo,
          FLIGHT_COLOURS.aircraft,
        ],
        'circle-radius': [
          'match',
          ['get', 'kind'],
          'photo',
          4 * scale,
          'aircraft',
          8 * scale,
          7 * scale,
        ],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2 * scale,
      },
    });
    return () => {
      if (!mapAlive(map)) return;
      for (const id of [...LAYERS].reverse()) map.removeLayer(id);
      map.removeSource(SOURCE);
    };
  }, [map, scale]);

  useEffect(() => {
    if (map === undefined) return;
    const features = flightFeatures(shapes, toDisplay);
    const source = map.getSource<GeoJSONSource>(SOURCE);
    void source?.setData(features);
    // What the map has drawn once it settles (kinds of the features), for tests and inspection.
    const kinds = features.features.map((f) => String(f.properties?.kind)).join(',');
    map.once('idle', () => {
      if (mapAlive(map)) map.getContainer().dataset.drawn = kinds;
    });
    if (fitted.current) return;
    const bounds = flightBounds(shapes, toDisplay);
    if (bounds === null) return;
    fitted.current = true;
    map.fitBounds(bounds, { padding: 48 * scale, duration: 0, maxZoom: 17 });
  }, [map, shapes, toDisplay, scale]);

  return null;
}
