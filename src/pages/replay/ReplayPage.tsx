/**
 * Fleet replay (/replay): "what happened at 14:32 yesterday?". A time window of the project's past
 * on one timeline — every aircraft where it was at the cursor with its trail and its DRC pilot, the
 * docks and the alarms near the cursor on the map; lanes per device and the window's events under
 * it; the selected device's readings and the event list beside it. The address holds the window,
 * devices, cursor and selection, so a copied link reopens the same moment.
 */
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MapProvider } from 'react-map-gl/maplibre';
import { formatTime } from '../../lib/time.ts';
import { DevicePanel } from './DevicePanel.tsx';
import { EventList } from './EventList.tsx';
import { PlayerBar } from './PlayerBar.tsx';
import type { Speed } from './player.ts';
import { ReplayMap } from './ReplayMap.tsx';
import { MapHandle } from './replayMapHandle.ts';
import { ReportMoments } from './ReportMoments.tsx';
import { ReplayToolbar } from './ReplayToolbar.tsx';
import { Timeline } from './Timeline.tsx';
import { useReplayController } from './useReplayController.ts';
import { MAX_MOMENTS } from './useReplayReport.ts';
import type { WindowData } from './useReplayWindow.ts';
import './replay.css';

/** The replay page: its controller's state laid out as toolbar, map, side lists, player and timeline. */
export default function ReplayPage() {
  const { view, change, data, state, player, stepMs, describe, report, ...c } =
    useReplayController();
  return (
    <MapProvider>
      <div className="replay-page" data-testid="replay-page">
        <MapHandle onMap={c.setMap} />
        <ReplayToolbar
          view={view}
          devices={c.choices}
          onPreset={c.toolbar.onPreset}
          onRange={(from, to) => change({ preset: 'custom', from, to, t: null })}
          onDevices={(devices) => change({ devices })}
          onRefresh={c.toolbar.onRefresh}
          onLink={c.toolbar.onLink}
          onExport={c.toolbar.onExport}
          canExport={data !== null && data.tracks.length > 0}
          report={c.toolbar.report}
        />
        <ReplayStatus loading={c.loading} partial={c.partial} failed={c.failed} data={data} />
        <div className="replay-main">
          <ReplayMap
            data={data}
            t={state.t}
            aircraft={c.aircraft}
            selected={view.sn}
            onSelect={c.select}
          />
          <aside className="replay-side">
            <DevicePanel data={data} selected={view.sn} aircraft={c.aircraft} />
            <EventList
              data={data}
              t={state.t}
              playing={state.playing}
              onPick={c.pick}
              describe={describe}
            />
          </aside>
        </div>
        <PlayerBar
          state={state}
          player={player}
          stepMs={stepMs}
          onSpeed={(speed: Speed) => {
            player.setSpeed(speed);
            change({ speed });
          }}
        >
          <ReportMoments
            moments={report.moments}
            onAdd={() => void report.add().catch(c.toolbar.reportFailed)}
            onRemove={report.remove}
            ready={c.ready && !report.busy}
            max={MAX_MOMENTS}
          />
        </PlayerBar>
        <Timeline
          data={data}
          state={state}
          player={player}
          stepMs={stepMs}
          selected={view.sn}
          onSelect={c.select}
          onWidth={c.setWidth}
          describe={describe}
        />
      </div>
    </MapProvider>
  );
}

/** One line on what is shown: loading, failed, how finely, and what retention removed. */
function ReplayStatus(props: Pick<WindowData, 'loading' | 'partial' | 'failed' | 'data'>) {
  const { loading, partial, failed, data } = props;
  const { t } = useTranslation('replay');
  const parts: string[] = [];
  if (partial) parts.push(t('status.overview'));
  else if (data !== null) {
    if (data.tracks.length === 0) parts.push(t('status.empty'));
    else if (data.bucket_ms > 0) parts.push(t('status.bucket', { seconds: data.bucket_ms / 1000 }));
    else parts.push(t('status.raw'));
    if (data.kept_from !== null && data.kept_from > data.from)
      parts.push(t('status.kept', { time: formatTime(data.kept_from) }));
  }
  return (
    <div
      className="replay-status"
      data-testid="replay-status"
      data-loading={loading}
      data-partial={partial}
    >
      {loading && <Spinner size={14} />}
      {failed && <span className="replay-error">{t('status.failed')}</span>}
      <span>{parts.join(' · ')}</span>
    </div>
  );
}
