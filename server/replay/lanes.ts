/**
 * Lanes of the replay timeline, pure: what each device was doing over the window. An aircraft flies
 * while its stored points say airborne, sits in the dock while they say on the ground, and between
 * runs of points (no point for longer than the gap) it is online or offline as its presence
 * transitions say. A dock's lane is its presence alone.
 */
import type { LaneState, ReplayLane } from '../../protocol/replay.ts';

/** When an aircraft reported: spans `[start, end]` (one point: start = end), airborne or not. */
export interface Activity {
  start: number[];
  end: number[];
  airborne: boolean[];
}

/** A device's presence over the window: its state at `from` and the transitions after it. */
export interface Presence {
  initial: boolean;
  changes: readonly { at: number; online: boolean }[];
}

/** One stored point a second (trackSampler.ts): the time a point stands for. */
const POINT_MS = 1_000;

interface Span {
  start: number;
  end: number;
  state: LaneState;
}

/** Online/offline spans covering `[from, to)`. */
export function presenceSpans(p: Presence, from: number, to: number): Span[] {
  const spans: Span[] = [];
  let state = p.initial;
  let start = from;
  for (const change of p.changes) {
    if (change.at >= to) break;
    if (change.at <= from) {
      state = change.online;
      continue;
    }
    if (change.online === state) continue;
    spans.push({ start, end: change.at, state: state ? 'online' : 'offline' });
    start = change.at;
    state = change.online;
  }
  spans.push({ start, end: to, state: state ? 'online' : 'offline' });
  return spans;
}

/** The runs of reported points: a gap over `gapMs` ends a run, so does a change of state. */
function activitySpans(a: Activity, gapMs: number): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < a.start.length; i++) {
    const start = a.start[i] ?? 0;
    const end = a.end[i] ?? start;
    const state: LaneState = a.airborne[i] ? 'flying' : 'docked';
    const prev = spans.at(-1);
    if (prev && start - prev.end <= gapMs) {
      if (prev.state === state) {
        prev.end = Math.max(prev.end, end);
        continue;
      }
      // A change of state within a run: the earlier state lasts until the first point of the next.
      prev.end = start;
    }
    spans.push({ start, end, state });
  }
  return spans;
}

/** `[a, b)` clipped out of `presence`: the presence spans that fill a stretch without points. */
function fill(presence: readonly Span[], a: number, b: number): Span[] {
  const out: Span[] = [];
  for (const s of presence) {
    const start = Math.max(a, s.start);
    const end = Math.min(b, s.end);
    if (end > start) out.push({ start, end, state: s.state });
  }
  return out;
}

/** Joins neighbours of the same state and drops empty spans. */
function joined(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    if (s.end <= s.start) continue;
    const prev = out.at(-1);
    if (prev && prev.state === s.state && prev.end >= s.start) prev.end = Math.max(prev.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function asLane(sn: string, spans: readonly Span[]): ReplayLane {
  return {
    sn,
    start: spans.map((s) => s.start),
    end: spans.map((s) => s.end),
    state: spans.map((s) => s.state),
  };
}

/** The lane of an aircraft over `[from, to)`. */
export function aircraftLane(
  sn: string,
  activity: Activity | undefined,
  presence: Presence,
  from: number,
  to: number,
  gapMs: number,
): ReplayLane {
  const online = presenceSpans(presence, from, to);
  const runs = activity ? activitySpans(activity, gapMs) : [];
  const spans: Span[] = [];
  let at = from;
  for (const [i, run] of runs.entries()) {
    // A point stands for one stored interval: a run lasts until its last point's interval ends.
    const end = Math.min(to, run.end + POINT_MS, runs[i + 1]?.start ?? to);
    spans.push(...fill(online, at, run.start), { start: run.start, end, state: run.state });
    at = Math.max(at, end);
  }
  spans.push(...fill(online, at, to));
  return asLane(sn, joined(spans));
}

/** The lane of a dock (or any device without a track) over `[from, to)`. */
export function presenceLane(sn: string, presence: Presence, from: number, to: number): ReplayLane {
  return asLane(sn, joined(presenceSpans(presence, from, to)));
}
