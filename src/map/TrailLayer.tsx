/**
 * The selected drone's recent path. Renderless, like every map layer here: one effect adds the
 * source and layer, the other pushes the trail once a second (history holds one point per second).
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource } from 'maplibre-gl';
import type { Feature, LineString } from 'geojson';
import { clock } from '../lib/clock.ts';
import type { ToDisplay } from './displayCoords.ts';
import { useToDisplay } from './displayCoords.ts';
import { historyOf } from '../state/fleet.ts';
import { mapAlive } from './mapAlive.ts';

const TRAIL_SOURCE = 'skydeck-trail';
const TRAIL_LAYER = 'skydeck-trail-line';
/** The trail shows the last few minutes: enough to see a patrol's shape, short enough to stay clear. */
export const TRAIL_WINDOW_MS = 5 * 60_000;
const TRAIL_REFRESH_MS = 1_000;

function trail(sn: string | null, toDisplay: ToDisplay): Feature<LineString> {
  const points = sn === null ? [] : historyOf(sn).points(clock.now() - TRAIL_WINDOW_MS);
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: points.map((p) => toDisplay(p.lon, p.lat)) },
  };
}

/** Draws the trail of `sn` (nothing when no drone is selected). */
export function TrailLayer({ sn }: { sn: string | null }) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();

  useEffect(() => {
    if (map === undefined) return;
    map.addSource(TRAIL_SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    });
    map.addLayer({
      id: TRAIL_LAYER,
      type: 'line',
      source: TRAIL_SOURCE,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#f0b726', 'line-width': 2.5, 'line-opacity': 0.85 },
    });
    return () => {
      if (!mapAlive(map)) return;
      map.removeLayer(TRAIL_LAYER);
      map.removeSource(TRAIL_SOURCE);
    };
  }, [map]);

  useEffect(() => {
    if (map === undefined) return;
    const push = (): void =>
      void map.getSource<GeoJSONSource>(TRAIL_SOURCE)?.setData(trail(sn, toDisplay));
    push();
    return clock.setInterval(push, TRAIL_REFRESH_MS);
  }, [map, sn, toDisplay]);

  return null;
}
