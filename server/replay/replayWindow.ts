/**
 * One replay window: the devices, their tracks (every point, or downsampled to the timeline's width),
 * their lanes, the DRC holds and the events, all limited to the caller's workspaces and to what the
 * server still keeps. The tracks stay text lists until the answer is written (windowJson.ts).
 */
import type { ReplayWindow } from '../../protocol/replay.ts';
import { RAW_BUCKET_MAX_MS, REPLAY_LIMITS, TRACK_GAP_MS } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import { aircraftLane, presenceLane } from './lanes.ts';
import { windowDevices, windowPresence } from './replayDevices.ts';
import { readEvents } from './replayEvents.ts';
import type { TrackText } from './columnText.ts';
import { readTracks } from './trackColumns.ts';
import { KEEP_MIN_BUCKET_MS } from './trackRollup.ts';

export interface WindowQuery {
  /** The caller's workspaces the window covers. */
  workspaces: readonly number[];
  /** Serial numbers asked for; undefined: every device of the workspaces. */
  devices: readonly string[] | undefined;
  /** Epoch ms, `from < to`. */
  from: number;
  to: number;
  /** The timeline's width in pixels: one bucket per pixel. */
  width: number;
  /** The earliest instant still kept (retention); null: everything is. */
  keptFrom: number | null;
}

/**
 * The bucket length for a window drawn `width` pixels wide: one bucket per pixel, in whole seconds
 * (points are stored one a second) and from a minute on in whole minutes (the thinned track's
 * unit), or 0 when a bucket would hold so few points that keeping five of each saves nothing.
 */
export function bucketFor(from: number, to: number, width: number): number {
  const bucket = Math.ceil((to - from) / width / 1000) * 1000;
  if (bucket <= RAW_BUCKET_MAX_MS) return 0;
  return bucket < KEEP_MIN_BUCKET_MS
    ? bucket
    : Math.ceil(bucket / KEEP_MIN_BUCKET_MS) * KEEP_MIN_BUCKET_MS;
}

/** A window as read: the answer, its tracks still as the database wrote their columns. */
export type WindowRead = Omit<ReplayWindow, 'tracks'> & { tracks: TrackText[] };

/** Reads the window described by `q`. */
export async function readReplayWindow(db: Db, q: WindowQuery): Promise<WindowRead> {
  const { devices, onlineNow } = await windowDevices(db, q.workspaces, q.devices);
  const bucket = bucketFor(q.from, q.to, q.width);
  const answer: WindowRead = {
    from: q.from,
    to: q.to,
    bucket_ms: bucket,
    kept_from: q.keptFrom,
    devices,
    tracks: [],
    lanes: [],
    drc: [],
    events: [],
    truncated: false,
  };
  // Nothing before the retention is kept any more: the window reads from there on.
  const from = q.keptFrom === null ? q.from : Math.max(q.from, q.keptFrom);
  if (from >= q.to || devices.length === 0) return answer;
  const sns = devices.map((d) => d.sn);
  const aircraft = devices.filter((d) => d.domain === 0).map((d) => d.sn);
  const aircraftOf = new Map<string, string>();
  for (const d of devices)
    if (d.domain === 0 && d.gateway_sn !== null && !aircraftOf.has(d.gateway_sn))
      aircraftOf.set(d.gateway_sn, d.sn);
  const [tracks, presence, events] = await Promise.all([
    // Track times count from the window asked for, whatever part of it is still kept.
    readTracks(db, aircraft, { from, to: q.to, base: q.from }, bucket),
    windowPresence(db, sns, onlineNow, from, q.to),
    readEvents(db, {
      workspaces: q.workspaces,
      sns,
      aircraftOf,
      from,
      to: q.to,
      limit: REPLAY_LIMITS.maxEventsPerKind,
    }),
  ]);
  answer.tracks = tracks.tracks;
  answer.lanes = devices.map((d) => {
    const p = presence.get(d.sn) ?? { initial: false, changes: [] };
    return d.domain === 0
      ? aircraftLane(d.sn, tracks.activity.get(d.sn), p, from, q.to, TRACK_GAP_MS)
      : presenceLane(d.sn, p, from, q.to);
  });
  answer.drc = events.drc;
  answer.events = events.events;
  answer.truncated = events.truncated;
  return answer;
}
