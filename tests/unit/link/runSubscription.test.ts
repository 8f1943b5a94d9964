import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunUpdate } from '../../../protocol/tasks.ts';
import { runTopic } from '../../../protocol/tasks.ts';
import { readRunUpdate } from '../../../workers/runs/readRunUpdate.ts';
import { createTelemetryService } from '../../../workers/telemetryService.ts';
import type { TelemetryService } from '../../../workers/telemetryService.ts';
import { GOOD_PASSWORD, TestBroker } from './testBroker.ts';

// Hang guards only: the broker is local, but a 2-core machine shared by many suites can be slow.
const WAIT = { timeout: 15_000, interval: 20 };

const RUNS = runTopic(7);
const UPDATE: RunUpdate = {
  id: 41,
  task_id: 9,
  workspace_id: 12,
  flight_id: 'f-41',
  dock_sn: 'DOCK1',
  state: 'executing',
  percent: 35,
  current_waypoint: 3,
  total_waypoints: 8,
  media_count: null,
  result_code: 0,
  started_at: '2026-11-28T10:00:00.000Z',
  ended_at: null,
  eta: 1_796_000_000_000,
  at: 1_795_999_000_000,
};
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('reading a pushed run update', () => {
  it('keeps a whole update as it was sent', () => {
    expect(readRunUpdate(bytes(UPDATE))).toEqual(UPDATE);
  });

  it('refuses what is not an update, and fills what an older server left out', () => {
    expect(readRunUpdate(new TextEncoder().encode('{not json'))).toBeNull();
    expect(readRunUpdate(bytes([UPDATE]))).toBeNull();
    expect(readRunUpdate(bytes({ ...UPDATE, id: '41' }))).toBeNull();
    expect(readRunUpdate(bytes({ ...UPDATE, state: undefined }))).toBeNull();
    const older: Partial<RunUpdate> = { ...UPDATE };
    delete older.eta;
    delete older.media_count;
    delete older.percent;
    expect(readRunUpdate(bytes(older))).toEqual({
      ...UPDATE,
      eta: null,
      media_count: null,
      percent: 0,
    });
  });
});

describe("the run updates on the tab's link", () => {
  let broker: TestBroker;
  let service: TelemetryService;

  beforeEach(async () => {
    broker = await TestBroker.create();
    service = createTelemetryService({ frameMs: 20 });
    service.onDelta((delta) => service.ack(delta.seq));
  });

  afterEach(async () => {
    service.disconnect();
    service.onDelta(null);
    await broker.close();
  });

  it('subscribes while a page follows runs and hands each update to it, never to the frame path', async () => {
    service.setWatched(['DOCK1']);
    service.connect({
      url: broker.url,
      clientId: '042917',
      username: 'operator',
      password: GOOD_PASSWORD,
    });
    await vi.waitFor(() => expect(broker.subscribed).toContain('thing/product/DOCK1/osd'), WAIT);
    expect(broker.subscribed).not.toContain(RUNS);

    const got: RunUpdate[] = [];
    service.runsOpen(7, (update) => got.push(update));
    await vi.waitFor(() => expect(broker.subscribed).toContain(RUNS), WAIT);
    await broker.publish(RUNS, { garbage: true });
    await broker.publish(RUNS, UPDATE);
    await vi.waitFor(() => expect(got).toEqual([UPDATE]), WAIT);
    // Neither message reached the streaming core.
    expect(service.stats().in).toBe(0);

    service.runsClose();
    await vi.waitFor(() => expect(broker.subscribed).not.toContain(RUNS), WAIT);
    expect(broker.subscribed).toContain('thing/product/DOCK1/osd');
  });

  it('keeps the link up when the broker refuses the run topic, and tells the page to ask the server', async () => {
    broker.refuse.add(RUNS);
    const states: string[] = [];
    service.onConnection((state) => void states.push(state));
    const granted: boolean[] = [];
    const got: RunUpdate[] = [];
    service.runsOpen(
      7,
      (update) => got.push(update),
      (grant) => void granted.push(grant),
    );
    service.setWatched(['DOCK1']);
    service.connect({
      url: broker.url,
      clientId: '042918',
      username: 'operator',
      password: GOOD_PASSWORD,
    });
    await vi.waitFor(() => expect(granted).toEqual([true, false]), WAIT);
    expect(states.at(-1)).toBe('online');
    expect(states).not.toContain('refused');
    // The devices still arrive over the same link.
    await vi.waitFor(() => expect(broker.subscribed).toContain('thing/product/DOCK1/osd'), WAIT);
    await broker.publish('thing/product/DOCK1/osd', { timestamp: Date.now(), data: {} });
    await vi.waitFor(() => expect(service.stats().in).toBe(1), WAIT);

    // Allowed again (say the role got the task page back): the next connect asks afresh.
    broker.refuse.delete(RUNS);
    await broker.stop();
    await broker.start();
    await vi.waitFor(() => expect(granted).toEqual([true, false, true]), { timeout: 30_000 });
    await vi.waitFor(async () => {
      await broker.publish(RUNS, UPDATE);
      expect(got).toContainEqual(UPDATE);
    }, WAIT);
    expect(granted).toEqual([true, false, true]);
    // A device topic refused still marks the link: that is the user's scope, not a feature's.
    service.setWatched(['DOCK1', 'FORBIDDEN1']);
    await vi.waitFor(() => expect(states.at(-1)).toBe('refused'), WAIT);
  });
});
