/**
 * The window's data from the replay API, asked again when the window, devices or width change. A
 * long window comes in two reads, one after the other: an overview (overviewWidth.ts) drawn at once,
 * then the full answer that replaces it.
 */
import { useEffect, useState } from 'react';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import { fetchReplayWindow } from '../../api/replay.ts';
import { overviewWidth } from './overviewWidth.ts';

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
  /** `data` is the overview of the window asked for; its full answer is on its way. */
  partial: boolean;
  loading: boolean;
  failed: boolean;
}

interface Held {
  /** The ask the full answer (or its failure) belongs to; '' before the first. */
  key: string;
  data: ReplayWindow | null;
  partial: boolean;
  failed: boolean;
}

/** Loads `ask`; the previous answer (or the overview of this one) stays shown until the next. */
export function useReplayWindow(ask: WindowAsk): WindowData {
  const devices = ask.devices.join(',');
  const { workspaceId, from, to, width, tick } = ask;
  const key = [workspaceId, from, to, devices, width, tick].join('|');
  const [state, setState] = useState<Held>({ key: '', data: null, partial: false, failed: false });
  useEffect(() => {
    if (width <= 0) return;
    let live = true;
    const read = (w: number) =>
      fetchReplayWindow({
        workspace_id: workspaceId,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        device_sn: devices,
        width: w,
      });
    const full = () =>
      read(width).then(
        (data) => live && setState({ key, data, partial: false, failed: false }),
        () => live && setState((s) => ({ ...s, key, partial: false, failed: true })),
      );
    const quick = overviewWidth(from, to, width);
    if (quick === 0) void full();
    else
      // One read after the other: at once they would share the database, and the overview would
      // come no sooner than the whole. A failed overview leaves the full read to say so.
      void read(quick)
        .then(
          (data) => live && setState((s) => ({ ...s, data, partial: true, failed: false })),
          () => undefined,
        )
        .then(() => (live ? full() : undefined));
    return () => {
      live = false;
    };
  }, [key, workspaceId, from, to, devices, width]);
  const loading = state.key !== key;
  return { data: state.data, partial: loading && state.partial, loading, failed: state.failed };
}
