/**
 * The cockpit mini-map's own layer: the aircraft (an arrow turned to its heading), its home and the
 * fly-to target, from one GeoJSON source. Renderless: one effect adds the source and layers, the
 * other pushes positions.
 */
import type { GeoJSONSource, MapMouseEvent } from 'maplibre-gl';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { useToDisplay } from '../../map/displayCoords.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import { gcj02ToWgs84 } from '../../map/datumConvert.ts';
import { useBasemapState } from '../../map/basemapStore.ts';
import { datumOf } from '../../map/presets.ts';
import { mapAlive } from '../../map/mapAlive.ts';

const SOURCE = 'skydeck-cockpit';
const LAYERS = ['skydeck-cockpit-home', 'skydeck-cockpit-target', 'skydeck-cockpit-aircraft'];

export interface LatLon {
  lat: number;
  lon: number;
}

interface Props {
  aircraft: LatLon | null;
  heading: number | null;
  home: LatLon | null;
  target: LatLon | null;
  /** A click on the map, in WGS-84; absent while clicks mean nothing. */
  onPick?: (point: LatLon) => void;
}

function point(
  kind: string,
  at: LatLon | null,
  toDisplay: ToDisplay,
  heading = 0,
): Feature<Point>[] {
  if (at === null) return [];
  return [
    {
      type: 'Feature',
      properties: { kind, heading },
      geometry: { type: 'Point', coordinates: toDisplay(at.lon, at.lat) },
    },
  ];
}

export function CockpitMarkers({ aircraft, heading, home, target, onPick }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const gcj = datumOf(useBasemapState().active) === 'gcj02';

  useEffect(() => {
    if (map === undefined) return;
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: 'skydeck-cockpit-home',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['get', 'kind'], 'home'],
      paint: {
        'circle-radius': 7,
        'circle-color': '#238551',
        'circle-stroke-color': '#fff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: 'skydeck-cockpit-target',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['get', 'kind'], 'target'],
      paint: {
        'circle-radius': 6,
        'circle-color': '#d33d17',
        'circle-stroke-color': '#fff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: 'skydeck-cockpit-aircraft',
      type: 'symbol',
      source: SOURCE,
      filter: ['==', ['get', 'kind'], 'aircraft'],
      layout: {
        'text-field': '▲',
        'text-size': 26,
        'text-rotate': ['get', 'heading'],
        'text-rotation-alignment': 'map',
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#f0b726', 'text-halo-color': '#111', 'text-halo-width': 1.5 },
    });
    return () => {
      if (!mapAlive(map)) return;
      for (const id of [...LAYERS].reverse()) map.removeLayer(id);
      map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    if (map === undefined) return;
    const data: FeatureCollection<Point> = {
      type: 'FeatureCollection',
      features: [
        ...point('home', home, toDisplay),
        ...point('target', target, toDisplay),
        ...point('aircraft', aircraft, toDisplay, heading ?? 0),
      ],
    };
    void map.getSource<GeoJSONSource>(SOURCE)?.setData(data);
  }, [map, aircraft, heading, home, target, toDisplay]);

  useEffect(() => {
    if (map === undefined || onPick === undefined) return;
    const click = (event: MapMouseEvent): void => {
      const { lng, lat } = event.lngLat;
      // The map draws in the basemap's datum; the aircraft flies in WGS-84.
      const [lon, wlat] = gcj ? gcj02ToWgs84(lng, lat) : [lng, lat];
      onPick({ lat: wlat, lon });
    };
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    return () => {
      map.off('click', click);
      if (mapAlive(map)) map.getCanvas().style.cursor = '';
    };
  }, [map, onPick, gcj]);

  return null;
}
