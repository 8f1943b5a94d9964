/**
 * What the replay shows at the cursor, pure: each aircraft's interpolated sample and lane state,
 * who held it in DRC, and the alarms near the cursor with a place to draw them (an HMS alarm has
 * none of its own: it is drawn where its aircraft, else its dock, was when it was raised).
 */
import type {
  LaneState,
  ReplayEvent,
  ReplayLane,
  ReplayTrack,
  ReplayWindow,
} from '../../../protocol/replay.ts';
import { TRACK_GAP_MS } from '../../../protocol/replay.ts';
import type { Sample } from './interpolate.ts';
import { indexAtOrBefore, joinGapMs, sampleAt } from './interpolate.ts';

export interface AircraftAt {
  sn: string;
  name: string;
  sample: Sample | null;
  state: LaneState;
  /** Who flew it in DRC at the cursor. */
  holder: string | null;
}

/** The lane state of `lane` at `t`; offline outside its spans. */
export function laneStateAt(lane: ReplayLane | undefined, t: number): LaneState {
  if (lane === undefined) return 'offline';
  const i = indexAtOrBefore(lane.start, t);
  const end = lane.end[i];
  return end !== undefined && t < end ? (lane.state[i] ?? 'offline') : 'offline';
}

/** Who held `aircraftSn` in DRC at `t`, if anyone. */
export function holderAt(w: ReplayWindow, aircraftSn: string, t: number): string | null {
  const hold = w.drc.find(
    (h) => h.aircraft_sn === aircraftSn && h.start <= t && (h.end === null || t < h.end),
  );
  return hold?.username ?? null;
}

/** Each aircraft of the window at `t` (epoch ms), in the order of the devices. */
export function aircraftAt(w: ReplayWindow, t: number): AircraftAt[] {
  const gap = joinGapMs(w.bucket_ms, TRACK_GAP_MS);
  const tracks = new Map(w.tracks.map((tr) => [tr.sn, tr]));
  const lanes = new Map(w.lanes.map((l) => [l.sn, l]));
  return w.devices
    .filter((d) => d.domain === 0)
    .map((d) => {
      const track = tracks.get(d.sn);
      return {
        sn: d.sn,
        name: d.name || d.sn,
        sample: track ? sampleAt(track, t - w.from, gap) : null,
        state: laneStateAt(lanes.get(d.sn), t),
        holder: holderAt(w, d.sn, t),
      };
    });
}

/** A mark of an alarm on the map. */
export interface AlarmPlace {
  id: string;
  kind: ReplayEvent['kind'];
  level: number;
  lng: number;
  lat: number;
}

const ALARM_KINDS = new Set<ReplayEvent['kind']>(['hms', 'ai_alarm', 'gas']);

/** Where `e` happened: its own position, else its aircraft's at the time, else its dock's. */
function placeOf(
  w: ReplayWindow,
  tracks: ReadonlyMap<string, ReplayTrack>,
  e: ReplayEvent,
): [number, number] | null {
  if (e.lng !== null && e.lat !== null) return [e.lng, e.lat];
  const track = tracks.get(e.sn);
  const gap = joinGapMs(w.bucket_ms, TRACK_GAP_MS);
  const s = track ? sampleAt(track, Math.max(0, e.t - w.from), gap, gap) : null;
  if (s !== null) return [s.lng, s.lat];
  const dock = w.devices.find((d) => d.sn === (e.dock_sn ?? e.sn));
  return dock?.longitude != null && dock.latitude != null ? [dock.longitude, dock.latitude] : null;
}

/**
 * Alarms raised within `spanMs` before `t` (and not after it), plus HMS alarms still active at `t`:
 * the marks a control room wants next to the aircraft at that moment.
 */
export function alarmsNear(w: ReplayWindow, t: number, spanMs: number): AlarmPlace[] {
  const tracks = new Map(w.tracks.map((tr) => [tr.sn, tr]));
  const out: AlarmPlace[] = [];
  for (const e of w.events) {
    if (!ALARM_KINDS.has(e.kind) || e.t > t) continue;
    const active = e.kind === 'hms' && (e.until === null || e.until > t);
    if (!active && t - e.t > spanMs) continue;
    const place = placeOf(w, tracks, e);
    if (place !== null)
      out.push({ id: e.id, kind: e.kind, level: e.level ?? 0, lng: place[0], lat: place[1] });
  }
  return out;
}
