import { useEffect, useState } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import type { Query } from '../../api/createClient.ts';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { useToDisplay } from '../../map/displayCoords.ts';
import { AlarmClusterLayer } from './AlarmClusterLayer.tsx';
import { listAiAlarms } from './aralmApi.ts';

/** Alarms drawn on the map at most: the newest ones matching the search. */
const MAP_LIMIT = 1000;

/** The map mode: every matching alarm with a position, clustered. */
export function AlarmMapView({ query, onOpen }: { query: Query; onOpen: (id: number) => void }) {
  const { t } = useTranslation('aralmPage');
  const toDisplay = useToDisplay();
  const [alarms, setAlarms] = useState<AiAlarm[]>([]);
  useEffect(() => {
    void listAiAlarms({ ...query, current: 1, size: MAP_LIMIT }).then(
      (p) => setAlarms(p.data),
      () => undefined,
    );
  }, [query]);
  const placed = alarms.filter((a) => a.latitude !== null && a.longitude !== null);
  const first = placed[0];
  const [initial] = useState(() => ({ longitude: 113.95, latitude: 22.54, zoom: 11 }));
  return (
    <div className="aralm-map" data-testid="alarm-map" data-alarms={placed.length}>
      <ConsoleMap
        initialViewState={
          first?.longitude != null && first.latitude != null
            ? { longitude: first.longitude, latitude: first.latitude, zoom: 11 }
            : initial
        }
        // The tab's panel may have been laid out after the map measured it.
        onLoaded={(map) => map.resize()}
      >
        <AlarmClusterLayer alarms={placed} toDisplay={toDisplay} onOpen={onOpen} />
      </ConsoleMap>
      {placed.length === 0 && (
        <NonIdealState className="aralm-map-empty" icon="map-marker" title={t('map.empty')} />
      )}
    </div>
  );
}
