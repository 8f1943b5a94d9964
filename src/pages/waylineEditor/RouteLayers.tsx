/**
 * The route's line and the midpoints where a click inserts a waypoint. The waypoints themselves are
 * terra-draw's (RouteDraw), which are drawn above these layers.
 */
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection } from 'geojson';
import { midpoints } from '../../lib/route/routeMeasure.ts';
import type { EditorRoute } from '../../lib/route/routeModel.ts';
import { useDisplayDatum } from './displayDatum.ts';

export function RouteLayers({ route }: { route: EditorRoute }) {
  const { toDisplay } = useDisplayDatum();
  const data = useMemo((): FeatureCollection => {
    const line = route.points.map((p) => toDisplay(p.lng, p.lat));
    return {
      type: 'FeatureCollection',
      features: [
        ...(line.length > 1
          ? [
              {
                type: 'Feature' as const,
                properties: { kind: 'line' },
                geometry: { type: 'LineString' as const, coordinates: line },
              },
            ]
          : []),
        ...midpoints(route).map((m) => ({
          type: 'Feature' as const,
          properties: { kind: 'mid' },
          geometry: { type: 'Point' as const, coordinates: toDisplay(m.lng, m.lat) },
        })),
      ],
    };
  }, [route, toDisplay]);
  return (
    <Source id="editor-route" type="geojson" data={data}>
      <Layer
        id="editor-route-line"
        type="line"
        filter={['==', ['get', 'kind'], 'line']}
        paint={{ 'line-color': '#2d72d2', 'line-width': 3 }}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
      />
      <Layer
        id="editor-route-mid"
        type="circle"
        filter={['==', ['get', 'kind'], 'mid']}
        paint={{
          'circle-radius': 4,
          'circle-color': '#ffffff',
          'circle-stroke-color': '#2d72d2',
          'circle-stroke-width': 2,
          'circle-opacity': 0.9,
        }}
      />
    </Source>
  );
}
