import { describe, expect, it } from 'vitest';
import {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelayMs,
} from '../../../workers/link/backoff.ts';
import { diffTopics, watchedTopics } from '../../../workers/link/watchedTopics.ts';

describe('watched topics', () => {
  it('subscribes the five console kinds per serial number', () => {
    expect([...watchedTopics(['SN1'])]).toEqual([
      'thing/product/SN1/osd',
      'thing/product/SN1/state',
      'thing/product/SN1/taskInfo',
      'thing/product/SN1/drc/up',
      'thing/product/SN1/events',
    ]);
  });

  it('never turns a serial number into a wildcard subscription', () => {
    expect([...watchedTopics(['+', '#', 'a/b', ''])]).toEqual([]);
  });

  it('diffs two watched sets into what to add and what to drop', () => {
    const before = watchedTopics(['SN1', 'SN2']);
    const after = watchedTopics(['SN2', 'SN3']);
    const { add, remove } = diffTopics(before, after);
    expect(add.every((t) => t.includes('/SN3/'))).toBe(true);
    expect(remove.every((t) => t.includes('/SN1/'))).toBe(true);
    expect([add.length, remove.length]).toEqual([5, 5]);
  });
});

describe('reconnect back-off', () => {
  it('doubles from the base to the cap, jittered in the upper half', () => {
    const low = [0, 1, 2, 3, 10].map((n) => reconnectDelayMs(n, () => 0));
    const high = [0, 1, 2, 3, 10].map((n) => reconnectDelayMs(n, () => 1));
    expect(low).toEqual([500, 1_000, 2_000, 4_000, RECONNECT_MAX_MS / 2]);
    expect(high).toEqual([RECONNECT_BASE_MS, 2_000, 4_000, 8_000, RECONNECT_MAX_MS]);
  });
});
