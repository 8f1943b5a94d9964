/**
 * The timeline of one flight in words the subtask page can show: built from what the engine stored
 * (services with their reply, the dock's progress reports, refusals, time-outs), the HMS alarms the
 * dock raised during the flight and the photos registered for it. Pure, so it is tested alone.
 */
import type { SubtaskEvent, SubtaskEventKind, SubtaskTrackPoint } from '../../../protocol/tasks.ts';
import { isFinal } from '../../tasks/executionStates.ts';

/** A stored `flight_task_events` row. */
export interface StoredEvent {
  ts: Date;
  kind: string;
  data: Record<string, unknown>;
}

/** An alarm raised during the flight, its text already in the caller's language. */
export interface FlightAlarm {
  raised_at: Date;
  code: string;
  level: number;
  text: string;
}

/** A photo registered for the flight. */
export interface FlightPhoto {
  shot_at: Date;
  lat: number | null;
  lon: number | null;
}

const SERVICE_KINDS: Readonly<Record<string, SubtaskEventKind>> = {
  flighttask_prepare: 'prepare',
  flighttask_execute: 'execute',
  flighttask_pause: 'pause',
  flighttask_recovery: 'resume',
  return_home: 'return_home',
  flighttask_undo: 'cancel',
};

/** A stored reason (a message key) with its parameters, in the reader's language. */
export type ReasonText = (key: string, params: Record<string, string | number>) => string;

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The parameters stored with a refusal: only its text and number fields. */
function paramsOf(v: unknown): Record<string, string | number> {
  if (typeof v !== 'object' || v === null) return {};
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(v))
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  return out;
}

/** The track point nearest in time to `ms` (the track is sorted), if any. */
export function pointAt(track: readonly SubtaskTrackPoint[], ms: number): SubtaskTrackPoint | null {
  let lo = 0;
  let hi = track.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((track[mid]?.t ?? 0) < ms) lo = mid + 1;
    else hi = mid;
  }
  const after = track[lo];
  const before = track[lo - 1];
  if (before && after && ms - before.t < after.t - ms) return before;
  return after ?? null;
}

/** Where, from the track, for entries that show on the map. */
function at(track: readonly SubtaskTrackPoint[], ms: number): Pick<SubtaskEvent, 'lat' | 'lon'> {
  const p = pointAt(track, ms);
  return p ? { lat: p.lat, lon: p.lon } : {};
}

/** What one stored event says on the timeline (none, one or two entries). */
function fromStored(
  e: StoredEvent,
  state: { status: string; waypoint: number | undefined; flying: boolean },
  track: readonly SubtaskTrackPoint[],
  reasonText: ReasonText,
): SubtaskEvent[] {
  const ts = e.ts.toISOString();
  const ms = e.ts.getTime();
  const d = e.data;
  switch (e.kind) {
    case 'service': {
      const kind = SERVICE_KINDS[text(d.method) ?? ''];
      if (!kind) return [];
      return [
        {
          ts,
          kind,
          code: num(d.result) ?? 0,
          ...(num(d.latency_ms) === undefined ? {} : { latency_ms: num(d.latency_ms) }),
          ...(text(d.username) ? { username: text(d.username) } : {}),
        },
      ];
    }
    case 'refused':
      return [{ ts, kind: 'refused', text: reasonText(text(d.reason) ?? '', paramsOf(d.params)) }];
    case 'ready':
      return [{ ts, kind: 'ready' }];
    case 'expired':
      return [{ ts, kind: 'expired', text: reasonText('task.condition_unmet', {}) }];
    case 'timeout':
      return [{ ts, kind: 'timeout' }];
    case 'progress': {
      const out: SubtaskEvent[] = [];
      const status = text(d.status) ?? '';
      const waypoint = num(d.current_waypoint);
      if (!state.flying && (status === 'in_progress' || status === 'paused')) {
        state.flying = true;
        out.push({ ts, kind: 'takeoff', ...at(track, ms) });
      }
      if (
        status === 'in_progress' &&
        waypoint !== undefined &&
        waypoint !== state.waypoint &&
        (state.waypoint === undefined || waypoint > state.waypoint)
      )
        out.push({ ts, kind: 'waypoint', waypoint });
      if (waypoint !== undefined) state.waypoint = Math.max(waypoint, state.waypoint ?? waypoint);
      if (isFinal(status) && !isFinal(state.status)) {
        if (state.flying) out.push({ ts, kind: 'landing', state: status, ...at(track, ms) });
        out.push({ ts, kind: 'result', state: status, code: num(d.result) ?? 0 });
      }
      state.status = status;
      return out;
    }
    default:
      return [];
  }
}

/** The whole timeline, oldest first. */
export function buildTimeline(
  stored: readonly StoredEvent[],
  alarms: readonly FlightAlarm[],
  photos: readonly FlightPhoto[],
  track: readonly SubtaskTrackPoint[],
  reasonText: ReasonText,
): SubtaskEvent[] {
  const state = { status: '', waypoint: undefined as number | undefined, flying: false };
  const entries: SubtaskEvent[] = [];
  for (const e of stored) entries.push(...fromStored(e, state, track, reasonText));
  for (const a of alarms)
    entries.push({
      ts: a.raised_at.toISOString(),
      kind: 'alarm',
      hms_code: a.code,
      level: a.level,
      ...(a.text ? { text: a.text } : {}),
    });
  for (const p of photos)
    entries.push({
      ts: p.shot_at.toISOString(),
      kind: 'photo',
      ...(p.lat !== null && p.lon !== null
        ? { lat: p.lat, lon: p.lon }
        : at(track, p.shot_at.getTime())),
    });
  // Stable: entries of the same instant keep the order they were stored in.
  return entries
    .map((e, i) => ({ e, i, t: Date.parse(e.ts) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e);
}
