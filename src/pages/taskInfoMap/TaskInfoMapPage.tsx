/**
 * The wall map (/taskInfoMap?id=<flight>): one flight full screen, no layout, dark, type large
 * enough to read from across a room: the planned route, the aircraft live with its trail, progress,
 * the waypoint, the expected end and how old the data on screen is. Without a flight id it offers
 * the project's recent flights to pick from.
 */
import { NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FlightLegend } from '../../components/FlightMap/FlightLegend.tsx';
import { FlightMap } from '../../components/FlightMap/FlightMap.tsx';
import type { FlightShapes } from '../../components/FlightMap/flightGeoJson.ts';
import { useSubtask } from '../../components/FlightMap/useSubtask.ts';
import { isEnded, isFlying, runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';
import { useNow } from '../../lib/useNow.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { positionOf } from '../../fleet/derive/fields.ts';
import { useFleetDevices } from '../../fleet/load/useFleetDevices.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import { FlightPicker } from './FlightPicker.tsx';
import './taskInfoMap.css';

export default function TaskInfoMapPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  // No flight named (or no number): nothing to ask the server for, so the user picks one instead.
  if (!Number.isInteger(id) || id <= 0) return <FlightPicker />;
  return <WallMap id={id} />;
}

/** The wall map of flight `id`. */
function WallMap({ id }: { id: number }) {
  useTelemetryBridge();
  useFleetDevices();
  const { t } = useTranslation('subtasksInfo');
  const words = useTranslation('taskWords').t;
  const { detail, live } = useSubtask(id);
  const loaded = detail !== null && detail !== 'missing' ? detail : null;
  const aircraft = useDeviceTelemetry(loaded?.aircraft_sn ?? '');
  const now = useNow(1000);
  const state = live?.status ?? loaded?.execution.state ?? '';
  const flying = isFlying(state);
  // The aircraft's position only while it flies: a landed aircraft keeps reporting one, and a
  // new shape for every report redraws the map many times a second for nothing.
  const lat = flying ? positionOf(aircraft).num('latitude') : null;
  const lon = flying ? positionOf(aircraft).num('longitude') : null;
  const shapes = useMemo<FlightShapes>(
    () => ({
      route: loaded?.route ?? [],
      track: loaded?.track ?? [],
      photos: [],
      aircraft: lat !== null && lon !== null ? { lat, lon } : null,
    }),
    [loaded, lat, lon],
  );
  if (detail === null)
    return (
      <div className="sd-wall bp6-dark">
        <Spinner />
      </div>
    );
  if (loaded === null)
    return (
      <div className="sd-wall bp6-dark">
        <NonIdealState icon="search" title={t('notFound')} />
      </div>
    );
  const x = loaded.execution;
  const percent = live?.percent ?? x.percent;
  const total = live?.total ?? x.total_waypoints;
  const waypoint = (live?.waypoint ?? x.current_waypoint) + 1;
  const eta = live?.eta ?? null;
  const age = aircraft ? Math.max(0, Math.round((now - aircraft.receivedAt) / 1000)) : null;
  return (
    <div className="sd-wall bp6-dark" data-testid="wall-map">
      <div className="sd-wall-map">
        <FlightMap shapes={shapes} large />
      </div>
      <div className="sd-wall-panel">
        <div className="sd-wall-title">{loaded.task.name}</div>
        <div className="sd-wall-sub">{`${x.dock_sn} · ${loaded.wayline?.name ?? ''}`}</div>
        <div className="sd-wall-state" data-state={state} data-testid="wall-state">
          {runStateLabel(words, state)}
        </div>
        <div className="sd-wall-progress">
          <ProgressBar
            value={percent / 100}
            intent={isEnded(state) ? (state === 'ok' ? 'success' : 'danger') : 'primary'}
            stripes={flying}
          />
          <span data-testid="wall-percent">{`${String(Math.round(percent))}%`}</span>
        </div>
        <dl className="sd-wall-facts">
          <div>
            <dt>{t('progress')}</dt>
            <dd>{t('waypointNow', { n: Math.min(waypoint, total), total })}</dd>
          </div>
          <div>
            <dt>{t('eta')}</dt>
            <dd>{eta === null ? t('none') : formatTime(eta).slice(-8)}</dd>
          </div>
          <div>
            <dt>{t('dataAge')}</dt>
            <dd className={age !== null && age > 10 ? 'sd-wall-stale' : undefined}>
              {age === null ? t('noData') : t('secondsAgo', { s: age })}
            </dd>
          </div>
        </dl>
        <FlightLegend />
      </div>
    </div>
  );
}
