import { afterEach, describe, expect, it } from 'vitest';
import type { RunUpdate } from '../../../protocol/tasks.ts';
import type { RunLink } from '../../../src/telemetry/runFeed.ts';
import {
  attachRunLink,
  detachRunLink,
  followRuns,
  openedRuns,
  runsRefused,
} from '../../../src/telemetry/runFeed.ts';

/** A worker that records the feed calls and lets the test push through the listener it was given. */
function fakeRunLink() {
  const calls: string[] = [];
  let push: ((update: RunUpdate) => unknown) | null = null;
  let grant: ((granted: boolean) => unknown) | null = null;
  const link = {
    runsOpen: (
      workspaceId: number,
      listener: (update: RunUpdate) => unknown,
      granted: (granted: boolean) => unknown,
    ) => {
      calls.push(`open ${String(workspaceId)}`);
      push = listener;
      grant = granted;
      return Promise.resolve();
    },
    runsClose: () => {
      calls.push('close');
      push = null;
      return Promise.resolve();
    },
  } as unknown as RunLink;
  return {
    link,
    calls,
    push: (update: RunUpdate) => push?.(update),
    grant: (granted: boolean) => grant?.(granted),
  };
}

const update = (id: number, state: string) => ({ id, task_id: 1, state }) as unknown as RunUpdate;

describe('the run feed on the main thread', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('opens the topic once for every reader, hands each update to all, and closes after the last', () => {
    const worker = fakeRunLink();
    attachRunLink(worker.link);
    stops.push(() => detachRunLink(worker.link));
    const a: string[] = [];
    const b: string[] = [];
    const stopA = followRuns(5, (u) => a.push(u.state));
    const stopB = followRuns(5, (u) => b.push(u.state));
    expect(worker.calls).toEqual(['open 5']);

    worker.push(update(1, 'dispatching'));
    stopA();
    worker.push(update(1, 'executing'));
    expect(a).toEqual(['dispatching']);
    expect(b).toEqual(['dispatching', 'executing']);
    expect(worker.calls).toEqual(['open 5']);

    stopB();
    expect(worker.calls).toEqual(['open 5', 'close']);
    expect(openedRuns()).toBeNull();
  });

  it('opens on the worker of a bridge that starts after the page, and a stopped bridge forgets it', () => {
    const stop = followRuns(8, () => undefined);
    stops.push(stop);
    expect(openedRuns()).toBeNull();

    const first = fakeRunLink();
    attachRunLink(first.link);
    expect(first.calls).toEqual(['open 8']);

    // A new bridge (a fresh worker) opens again; the old one stopping afterwards changes nothing.
    const second = fakeRunLink();
    attachRunLink(second.link);
    detachRunLink(first.link);
    expect(second.calls).toEqual(['open 8']);
    expect(openedRuns()).toBe(8);

    detachRunLink(second.link);
    expect(openedRuns()).toBeNull();
  });

  it('knows when the broker refused the topic, until it is asked for again or reopened', () => {
    const worker = fakeRunLink();
    attachRunLink(worker.link);
    stops.push(() => detachRunLink(worker.link));
    const stop = followRuns(5, () => undefined);
    expect(runsRefused()).toBe(false);
    worker.grant(false);
    expect(runsRefused()).toBe(true);
    // The link connected again and subscribed afresh.
    worker.grant(true);
    expect(runsRefused()).toBe(false);
    worker.grant(false);
    stop();
    // Nobody follows: nothing is refused; the next reader starts from a fresh ask.
    expect(runsRefused()).toBe(false);
    stops.push(followRuns(5, () => undefined));
    expect(worker.calls).toEqual(['open 5', 'close', 'open 5']);
    expect(runsRefused()).toBe(false);
  });
});
