import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackPointDto } from '../../../protocol/alarms.ts';
import type { MqttConfig } from '../../../protocol/http.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import {
  historyOf,
  onHistoryFill,
  resetFleet,
  setWatchedSerials,
} from '../../../src/fleet/fleet.ts';
import { startTelemetryBridge } from '../../../src/telemetry/bridge.ts';
import { DeviceHistory, historyPoint } from '../../../src/fleet/derive/history.ts';
import type { HistoryPoint } from '../../../src/fleet/derive/history.ts';
import {
  BACKFILL_BUDGET,
  BACKFILL_CONCURRENCY,
  BACKFILL_RETRIES,
  BACKFILL_SETTLE_MS,
  createTrackBackfill,
} from '../../../src/telemetry/trackBackfill.ts';
import type { TrackBackfill } from '../../../src/telemetry/trackBackfill.ts';
import { delta, fakeWorker } from './fakeWorker.ts';

/**
 * Live samples fall anywhere within a second and stored ones on it, so where the two meet, samples
 * may be up to one and a half steps apart; a hole left unfilled would be twenty.
 */
const MAX_STEP_MS = 1_500;

let time: VirtualClock;
let restoreClock: () => void;

/** Lets promise callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** A stored track point at `ms` (whole seconds, as the server stores them). */
function stored(ms: number, lon = 114): TrackPointDto {
  return {
    ts: new Date(ms).toISOString(),
    latitude: 22,
    longitude: lon,
    height: 30,
    elevation: 80,
    attitude_head: 0,
    horizontal_speed: 6,
    vertical_speed: 0,
    battery_percent: 71,
    mode_code: 5,
  };
}

/** The stored track every second from `from` to `to` (ms), both included when whole. */
function storedRange(from: number, to: number): TrackPointDto[] {
  const out: TrackPointDto[] = [];
  for (let t = Math.ceil(from / 1_000) * 1_000; t <= to; t += 1_000) out.push(stored(t));
  return out;
}

/** A track request the test answers by hand. */
interface Request {
  sn: string;
  from: number;
  to: number;
  answer(points: TrackPointDto[]): void;
  fail(error: unknown): void;
}

/** A fleet of histories the backfill reads, and its requests. */
class World {
  readonly histories = new Map<string, DeviceHistory>();
  readonly requests: Request[] = [];
  readonly filled: string[] = [];
  shown: string[] = [];
  private shownListener: () => void = () => undefined;
  readonly backfill: TrackBackfill;

  constructor() {
    this.backfill = createTrackBackfill({
      readTrack: (sn, from, to) =>
        new Promise((answer, fail) => this.requests.push({ sn, from, to, answer, fail })),
      histories: () => this.histories.entries(),
      historyOf: (sn) => this.histories.get(sn),
      fill: (sn, history, points) => {
        if (this.histories.get(sn) === history && history.backfill(points) > 0)
          this.filled.push(sn);
      },
      shown: () => this.shown,
      onShown: (listener) => {
        this.shownListener = listener;
        return () => undefined;
      },
    });
  }

  /** The link goes down for `ms` and comes back. */
  drop(ms: number): void {
    this.backfill.linkState('offline');
    time.advance(ms);
    this.backfill.linkState('online');
  }

  /** Live samples of `sns` every second for `seconds`, a third into each second. */
  fly(sns: readonly string[], seconds: number): void {
    for (let i = 0; i < seconds; i += 1) {
      for (const sn of sns) {
        let history = this.histories.get(sn);
        if (history === undefined) {
          history = new DeviceHistory();
          this.histories.set(sn, history);
        }
        const point = historyPoint(liveAt(sn, time.now() + 300));
        if (point !== null) history.record(point);
      }
      time.advance(1_000);
    }
  }

  show(sns: string[]): void {
    this.shown = sns;
    this.shownListener();
  }

  /** Answers every open request with the stored track of its range. */
  async answerAll(): Promise<void> {
    for (let r = this.requests.shift(); r !== undefined; r = this.requests.shift()) {
      r.answer(storedRange(r.from, r.to));
      await settle();
    }
  }
}

function liveAt(sn: string, ts: number): DeviceTelemetry {
  const osd = { longitude: 114, latitude: 22, elevation: 80, horizontal_speed: 6 };
  return { sn, gateway: null, ts, receivedAt: ts, osd, state: {}, task: null };
}

beforeEach(() => {
  time = new VirtualClock(Date.UTC(2026, 0, 1, 10));
  restoreClock = installClock(time);
});

afterEach(() => {
  restoreClock();
  vi.restoreAllMocks();
});

describe('track backfill after a lost link', () => {
  it('reads the hole of each device once the link has been back a few seconds, and fills it', async () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1', 'UAV2'], 5);
    const lastBefore = world.histories.get('UAV1')?.newest() ?? 0;
    world.backfill.linkState('offline');
    time.advance(10_000);
    world.backfill.linkState('reconnecting');
    time.advance(10_000);
    world.backfill.linkState('online');
    world.fly(['UAV1', 'UAV2'], BACKFILL_SETTLE_MS / 1_000 - 1);
    expect(world.requests).toEqual([]);
    world.fly(['UAV1', 'UAV2'], 1);

    const firstAfter = lastBefore + 21_000;
    expect(world.requests.map(({ sn, from, to }) => ({ sn, from, to }))).toEqual([
      { sn: 'UAV1', from: lastBefore, to: firstAfter },
      { sn: 'UAV2', from: lastBefore, to: firstAfter },
    ]);
    await world.answerAll();
    expect(world.filled).toEqual(['UAV1', 'UAV2']);
    const points = world.histories.get('UAV1')?.points() ?? [];
    const gaps = points.slice(1).map((p, i) => p.t - (points[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_STEP_MS);
    expect(points.find((p) => p.t === lastBefore + 700)).toMatchObject({
      altitude: 80,
      speed: 6,
      battery: 71,
    });
  });

  it('reads the widest gap when samples from before the drop reach the tab after it', async () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 5);
    world.backfill.linkState('offline');
    // A frame the busy tab had not taken yet comes after the drop was noted, its sample a second
    // and a half after the last one (the frames in between were folded into it).
    time.advance(500);
    world.fly(['UAV1'], 1);
    const lastBefore = world.histories.get('UAV1')?.newest() ?? 0;
    time.advance(18_500);
    world.backfill.linkState('online');
    world.fly(['UAV1'], BACKFILL_SETTLE_MS / 1_000);

    const firstAfter = lastBefore + 19_500;
    expect(world.requests.map(({ sn, from, to }) => ({ sn, from, to }))).toEqual([
      { sn: 'UAV1', from: lastBefore, to: firstAfter },
    ]);
    await world.answerAll();
    const points = world.histories.get('UAV1')?.points() ?? [];
    const gaps = points.slice(1).map((p, i) => p.t - (points[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_STEP_MS);
  });

  it('reads again what a first answer lacked while the server had not stored it yet, a few times at most', async () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 5);
    const lastBefore = world.histories.get('UAV1')?.newest() ?? 0;
    world.drop(20_000);
    world.fly(['UAV1'], BACKFILL_SETTLE_MS / 1_000);
    const [first] = world.requests.splice(0);
    // The server's writes are behind: it has stored only the first five seconds of the hole.
    first?.answer(storedRange(first.from, lastBefore + 5_000));
    await settle();
    expect(world.requests).toEqual([]);
    time.advance(BACKFILL_SETTLE_MS);
    expect(world.requests.map(({ sn, from, to }) => ({ sn, from, to }))).toEqual([
      { sn: 'UAV1', from: Math.floor(lastBefore / 1_000) * 1_000 + 5_000, to: first?.to },
    ]);
    await world.answerAll();
    const points = world.histories.get('UAV1')?.points() ?? [];
    const gaps = points.slice(1).map((p, i) => p.t - (points[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_STEP_MS);

    // A server that never stores those seconds is asked BACKFILL_RETRIES more times, no more.
    world.drop(20_000);
    world.fly(['UAV1'], BACKFILL_SETTLE_MS / 1_000);
    let asked = 0;
    for (let round = 0; round < BACKFILL_RETRIES + 3; round += 1) {
      for (const r of world.requests.splice(0)) {
        asked += 1;
        r.answer([]);
      }
      await settle();
      time.advance(BACKFILL_SETTLE_MS);
    }
    expect(asked).toBe(1 + BACKFILL_RETRIES);
  });

  it('reads a hole again a little later when its read failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 5);
    world.drop(20_000);
    world.fly(['UAV1'], BACKFILL_SETTLE_MS / 1_000);
    const [failed] = world.requests.splice(0);
    failed?.fail(new Error('network'));
    await settle();
    expect(world.requests).toEqual([]);
    time.advance(BACKFILL_SETTLE_MS);
    expect(world.requests.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: failed?.from, to: failed?.to },
    ]);
    await world.answerAll();
    expect(world.filled).toEqual(['UAV1']);
  });

  it('reads nothing after a drop too short to miss a sample, or before the link settles', () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 5);
    world.backfill.linkState('connecting'); // a reconnect with a renewed token
    world.backfill.linkState('online');
    world.fly(['UAV1'], 10);
    expect(world.requests).toEqual([]);
    expect(world.backfill.pending()).toBe(0);

    world.drop(20_000);
    time.advance(BACKFILL_SETTLE_MS - 1);
    world.backfill.linkState('offline'); // dropped again before settling
    time.advance(BACKFILL_SETTLE_MS * 2);
    expect(world.requests).toEqual([]);
    expect(world.backfill.pending()).toBe(1);
  });

  it('reads from the first hole to now when the link dropped again before it was read', async () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 3);
    const lastBefore = world.histories.get('UAV1')?.newest() ?? 0;
    world.drop(10_000);
    world.fly(['UAV1'], 1);
    world.drop(10_000);
    time.advance(BACKFILL_SETTLE_MS);
    expect(world.requests.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: lastBefore, to: time.now() },
    ]);
    await world.answerAll();
    const points = world.histories.get('UAV1')?.points() ?? [];
    const gaps = points.slice(1).map((p, i) => p.t - (points[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_STEP_MS);
  });

  it('keeps a few requests in flight, and backfills devices on screen first and beyond the budget', async () => {
    const world = new World();
    const fleet = Array.from({ length: BACKFILL_BUDGET + 20 }, (_, i) => `UAV${1000 + i}`);
    world.backfill.linkState('online');
    world.fly(fleet, 2);
    world.drop(20_000);
    world.show(['UAV1069']);
    world.fly(fleet, BACKFILL_SETTLE_MS / 1_000);

    expect(world.requests).toHaveLength(BACKFILL_CONCURRENCY);
    expect(world.requests[0]?.sn).toBe('UAV1069');
    const asked: string[] = [];
    for (let r = world.requests.shift(); r !== undefined; r = world.requests.shift()) {
      asked.push(r.sn);
      r.answer(storedRange(r.from, r.to));
      await settle();
      expect(world.requests.length).toBeLessThanOrEqual(BACKFILL_CONCURRENCY);
    }
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toHaveLength(BACKFILL_BUDGET + 1);
    expect(world.backfill.pending()).toBe(fleet.length - asked.length);

    // A device coming on screen later is filled then, budget or not.
    const later = fleet.find((sn) => !asked.includes(sn)) ?? '';
    world.show([later]);
    expect(world.requests.map((r) => r.sn)).toEqual([later]);
  });

  it('gives up the round when refused the track, and skips a device that was forgotten', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1', 'UAV2', 'UAV3', 'UAV4', 'UAV5', 'UAV6', 'UAV7'], 2);
    world.drop(20_000);
    world.histories.delete('UAV1');
    world.fly(['UAV2', 'UAV3', 'UAV4', 'UAV5', 'UAV6', 'UAV7'], BACKFILL_SETTLE_MS / 1_000);
    expect(world.requests.map((r) => r.sn)).toEqual(['UAV2', 'UAV3', 'UAV4']);
    world.requests.shift()?.fail(new Error('network'));
    await settle();
    expect(world.requests.map((r) => r.sn)).toEqual(['UAV3', 'UAV4', 'UAV5']);
    world.requests.shift()?.fail(new ApiError('forbidden', 403, null));
    await settle();
    expect(world.backfill.pending()).toBe(0);
    expect(world.requests.map((r) => r.sn)).toEqual(['UAV4', 'UAV5']);
    await world.answerAll();
    expect(world.filled).toEqual(['UAV4', 'UAV5']);
  });

  it('fills nothing after it was disposed', async () => {
    const world = new World();
    world.backfill.linkState('online');
    world.fly(['UAV1'], 2);
    world.drop(20_000);
    time.advance(BACKFILL_SETTLE_MS);
    world.backfill.dispose();
    await world.answerAll();
    expect(world.filled).toEqual([]);
    expect(time.pendingCount).toBe(0);
  });
});

describe('track backfill through the telemetry bridge', () => {
  const CONFIG: MqttConfig = { ws_url: '/mqtt', username: 'admin' };

  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'http://console.test/' } });
    resetFleet();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fills the fleet store's aircraft histories (docks have no track) and tells their readers", async () => {
    const worker = fakeWorker();
    const reads: [string, number, number][] = [];
    const stop = startTelemetryBridge(
      {
        token: () => 'token',
        clientId: () => '123456',
        serials: () => ['DOCK1', 'UAV1'],
        watch: () => () => undefined,
        loadConfig: () => Promise.resolve(CONFIG),
        refresh: () => Promise.resolve(false),
        setOnline: () => undefined,
        readTrack: (sn, from, to) => {
          reads.push([sn, from, to]);
          return Promise.resolve(storedRange(from, to));
        },
      },
      () => worker.handle,
    );
    await settle();
    setWatchedSerials(['DOCK1', 'UAV1']);
    const fills: string[] = [];
    const off = onHistoryFill((sn) => fills.push(sn));
    let seq = 0;
    const send = (): void => {
      const ts = time.now() + 300;
      const dock = { longitude: 114, latitude: 22, cover_state: 0 };
      worker.sendDelta(
        delta((seq += 1), [
          { sn: 'UAV1', ts, receivedAt: ts, osd: liveAt('UAV1', ts).osd },
          { sn: 'DOCK1', ts, receivedAt: ts, osd: dock },
        ]),
      );
    };

    worker.sendState('online');
    for (let i = 0; i < 3; i += 1, time.advance(1_000)) send();
    worker.sendState('offline');
    time.advance(20_000);
    worker.sendState('online');
    for (let i = 0; i < BACKFILL_SETTLE_MS / 1_000; i += 1, time.advance(1_000)) send();
    await settle();

    expect(historyOf('DOCK1').points().length).toBeGreaterThan(0);
    expect(reads.map(([sn]) => sn)).toEqual(['UAV1']);
    expect(fills).toEqual(['UAV1']);
    const points: HistoryPoint[] = historyOf('UAV1').points();
    const gaps = points.slice(1).map((p, i) => p.t - (points[i]?.t ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MAX_STEP_MS);
    off();
    stop();
    expect(time.pendingCount).toBe(0);
  });
});
