/** The window's data from the replay API, asked again when the window, devices or width change. */
import { useEffect, useState } from 'react';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import { fetchReplayWindow } from '../../api/replay.ts';

export interface WindowAsk {
  workspaceId: number | undefined;
  from: number;
  to: number;
  devices: readonly string[];
  /** The timeline's width in pixels (the server keeps about five points per pixel); 0: not yet. */
  width: number;
  /** Bumped to ask again for the same window. */
  tick: number;
}

export interface WindowData {
  data: ReplayWindow | null;
  loading: boolean;
  failed: boolean;
}

/** Loads `ask`; the previous answer stays shown until the next one arrives. */
export function useReplayWindow(ask: WindowAsk): WindowData {
  const devices = ask.devices.join(',');
  const { workspaceId, from, to, width, tick } = ask;
  const key = [workspaceId, from, to, devices, width, tick].join('|');
  const [state, setState] = useState<{ key: string; data: ReplayWindow | null; failed: boolean }>({
    key: '',
    data: null,
    failed: false,
  });
  useEffect(() => {
    if (width <= 0) return;
    let live = true;
    fetchReplayWindow({
      workspace_id: workspaceId,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      device_sn: devices,
      width,
    }).then(
      (data) => live && setState({ key, data, failed: false }),
      () => live && setState((s) => ({ ...s, key, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [key, workspaceId, from, to, devices, width]);
  return { data: state.data, loading: state.key !== key, failed: state.failed };
}
