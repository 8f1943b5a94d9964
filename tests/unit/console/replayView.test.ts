/** The replay's address: presets in local days, a link that reopens the same moment, bad parts ignored. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetWindow, searchOf, viewOf } from '../../../src/pages/replay/replayView.ts';

const NOW = Date.UTC(2026, 10, 28, 9, 30);

describe('replay view', () => {
  it('computes the presets from the clock, days from local midnight', () => {
    const midnight = dayjs(NOW).startOf('day').valueOf();
    expect(presetWindow('hour', NOW)).toEqual({ from: NOW - 3_600_000, to: NOW });
    expect(presetWindow('today', NOW)).toEqual({ from: midnight, to: NOW });
    expect(presetWindow('yesterday', NOW)).toEqual({
      from: dayjs(midnight).subtract(1, 'day').valueOf(),
      to: midnight,
    });
  });

  it('reopens the same view from its own address', () => {
    const view = {
      preset: 'custom' as const,
      from: Date.UTC(2026, 2, 10, 2),
      to: Date.UTC(2026, 2, 10, 3),
      devices: ['UAV1', 'DOCK1'],
      t: Date.UTC(2026, 2, 10, 2, 14, 32),
      sn: 'UAV1',
      speed: 30 as const,
    };
    const search = searchOf(view);
    expect(search).toContain('t=2026-03-10T02%3A14%3A32.000Z');
    expect(viewOf(new URLSearchParams(search), NOW + 86_400_000)).toEqual(view);
  });

  it('reads a preset without instants at the time it is opened', () => {
    const view = viewOf(new URLSearchParams('preset=today'), NOW);
    expect(view).toMatchObject({ preset: 'today', to: NOW, devices: [], t: null, speed: 1 });
  });

  it('falls back to the last hour and drops what it cannot read', () => {
    const view = viewOf(
      new URLSearchParams(
        'preset=nope&from=2026-03-10T03:00:00Z&to=2026-03-10T02:00:00Z&devices=A,b%20c,,B&t=x&sn=%3Cx%3E&speed=7',
      ),
      NOW,
    );
    expect(view).toEqual({
      preset: 'hour',
      from: NOW - 3_600_000,
      to: NOW,
      devices: ['A', 'B'],
      t: null,
      sn: null,
      speed: 1,
    });
    // A cursor outside the window is not kept.
    const outside = viewOf(
      new URLSearchParams(
        'from=2026-03-10T02:00:00Z&to=2026-03-10T03:00:00Z&t=2026-03-11T00:00:00Z',
      ),
      NOW,
    );
    expect(outside.t).toBeNull();
  });
});
