/**
 * The edited wayline's line and the midpoints where a click inserts a waypoint, and the other
 * waylines of the file, dashed and grey, for where they lie. The edited waypoints themselves are
 * terra-draw's (RouteDraw), which are drawn above these layers.
 */
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { Feature, FeatureCollection } from 'geojson';
import { midpoints } from '../../lib/route/routeMeasure.ts';
import { activePoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import { useDisplayDatum } from '../../map/displayCoords.ts';

const ACTIVE = '#2d72d2';
const OTHER = '#8f99a8';

export function RouteLayers({ route }: { route: EditorRoute }) {
  const { toDisplay } = useDisplayDatum();
  const data = useMemo((): FeatureCollection => {
    const features: Feature[] = [];
    route.waylines.forEach((w, i) => {
      if (i === route.active) return;
      const line = w.points.map((p) => toDisplay(p.lng, p.lat));
      if (line.length > 1)
        features.push({
          type: 'Feature',
          properties: { kind: 'other' },
          geometry: { type: 'LineString', coordinates: line },
        });
      for (const at of line)
        features.push({
          type: 'Feature',
          properties: { kind: 'otherPoint' },
          geometry: { type: 'Point', coordinates: at },
        });
    });
    const line = activePoints(route).map((p) => toDisplay(p.lng, p.lat));
    if (line.length > 1)
      features.push({
        type: 'Feature',
        properties: { kind: 'line' },
        geometry: { type: 'LineString', coordinates: line },
      });
    for (const m of midpoints(route))
      features.push({
        type: 'Feature',
        properties: { kind: 'mid' },
        geometry: { type: 'Point', coordinates: toDisplay(m.lng, m.lat) },
      });
    return { type: 'FeatureCollection', features };
  }, [route, toDisplay]);
  return (
    <Source id="editor-route" type="geojson" data={data}>
      <Layer
        id="editor-route-other"
        type="line"
        filter={['==', ['get', 'kind'], 'other']}
        paint={{ 'line-color': OTHER, 'line-width': 2, 'line-dasharray': [2, 2] }}
        layout={{ 'line-join': 'round' }}
      />
      <Layer
        id="editor-route-other-point"
        type="circle"
        filter={['==', ['get', 'kind'], 'otherPoint']}
        paint={{
          'circle-radius': 3,
          'circle-color': OTHER,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        }}
      />
      <Layer
        id="editor-route-line"
        type="line"
        filter={['==', ['get', 'kind'], 'line']}
        paint={{ 'line-color': ACTIVE, 'line-width': 3 }}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
      />
      <Layer
        id="editor-route-mid"
        type="circle"
        filter={['==', ['get', 'kind'], 'mid']}
        paint={{
          'circle-radius': 4,
          'circle-color': '#ffffff',
          'circle-stroke-color': ACTIVE,
          'circle-stroke-width': 2,
          'circle-opacity': 0.9,
        }}
      />
    </Source>
  );
}
