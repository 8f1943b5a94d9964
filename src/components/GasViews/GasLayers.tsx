/**
 * The smell map's layers, renderless inside the ConsoleMap: a heatmap of the chosen gas, the track
 * coloured by its concentration (green → red at the warning threshold), where each aircraft is at the
 * replay time, and the estimated source with its uncertainty circle.
 */
import { useEffect } from 'react';
import type { ExpressionSpecification, GeoJSONSource } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import type {
  GasChannel,
  GasPoint,
  GasSourceEstimate,
  GasThreshold,
} from '../../../protocol/gas.ts';
import { useToDisplay } from '../../map/displayCoords.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { headFeatures, pointFeatures, sourceFeatures, trackFeatures } from './gasGeoJson.ts';
import { RAMP, rampStops } from './gasLevels.ts';

const SRC = {
  track: 'linxiu-track',
  points: 'linxiu-points',
  heads: 'linxiu-heads',
  source: 'linxiu-source',
};
const LAYER = {
  heat: 'linxiu-heat',
  track: 'linxiu-track-line',
  heads: 'linxiu-heads-dot',
  area: 'linxiu-source-area',
  source: 'linxiu-source-dot',
};
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

function colourBy(t: GasThreshold): ExpressionSpecification {
  const [half, caution, warning] = rampStops(t);
  return [
    'interpolate',
    ['linear'],
    ['get', 'v'],
    0,
    RAMP[0],
    half,
    RAMP[1],
    caution,
    RAMP[2],
    warning,
    RAMP[3],
  ];
}

interface Props {
  points: readonly GasPoint[];
  gas: GasChannel;
  threshold: GasThreshold;
  source: GasSourceEstimate | null;
}

export function GasLayers({ points, gas, threshold, source }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();

  useEffect(() => {
    if (map === undefined) return;
    for (const id of Object.values(SRC)) map.addSource(id, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: LAYER.heat,
      type: 'heatmap',
      source: SRC.points,
      paint: {
        'heatmap-weight': 0,
        'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 10, 12, 16, 40],
        'heatmap-opacity': 0.75,
      },
    });
    map.addLayer({
      id: LAYER.track,
      type: 'line',
      source: SRC.track,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-width': 4, 'line-color': RAMP[0] },
    });
    map.addLayer({
      id: LAYER.area,
      type: 'fill',
      source: SRC.source,
      filter: ['==', ['get', 'kind'], 'area'],
      paint: { 'fill-color': '#7961db', 'fill-opacity': 0.18, 'fill-outline-color': '#7961db' },
    });
    map.addLayer({
      id: LAYER.source,
      type: 'circle',
      source: SRC.source,
      filter: ['==', ['get', 'kind'], 'source'],
      paint: {
        'circle-radius': 8,
        'circle-color': '#7961db',
        'circle-stroke-width': 3,
        'circle-stroke-color': '#ffffff',
      },
    });
    map.addLayer({
      id: LAYER.heads,
      type: 'circle',
      source: SRC.heads,
      paint: {
        'circle-radius': 6,
        'circle-color': '#2d72d2',
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    return () => {
      if (!mapAlive(map)) return;
      for (const id of Object.values(LAYER)) if (map.getLayer(id)) map.removeLayer(id);
      for (const id of Object.values(SRC)) if (map.getSource(id)) map.removeSource(id);
    };
  }, [map]);

  useEffect(() => {
    if (map === undefined || !map.getLayer(LAYER.track)) return;
    const [, , warning] = rampStops(threshold);
    map.setPaintProperty(LAYER.track, 'line-color', colourBy(threshold));
    // Heat grows with the value up to the warning level; clean air adds nothing.
    map.setPaintProperty(LAYER.heat, 'heatmap-weight', [
      'interpolate',
      ['linear'],
      ['get', 'v'],
      0,
      0,
      warning,
      1,
    ]);
  }, [map, threshold]);

  useEffect(() => {
    if (map === undefined) return;
    const set = (id: string, data: GeoJSON.FeatureCollection) =>
      void map.getSource<GeoJSONSource>(id)?.setData(data);
    const pts = pointFeatures(points, gas, toDisplay);
    set(SRC.points, pts);
    set(SRC.track, trackFeatures(points, gas, toDisplay));
    set(SRC.heads, headFeatures(points, toDisplay));
    set(SRC.source, sourceFeatures(source, toDisplay));
    // What the map was handed, for tests and for a person inspecting the page.
    const box = map.getContainer();
    box.setAttribute('data-heat-points', String(pts.features.length));
    box.setAttribute('data-source', source ? 'yes' : 'no');
    // Drawn once the map has rendered this data (a report or a screenshot waits for it).
    box.setAttribute('data-idle', 'no');
    const idle = () => box.setAttribute('data-idle', 'yes');
    map.once('idle', idle);
    map.triggerRepaint();
    return () => {
      map.off('idle', idle);
    };
  }, [map, points, gas, source, toDisplay]);

  return null;
}
