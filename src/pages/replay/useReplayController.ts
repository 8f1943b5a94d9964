import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { ReplayEvent } from '../../../protocol/replay.ts';
import { useAccountState } from '../../state/account.ts';
import { aircraftAt } from './cursorFacts.ts';
import { useEventWords } from './eventWords.ts';
import { stepFor } from './player.ts';
import { useDrawnMarks } from './replayMapHandle.ts';
import type { DeviceChoice } from './ReplayToolbar.tsx';
import { replayToolbarActions } from './replayToolbarActions.ts';
import { timelineKey } from './Timeline.tsx';
import { useCursorAddress } from './useCursorAddress.ts';
import { usePageKeys } from './usePageKeys.ts';
import { usePlayer } from './usePlayer.ts';
import { useReplayReport } from './useReplayReport.ts';
import { useReplayWindow } from './useReplayWindow.ts';
import { useView } from './useView.ts';

/**
 * The replay page without its looks: the view kept in the address, the window fetched for it, the
 * player and its cursor, the report's moments, and what the toolbar, map, lists and timeline do, so
 * the page only lays its parts out.
 */
export function useReplayController() {
  const { t } = useTranslation('replay');
  const [view, change] = useView();
  const { workspace, devices: projectDevices } = useAccountState();
  const workspaceId = workspace?.mold_id === MOLD_PROJECT ? workspace.id : undefined;
  // Known once the timeline has measured itself: the server is asked once, for that width.
  const [width, setWidth] = useState(0);
  const [tick, setTick] = useState(0);
  const { data, partial, loading, failed } = useReplayWindow({
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
  useDrawnMarks(map, data, partial);
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
  const ready = data !== null && map !== null;
  const toolbar = replayToolbarActions({
    t,
    view,
    change,
    refetch: () => setTick((n) => n + 1),
    cursor: state.t,
    data,
    ready,
    report,
    describe,
  });
  return {
    view,
    change,
    data,
    loading,
    partial,
    failed,
    state,
    player,
    stepMs,
    describe,
    setMap,
    setWidth,
    report,
    ready,
    aircraft,
    choices,
    select,
    pick,
    toolbar,
  };
}
