/**
 * Fleet replay (/replay): "what happened at 14:32 yesterday?". A time window of the project's past
 * on one timeline — every aircraft where it was at the cursor with its trail and its DRC pilot, the
 * docks and the alarms near the cursor on the map; lanes per device and the window's events under
 * it; the selected device's readings and the event list beside it. The address holds the window,
 * devices, cursor and selection, so a copied link reopens the same moment.
 */
import { Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MapProvider } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { ReplayEvent } from '../../../protocol/replay.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { clock } from '../../lib/clock.ts';
import { formatTime } from '../../lib/time.ts';
import { useAccountState } from '../../state/account.ts';
import { aircraftAt } from './cursorFacts.ts';
import { DevicePanel } from './DevicePanel.tsx';
import { EventList } from './EventList.tsx';
import { useEventWords } from './eventWords.ts';
import { saveTracks } from './exportTracks.ts';
import { PlayerBar } from './PlayerBar.tsx';
import { stepFor } from './player.ts';
import type { Player, PlayerState, Speed } from './player.ts';
import { ReplayMap } from './ReplayMap.tsx';
import { MapHandle, useDrawnMarks } from './replayMapHandle.ts';
import { ReportMoments } from './ReportMoments.tsx';
import type { DeviceChoice } from './ReplayToolbar.tsx';
import { ReplayToolbar } from './ReplayToolbar.tsx';
import type { Preset, ReplayView } from './replayView.ts';
import { presetWindow, searchOf, viewOf } from './replayView.ts';
import { timelineKey, Timeline } from './Timeline.tsx';
import { usePlayer } from './usePlayer.ts';
import { MAX_MOMENTS, useReplayReport } from './useReplayReport.ts';
import { useReplayWindow } from './useReplayWindow.ts';
import './replay.css';

/** The cursor goes into the address this long after it stopped moving. */
const CURSOR_TO_ADDRESS_MS = 400;

/** The view in the address, and how to change it (the address is replaced, not pushed). */
function useView(): [ReplayView, (next: Partial<ReplayView>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // A preset without instants is computed once, when the address is read.
  const view = useMemo(() => viewOf(new URLSearchParams(search), clock.now()), [search]);
  const change = useCallback(
    (next: Partial<ReplayView>) => setParams(searchOf({ ...view, ...next }), { replace: true }),
    [view, setParams],
  );
  // The address always names its instants, so a link copied from it means this very window.
  useEffect(() => {
    const wanted = searchOf(view);
    if (search !== wanted && (!search.includes('from=') || !search.includes('to=')))
      setParams(wanted, { replace: true });
  }, [search, view, setParams]);
  return [view, change];
}

/** Keys of the timeline for the whole page, unless focus is where typing happens. */
function usePageKeys(handle: (e: KeyboardEvent) => boolean) {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  }, [handle]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (el?.closest('input, textarea, select, [contenteditable="true"], .bp6-overlay')) return;
      // Space on a focused button presses that button.
      if (e.key === ' ' && el?.closest('button, a, [role="menuitem"]')) return;
      if (latest.current(e)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The cursor goes into the address once it rests; a different one arriving there (a link opened in
 * this tab) moves the player.
 */
function useCursorAddress(
  asked: number | null,
  state: PlayerState,
  player: Player,
  change: (next: Partial<ReplayView>) => void,
) {
  const written = useRef(asked);
  useEffect(() => {
    if (asked !== null && asked !== written.current) {
      written.current = asked;
      player.seek(asked);
    }
  }, [asked, player]);
  useEffect(() => {
    if (state.playing || state.t === written.current) return;
    return clock.setTimeout(() => {
      written.current = state.t;
      change({ t: state.t });
    }, CURSOR_TO_ADDRESS_MS);
  }, [state.t, state.playing, change]);
}

export default function ReplayPage() {
  const { t } = useTranslation('replay');
  const [view, change] = useView();
  const { workspace, devices: projectDevices } = useAccountState();
  const workspaceId = workspace?.mold_id === MOLD_PROJECT ? workspace.id : undefined;
  // Known once the timeline has measured itself: the server is asked once, for that width.
  const [width, setWidth] = useState(0);
  const [tick, setTick] = useState(0);
  const { data, loading, failed } = useReplayWindow({
    workspaceId,
    from: view.from,
    to: view.to,
    devices: view.devices,
    width,
    tick,
  });
  const [state, player] = usePlayer(view.from, view.to, view.t, view.speed);
  const stepMs = stepFor(view.from, view.to);
  const describe = useEventWords();
  // The map, from the MapProvider around the page: for the report's pictures and the timing marks.
  const [map, setMap] = useState<MapLibreMap | null>(null);
  useDrawnMarks(map, data);
  const report = useReplayReport(
    map,
    `${String(view.from)}|${String(view.to)}|${view.devices.join()}`,
  );

  useCursorAddress(view.t, state, player, change);
  usePageKeys((e) => timelineKey(e.key, e.shiftKey, player, stepMs));

  const aircraft = useMemo(() => (data === null ? [] : aircraftAt(data, state.t)), [data, state.t]);
  const choices = useMemo(
    (): DeviceChoice[] => [
      ...projectDevices.map((d) => ({ sn: d.device_sn, name: d.name, domain: d.domain })),
      ...(data?.devices ?? []).filter((d) => !projectDevices.some((p) => p.device_sn === d.sn)),
    ],
    [projectDevices, data],
  );
  const select = useCallback((sn: string) => change({ sn }), [change]);
  const pick = (e: ReplayEvent) => {
    player.seek(e.t);
    change({ sn: e.sn, t: e.t });
  };
  const onPreset = (preset: Preset) =>
    preset === 'custom'
      ? change({ preset })
      : change({ preset, ...presetWindow(preset, clock.now()), t: null });
  const onRefresh = () => {
    if (view.preset === 'custom') setTick((n) => n + 1);
    else onPreset(view.preset);
  };
  const linkHere = () => `${window.location.origin}/replay?${searchOf({ ...view, t: state.t })}`;
  const onLink = () => {
    const url = linkHere();
    navigator.clipboard.writeText(url).then(
      () => toastSuccess(t('toolbar.linkCopied')),
      () => toastError(t('toolbar.linkFailed', { url })),
    );
  };
  const onExport = (format: 'csv' | 'geojson') => {
    if (data !== null) saveTracks(data, format, t('csv', { returnObjects: true }));
  };
  const reportFailed = () => toastError(t('toolbar.pdfFailed'));
  const ready = data !== null && map !== null;
  const reportActions = {
    onPdf: () => {
      if (data === null) return;
      const about = { link: linkHere(), narrowed: view.devices.length > 0, describe };
      report.save(data, about).catch(reportFailed);
    },
    ready,
    busy: report.busy,
  };
  return (
    <MapProvider>
      <div className="replay-page" data-testid="replay-page">
        <MapHandle onMap={setMap} />
        <ReplayToolbar
          view={view}
          devices={choices}
          onPreset={onPreset}
          onRange={(from, to) => change({ preset: 'custom', from, to, t: null })}
          onDevices={(devices) => change({ devices })}
          onRefresh={onRefresh}
          onLink={onLink}
          onExport={onExport}
          canExport={data !== null && data.tracks.length > 0}
          report={reportActions}
        />
        <ReplayStatus loading={loading} failed={failed} data={data} />
        <div className="replay-main">
          <ReplayMap
            data={data}
            t={state.t}
            aircraft={aircraft}
            selected={view.sn}
            onSelect={select}
          />
          <aside className="replay-side">
            <DevicePanel data={data} selected={view.sn} aircraft={aircraft} />
            <EventList
              data={data}
              t={state.t}
              playing={state.playing}
              onPick={pick}
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
            onAdd={() => void report.add().catch(reportFailed)}
            onRemove={report.remove}
            ready={ready && !report.busy}
            max={MAX_MOMENTS}
          />
        </PlayerBar>
        <Timeline
          data={data}
          state={state}
          player={player}
          stepMs={stepMs}
          selected={view.sn}
          onSelect={select}
          onWidth={setWidth}
          describe={describe}
        />
      </div>
    </MapProvider>
  );
}

/** One line on what is shown: loading, failed, how finely, and what retention removed. */
function ReplayStatus({
  loading,
  failed,
  data,
}: Pick<ReturnType<typeof useReplayWindow>, 'loading' | 'failed' | 'data'>) {
  const { t } = useTranslation('replay');
  const parts: string[] = [];
  if (data !== null) {
    if (data.tracks.length === 0) parts.push(t('status.empty'));
    else if (data.bucket_ms > 0) parts.push(t('status.bucket', { seconds: data.bucket_ms / 1000 }));
    else parts.push(t('status.raw'));
    if (data.kept_from !== null && data.kept_from > data.from)
      parts.push(t('status.kept', { time: formatTime(data.kept_from) }));
  }
  return (
    <div className="replay-status" data-testid="replay-status" data-loading={loading}>
      {loading && <Spinner size={14} />}
      {failed && <span className="replay-error">{t('status.failed')}</span>}
      <span>{parts.join(' · ')}</span>
    </div>
  );
}
