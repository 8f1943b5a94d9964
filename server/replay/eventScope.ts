/** What the replay's event reads share: the window and devices they cover, and a blank event. */
import type { ReplayEvent } from '../../protocol/replay.ts';

/** What the event reads need. */
export interface EventScope {
  /** Workspaces of the caller (AI alarms and tasks carry their own). */
  workspaces: readonly number[];
  /** Serial numbers of the window's devices (aircraft and docks). */
  sns: readonly string[];
  /** The aircraft each dock carries, to file a dock's task runs and commands under its aircraft. */
  aircraftOf: ReadonlyMap<string, string>;
  from: number;
  to: number;
  /** Most rows per kind. */
  limit: number;
}

/** A blank event of `kind` from the stored row `ref`, to fill in. */
export function blankEvent(
  kind: ReplayEvent['kind'],
  ref: number,
  t: number,
  sn: string,
): ReplayEvent {
  return {
    id: `${kind}-${String(ref)}`,
    kind,
    t,
    sn,
    dock_sn: null,
    level: null,
    label: '',
    detail: '',
    user: null,
    lat: null,
    lng: null,
    until: null,
    ref,
  };
}
