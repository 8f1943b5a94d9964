/** The latency guard warns, limits, stops, and stands down only after the link stays healthy. */
import { describe, expect, it } from 'vitest';
import { STICK_NEUTRAL } from '../../../protocol/mqtt/drc.ts';
import type { StickControlData } from '../../../protocol/mqtt/drc.ts';
import {
  DEFAULT_GUARD,
  INITIAL_GUARD,
  authorityOf,
  normaliseGuard,
  stepGuard,
  type GuardState,
} from '../../../src/lib/sticks/latencyGuard.ts';
import { LinkHealth, SILENCE_ALLOWANCE_MS } from '../../../src/lib/sticks/linkHealth.ts';
import { StickLoop } from '../../../src/lib/sticks/stickLoop.ts';
import { useVirtualClock } from './virtualTime.ts';

const config = { warnMs: 300, stopMs: 800, healthyForMs: 2_000, warnAuthority: 0.4 };

function run(samples: [at: number, delay: number][]): GuardState['level'][] {
  let state = INITIAL_GUARD;
  return samples.map(([at, delay]) => {
    state = stepGuard(state, delay, at, config);
    return state.level;
  });
}

describe('latency guard state machine', () => {
  it('goes ok → warn → stop as the delay rises', () => {
    expect(
      run([
        [0, 100],
        [100, 350],
        [200, 900],
      ]),
    ).toEqual(['ok', 'warn', 'stop']);
  });

  it('stays stopped while the delay is between the thresholds, and recovers after 2 s healthy', () => {
    expect(
      run([
        [0, 900],
        [100, 500],
        [200, 100],
        [1_000, 100],
        [2_100, 100],
        [2_200, 100],
        [2_300, 100],
      ]),
    ).toEqual(['stop', 'stop', 'stop', 'stop', 'stop', 'ok', 'ok']);
  });

  it('restarts the healthy wait when the link flickers', () => {
    expect(
      run([
        [0, 400],
        [100, 100],
        [1_500, 400],
        [1_600, 100],
        [2_200, 100],
        [3_700, 100],
      ]),
    ).toEqual(['warn', 'warn', 'warn', 'warn', 'warn', 'ok']);
  });

  it('limits authority while warning and removes it when stopped', () => {
    expect(authorityOf('ok', config)).toBe(1);
    expect(authorityOf('warn', config)).toBe(0.4);
    expect(authorityOf('stop', config)).toBe(0);
  });

  it('keeps configured thresholds sane', () => {
    expect(normaliseGuard({ warnMs: 500, stopMs: 200 }).stopMs).toBeGreaterThan(500);
    expect(normaliseGuard({ warnMs: -1, stopMs: Number.NaN })).toEqual(DEFAULT_GUARD);
  });
});

describe('link health', () => {
  it('counts the echo round trip and the dock delay in full, silences beyond an allowance', () => {
    const health = new LinkHealth(0);
    health.received(0);
    health.sent(100);
    // A heartbeat out for 250 ms, nothing heard for 350 ms: a page pause, not yet a dead link.
    expect(health.readings(350).worstMs).toBe(0);
    expect(health.readings(1_100).worstMs).toBe(1_100 - SILENCE_ALLOWANCE_MS);
    health.echo(100, 180);
    health.received(1_100);
    expect(health.readings(1_120)).toMatchObject({ echoMs: 80, ageMs: 20, worstMs: 80 });
    health.commandDelay(450);
    expect(health.readings(1_120).worstMs).toBe(450);
    expect(health.readings(4_000).worstMs).toBe(2_900 - SILENCE_ALLOWANCE_MS);
  });

  it('does not wait for a heartbeat whose echo came before the news that it went out', () => {
    const health = new LinkHealth(0);
    health.echo(1_000, 1_004);
    health.received(1_004);
    health.sent(1_000);
    expect(health.readings(1_050)).toMatchObject({ echoMs: 4, worstMs: 4 });
  });
});

describe('the guard driving the stick loop', () => {
  const clock = useVirtualClock();

  it('scales sticks while warning, sends neutral then nothing when stopped, recovers later', () => {
    let delay = 0;
    const sent: StickControlData[] = [];
    const sticks = new StickLoop({ send: (d) => sent.push(d), delayMs: () => delay, config });
    sticks.start();
    sticks.press('KeyW');
    clock().advance(1_000);
    expect(sent.at(-1)?.pitch).toBe(1684);

    delay = 400;
    clock().advance(200);
    expect(sticks.view().guard.level).toBe('warn');
    expect(sent.at(-1)?.pitch).toBe(STICK_NEUTRAL + Math.round(660 * 0.4));

    delay = 1_000;
    clock().advance(100);
    expect(sticks.view().guard.level).toBe('stop');
    expect(sent.at(-1)?.pitch).toBe(STICK_NEUTRAL);
    clock().advance(300);
    const count = sent.length;
    clock().advance(2_000);
    expect(sent.length).toBe(count);

    delay = 50;
    clock().advance(1_000);
    expect(sticks.view().guard.level).toBe('stop');
    clock().advance(1_200);
    expect(sticks.view().guard.level).toBe('ok');
    clock().advance(600);
    expect(sent.at(-1)?.pitch).toBe(1684);
    sticks.stop();
  });
});
