/**
 * The selected drone's recent path. Renderless, like every map layer here: one effect adds the
 * source and layer, the other pushes the trail once a second (history holds one point per second)
 * and at once when the history was backfilled after a lost link.
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Feature, LineString } from 'geojson';
import { clock } from '../lib/clock.ts';
import type { ToDisplay } from './displayCoords.ts';
import { useToDisplay } from './displayCoords.ts';
import { historyOf, onHistoryFill } from '../fleet/fleet.ts';
import type { HistoryPoint } from '../fleet/derive/history.ts';
import { showHistory } from '../telemetry/shownHistories.ts';
import { mapAlive } from './mapAlive.ts';

const TRAIL_SOURCE = 'skydeck-trail';
const TRAIL_LAYER = 'skydeck-trail-line';
/** The trail shows the last few minutes: enough to see a patrol's shape, short enough to stay clear. */
export const TRAIL_WINDOW_MS = 5 * 60_000;
const TRAIL_REFRESH_MS = 1_000;

function trail(points: readonly HistoryPoint[], toDisplay: ToDisplay): Feature<LineString> {
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: points.map((p) => toDisplay(p.lon, p.lat)) },
  };
}

/** The longest time between consecutive points, ms (0 for fewer than two). */
function maxGapMs(points: readonly HistoryPoint[]): number {
  let gap = 0;
  for (let i = 1; i < points.length; i += 1)
    gap = Math.max(gap, (points[i]?.t ?? 0) - (points[i - 1]?.t ?? 0));
  return gap;
}

/**
 * What the map holds, readable from the page (a canvas has no DOM to query): the point count and
 * the longest gap; the points themselves (time, WGS-84 position) only when a test asked for the
 * probe, as they change every second.
 */
function exposeTrail(map: MapLibreMap, sn: string | null, points: readonly HistoryPoint[]): void {
  const data = map.getContainer().dataset;
  data.trailSn = sn ?? '';
  data.trailPoints = String(points.length);
  data.trailMaxGapMs = String(maxGapMs(points));
  if (globalThis.__skydeckProbeWanted === true)
    data.trail = JSON.stringify(points.map((p) => [p.t, p.lon, p.lat]));
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

  // A drawn trail is backfilled first after a lost link, however large the fleet.
  useEffect(() => (sn === null ? undefined : showHistory(sn)), [sn]);

  useEffect(() => {
    if (map === undefined) return;
    const push = (): void => {
      const points = sn === null ? [] : historyOf(sn).points(clock.now() - TRAIL_WINDOW_MS);
      void map.getSource<GeoJSONSource>(TRAIL_SOURCE)?.setData(trail(points, toDisplay));
      exposeTrail(map, sn, points);
    };
    push();
    const stopTimer = clock.setInterval(push, TRAIL_REFRESH_MS);
    const offFill = onHistoryFill((filled) => {
      if (filled === sn) push();
    });
    return () => {
      stopTimer();
      offFill();
    };
  }, [map, sn, toDisplay]);

  return null;
}
