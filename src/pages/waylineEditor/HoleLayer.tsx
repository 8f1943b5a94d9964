/**
 * The holes of the mapping area on the editor's map: each shaded and hatched, as if cut out of the
 * area, ringed by an orange dashed edge on a light casing (legible on satellite imagery and on the
 * light and dark street maps alike), and numbered as the mapping panel lists them. Below the
 * route's line, so a hop between two passes that crosses a hole stays visible.
 */
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import type { Feature, FeatureCollection } from 'geojson';
import { centerOfMass, polygon } from '@turf/turf';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import { hatchLines } from './hatchLines.ts';

const SOURCE = 'editor-holes';
const EDGE_LAYER = `${SOURCE}-edge`;
const EDGE = '#ec9a3c';
const CASING = '#ffffff';
const SHADE = '#1c2127';

export function HoleLayer({ holes }: { holes: readonly (readonly [number, number][])[] }) {
  const { toDisplay } = useDisplayDatum();
  const map = useMap().current?.getMap();
  const data = useMemo((): FeatureCollection => {
    const features: Feature[] = [];
    holes.forEach((hole, i) => {
      if (hole.length < 3) return;
      const shown = hole.map(([lng, lat]) => toDisplay(lng, lat));
      const shape = polygon([[...shown, shown[0] ?? [0, 0]]], { kind: 'hole', n: i + 1 });
      features.push(shape, {
        ...centerOfMass(shape),
        properties: { kind: 'label', label: String(i + 1) },
      });
      for (const stroke of hatchLines(shown))
        features.push({
          type: 'Feature',
          properties: { kind: 'hatch' },
          geometry: { type: 'LineString', coordinates: stroke },
        });
    });
    return { type: 'FeatureCollection', features };
  }, [holes, toDisplay]);
  // How many holes the map has drawn, readable from the page once it went idle with them (a canvas
  // has no DOM to query, and a slow machine draws them well after they are set).
  useEffect(() => {
    if (!map) return;
    const dataset = map.getContainer().dataset;
    const drawn = () => {
      const edges = map.getLayer(EDGE_LAYER)
        ? map.queryRenderedFeatures({ layers: [EDGE_LAYER] })
        : [];
      dataset.holesDrawn = String(new Set(edges.map((f) => f.properties.n as unknown)).size);
    };
    map.once('idle', drawn);
    return () => {
      map.off('idle', drawn);
    };
  }, [map, data]);
  return (
    <Source id={SOURCE} type="geojson" data={data}>
      <Layer
        id={`${SOURCE}-shade`}
        type="fill"
        filter={['==', ['get', 'kind'], 'hole']}
        paint={{ 'fill-color': SHADE, 'fill-opacity': 0.3 }}
      />
      <Layer
        id={`${SOURCE}-hatch`}
        type="line"
        filter={['==', ['get', 'kind'], 'hatch']}
        paint={{ 'line-color': EDGE, 'line-width': 1, 'line-opacity': 0.7 }}
      />
      <Layer
        id={`${SOURCE}-casing`}
        type="line"
        filter={['==', ['get', 'kind'], 'hole']}
        paint={{ 'line-color': CASING, 'line-width': 4, 'line-opacity': 0.8 }}
      />
      <Layer
        id={EDGE_LAYER}
        type="line"
        filter={['==', ['get', 'kind'], 'hole']}
        paint={{ 'line-color': EDGE, 'line-width': 2.5, 'line-dasharray': [2, 1.5] }}
      />
      <Layer
        id={`${SOURCE}-label`}
        type="symbol"
        filter={['==', ['get', 'kind'], 'label']}
        layout={{
          'text-field': ['get', 'label'],
          'text-font': ['sans-serif'],
          'text-size': 14,
          'text-optional': true,
        }}
        paint={{ 'text-color': '#ffffff', 'text-halo-color': SHADE, 'text-halo-width': 2 }}
      />
    </Source>
  );
}
