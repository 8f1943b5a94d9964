import { useEffect, useRef, useState } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import type { Query } from '../../api/createClient.ts';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { framePlaces } from '../../map/framePlaces.ts';
import { useToDisplay } from '../../map/displayCoords.ts';
import { AlarmClusterLayer } from './AlarmClusterLayer.tsx';
import { listAiAlarms } from './aralmApi.ts';

/** Alarms drawn on the map at most: the newest ones matching the search. */
const MAP_LIMIT = 1000;
/** Where the map opens before the alarms have loaded: the demo area. */
const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 11 };
/** Framing the alarms stops at street level, so one lone alarm does not fill the screen. */
const FIT_MAX_ZOOM = 14;
const FIT_PADDING_PX = 60;

type Placed = AiAlarm & { latitude: number; longitude: number };

/** The map mode: every matching alarm with a position, clustered, the camera framing them. */
export function AlarmMapView({ query, onOpen }: { query: Query; onOpen: (id: number) => void }) {
  const { t } = useTranslation('aiAlarms');
  const toDisplay = useToDisplay();
  const [alarms, setAlarms] = useState<AiAlarm[] | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  useEffect(() => {
    void listAiAlarms({ ...query, current: 1, size: MAP_LIMIT }).then(
      (p) => setAlarms(p.data),
      () => setAlarms([]),
    );
  }, [query]);
  const placed = (alarms ?? []).filter(
    (a): a is Placed => a.latitude !== null && a.longitude !== null,
  );
  // The alarms load after the map opened: frame them once per search (the list is fetched again only
  // when the search changes), so a person who then moves the map keeps their view.
  const framed = useRef<{ map: MapLibreMap; alarms: AiAlarm[] } | null>(null);
  useEffect(() => {
    if (map === null || alarms === null) return;
    if (framed.current?.map === map && framed.current.alarms === alarms) return;
    framed.current = { map, alarms };
    framePlaces(
      map,
      placed.map((a) => [a.longitude, a.latitude] as const),
      toDisplay,
      { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM },
    );
  }, [map, alarms, placed, toDisplay]);
  return (
    <div className="aralm-map" data-testid="alarm-map" data-alarms={placed.length}>
      <ConsoleMap initialViewState={INITIAL_VIEW} onLoaded={setMap}>
        <AlarmClusterLayer alarms={placed} toDisplay={toDisplay} onOpen={onOpen} />
      </ConsoleMap>
      {alarms !== null && placed.length === 0 && (
        <NonIdealState className="aralm-map-empty" icon="map-marker" title={t('map.empty')} />
      )}
    </div>
  );
}
