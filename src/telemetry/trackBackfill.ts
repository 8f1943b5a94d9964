/**
 * Fills the holes a lost real-time link leaves in device histories (trails, charts) from the
 * server's stored 1 Hz track, so a trail shows the path flown meanwhile instead of a straight line.
 *
 * It runs on the main thread, triggered by the worker's link state: the histories live here, and so
 * does the HTTP client with the user's token and its shared refresh. Reading the track in the worker
 * would mean handing it the token (and every renewal) and then posting the points back here anyway.
 *
 * When the link drops, the newest sample time of every history is noted: the hole starts there. A
 * few seconds after the link is back (the server writes its track in batches, and a link that drops
 * again at once is not worth a request), the hole of each device is read, a few requests at a time:
 * devices whose trail or charts are on screen first and always, the others up to a budget per
 * reconnect, so a fleet of thousands does not send thousands of requests. The rest keep their hole
 * noted and are filled if they come on screen later. An answer that ends short of the hole's end (the
 * server had not stored those seconds yet) is followed by a read of the rest a little later.
 */
import type { TrackPointDto } from '../../protocol/alarms.ts';
import type { ConnectionState } from '../../protocol/telemetry.ts';
import { ApiError } from '../api/ApiError.ts';
import { clock } from '../lib/clock.ts';
import type { Cancel } from '../lib/clock.ts';
import type { DeviceHistory, HistoryPoint } from '../fleet/fleet.ts';
import { HISTORY_SPAN_MS, HISTORY_STEP_MS } from '../fleet/fleet.ts';

/** Wait after the link is back before reading: the server stores the last seconds meanwhile. */
export const BACKFILL_SETTLE_MS = 3_000;
/** Track requests in flight at once. */
export const BACKFILL_CONCURRENCY = 3;
/** Devices not on screen that are backfilled per reconnect. */
export const BACKFILL_BUDGET = 50;
/**
 * A hole read while the server's stored track was still behind (its writes come in batches, later
 * on a busy server) is read again, from where the answer ended, this many times at most.
 */
export const BACKFILL_RETRIES = 2;
/** Samples further apart than this leave a hole worth reading (one step, with jitter). */
const HOLE_MS = HISTORY_STEP_MS * 1.5;
/**
 * A device with no sample this long before the link dropped was not reporting then; while it still
 * sends nothing after the link is back, its stored track has nothing newer to read either.
 */
const SILENT_MS = 10_000;

export interface TrackBackfillDeps {
  /** Stored track points of `sn` between two instants (ms since epoch), oldest first. */
  readTrack(sn: string, from: number, to: number): Promise<readonly TrackPointDto[]>;
  /** Every history held now. */
  histories(): Iterable<readonly [string, DeviceHistory]>;
  /** The history `sn` has now: an unwatched device or a fleet reset drops or replaces it. */
  historyOf(sn: string): DeviceHistory | undefined;
  /** Merges read points into `history` (when it is still `sn`'s) and has its readers redraw. */
  fill(sn: string, history: DeviceHistory, points: HistoryPoint[]): void;
  /** Devices whose history is on screen. */
  shown(): readonly string[];
  /** Calls the listener when a device's history comes on screen. */
  onShown(listener: () => void): () => void;
}

interface Hole {
  history: DeviceHistory;
  /** The newest sample the history held when the link dropped (later ones may still arrive). */
  from: number;
  /** When the link dropped. */
  droppedAt: number;
  /**
   * The link dropped again before this hole was read: live samples between the drops are no
   * longer its end, so everything from `from` to now is read.
   */
  untilNow: boolean;
  /** Reads of this hole so far that came back short. */
  tries: number;
}

/** A stored track point as a history point: the stored track holds every reading a history has. */
export function historyPointOf(dto: TrackPointDto): HistoryPoint | null {
  const t = Date.parse(dto.ts);
  if (!Number.isFinite(t) || !isNumber(dto.longitude) || !isNumber(dto.latitude)) return null;
  return {
    t,
    lon: dto.longitude,
    lat: dto.latitude,
    altitude: isNumber(dto.elevation) ? dto.elevation : null,
    speed: isNumber(dto.horizontal_speed) ? dto.horizontal_speed : null,
    battery: isNumber(dto.battery_percent) ? dto.battery_percent : null,
  };
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The range to read for a hole, or `null` when nothing is missing any more. */
function rangeOf(hole: Hole, now: number): { from: number; to: number } | null {
  // Samples from before the drop may reach the history after it was noted (a frame the busy tab
  // had not taken yet), and samples of coalesced frames are more than a step apart: the hole is the
  // widest gap since `from`, which a lost link makes far wider than any other.
  const gap = hole.untilNow
    ? { start: hole.from, end: null }
    : hole.history.widestGapAfter(hole.from, HOLE_MS);
  if (gap.end === null && !hole.untilNow && hole.droppedAt - gap.start > SILENT_MS) return null;
  const to = gap.end ?? now;
  // Older points than a history's span would be dropped again at once.
  const from = Math.max(gap.start, now - HISTORY_SPAN_MS);
  return to - from > HOLE_MS ? { from, to } : null;
}

/** Timers of reads planned again, cancelled together when the holes are forgotten. */
function plannedReads() {
  const timers = new Set<Cancel>();
  return {
    after(ms: number, run: () => void): void {
      const cancel = clock.setTimeout(() => {
        timers.delete(cancel);
        run();
      }, ms);
      timers.add(cancel);
    },
    cancelAll(): void {
      for (const cancel of timers) cancel();
      timers.clear();
    },
  };
}

/** Starts watching link states (fed by the bridge); `dispose` stops and forgets pending holes. */
export function createTrackBackfill(deps: TrackBackfillDeps) {
  const holes = new Map<string, Hole>();
  let online = false;
  /** Online for long enough: holes may be read. */
  let ready = false;
  let disposed = false;
  let running = 0;
  let budget = 0;
  let cancelSettle: Cancel | undefined;
  const retries = plannedReads();

  function noteHoles(): void {
    const droppedAt = clock.now();
    for (const [sn, history] of deps.histories()) {
      const newest = history.newest();
      if (newest === null) continue;
      const hole = holes.get(sn);
      if (hole?.history === history) hole.untilNow = true;
      else holes.set(sn, { history, from: newest, droppedAt, untilNow: false, tries: 0 });
    }
  }

  /** The next device to read: one on screen, else any while the budget lasts. */
  function nextHole(): [string, Hole, boolean] | null {
    for (const sn of deps.shown()) {
      const hole = holes.get(sn);
      if (hole !== undefined) return [sn, hole, true];
    }
    if (budget <= 0) return null;
    const first = holes.entries().next();
    return first.done === true ? null : [...first.value, false];
  }

  function pump(): void {
    while (ready && !disposed && running < BACKFILL_CONCURRENCY) {
      const next = nextHole();
      if (next === null) return;
      const [sn, hole, onScreen] = next;
      holes.delete(sn);
      if (deps.historyOf(sn) !== hole.history) continue;
      const range = rangeOf(hole, clock.now());
      if (range === null) continue;
      if (!onScreen) budget -= 1;
      running += 1;
      void read(sn, hole, range).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  /** Drops every hole noted and every read again planned. */
  function forgetHoles(): void {
    retries.cancelAll();
    holes.clear();
  }

  /** Reads the rest of `hole`, from `last`, a settle time later (unless a new drop noted one). */
  function retryLater(sn: string, hole: Hole, last: number): void {
    const rest: Hole = { ...hole, from: last, untilNow: false, tries: hole.tries + 1 };
    retries.after(BACKFILL_SETTLE_MS, () => {
      if (!holes.has(sn)) holes.set(sn, rest);
      pump();
    });
  }

  async function read(sn: string, hole: Hole, range: { from: number; to: number }): Promise<void> {
    try {
      const track = await deps.readTrack(sn, range.from, range.to);
      if (disposed) return;
      const points = track.map(historyPointOf).filter((p): p is HistoryPoint => p !== null);
      deps.fill(sn, hole.history, points);
      const last = points.reduce((newest, p) => Math.max(newest, p.t), range.from);
      if (range.to - last > HOLE_MS && hole.tries < BACKFILL_RETRIES) retryLater(sn, hole, last);
    } catch (error: unknown) {
      // Without the right to read tracks every other request would be refused too.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        forgetHoles();
        return;
      }
      // Read again later, a few times at most; then it stays a straight line. The link is not at stake.
      console.warn('[telemetry] could not read the stored track of', sn, error);
      if (hole.tries < BACKFILL_RETRIES) retryLater(sn, hole, range.from);
    }
  }

  const offShown = deps.onShown(pump);

  return {
    /** Feed every state the worker reports for its link. */
    linkState(state: ConnectionState): void {
      const up = state === 'online';
      if (up === online || disposed) return;
      online = up;
      ready = false;
      cancelSettle?.();
      cancelSettle = undefined;
      if (!up) {
        noteHoles();
        return;
      }
      if (holes.size === 0) return;
      cancelSettle = clock.setTimeout(() => {
        cancelSettle = undefined;
        ready = true;
        budget = BACKFILL_BUDGET;
        pump();
      }, BACKFILL_SETTLE_MS);
    },
    /** Holes noted and not read yet (tests and diagnostics). */
    pending: (): number => holes.size,
    dispose(): void {
      disposed = true;
      ready = false;
      cancelSettle?.();
      forgetHoles();
      offShown();
    },
  };
}

export type TrackBackfill = ReturnType<typeof createTrackBackfill>;
