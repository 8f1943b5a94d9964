/**
 * The alarms as one clustered GeoJSON source: bubbles with their count when zoomed out, a dot
 * coloured by level per alarm when zoomed in; a click on a dot opens the alarm.
 */
import { useEffect } from 'react';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import { CLUSTER_ICON_PREFIX } from '../../map/icons/clusterIcons.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { provideMapIcons } from '../../map/icons/mapIcons.ts';

const SOURCE = 'aralm-alarms';
const CLUSTERS = 'aralm-alarm-clusters';
const POINTS = 'aralm-alarm-points';
/** Past this zoom every alarm is its own dot. */
const CLUSTER_MAX_ZOOM = 15;
const CLUSTER_RADIUS_PX = 48;

function geoJson(alarms: readonly AiAlarm[], toDisplay: ToDisplay): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: alarms.flatMap((a) =>
      a.latitude === null || a.longitude === null
        ? []
        : [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: toDisplay(a.longitude, a.latitude) },
              properties: { id: a.id, level: a.level },
            },
          ],
    ),
  };
}

export function AlarmClusterLayer({
  alarms,
  toDisplay,
  onOpen,
}: {
  alarms: readonly AiAlarm[];
  toDisplay: ToDisplay;
  onOpen: (id: number) => void;
}) {
  const map = useMap().current?.getMap();
  useEffect(() => {
    if (map === undefined) return;
    const stopIcons = provideMapIcons(map);
    map.addSource(SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: true,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterRadius: CLUSTER_RADIUS_PX,
    });
    map.addLayer({
      id: CLUSTERS,
      type: 'symbol',
      source: SOURCE,
      filter: ['has', 'point_count'],
      layout: {
        'icon-image': ['concat', CLUSTER_ICON_PREFIX, ['to-string', ['get', 'point_count']]],
        'icon-allow-overlap': true,
      },
    });
    map.addLayer({
      id: POINTS,
      type: 'circle',
      source: SOURCE,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': 7,
        'circle-color': ['match', ['get', 'level'], 2, '#cd4246', 1, '#d9822b', '#2d72d2'],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    });
    const click = (e: MapLayerMouseEvent) => {
      const id = Number(e.features?.[0]?.properties.id);
      if (Number.isInteger(id)) onOpen(id);
    };
    map.on('click', POINTS, click);
    return () => {
      map.off('click', POINTS, click);
      stopIcons();
      // The map may already be gone (its tab closed): nothing left to remove then.
      if (!mapAlive(map)) return;
      if (map.getLayer(POINTS)) map.removeLayer(POINTS);
      if (map.getLayer(CLUSTERS)) map.removeLayer(CLUSTERS);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, onOpen]);
  useEffect(() => {
    const source = map?.getSource<GeoJSONSource>(SOURCE);
    const data = geoJson(alarms, toDisplay);
    void source?.setData(data);
    // What the map was handed, for tests and for a person inspecting the page.
    map
      ?.getContainer()
      .setAttribute('data-drawn', source ? String(data.features.length) : 'no-source');
  }, [map, alarms, toDisplay]);
  return null;
}
