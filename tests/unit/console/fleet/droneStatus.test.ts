import { describe, expect, it } from 'vitest';
import { droneStatus } from '../../../../src/fleet/derive/droneStatus.ts';
import type { AlarmEntry } from '../../../../src/fleet/derive/alarms.ts';

const NOW = 1_000_000;
/** An aircraft heard a moment ago, hovering 80 m up (no mode reported). */
const flying = { receivedAt: NOW - 500, mode: null, elevation: 80, droneInDock: null };

const alarm = (level: 0 | 1 | 2, airspace?: AlarmEntry['airspace']): AlarmEntry => ({
  id: `a${String(level)}`,
  sn: 'UAV1',
  level,
  code: airspace ? 'airspace_nfz' : '0x16100083',
  source: airspace ? 'ai_alarm' : 'hms',
  deviceType: null,
  module: null,
  inTheSky: true,
  args: {},
  confidence: null,
  ts: NOW - 1_000,
  ...(airspace ? { airspace } : {}),
});

describe('how a drone is drawn on the map', () => {
  it('marks a warning, and an airspace alarm even while only near the boundary', () => {
    expect(droneStatus(flying, [], NOW)).toBe('flying');
    // A caution that is not about airspace leaves the flight phase shown.
    expect(droneStatus(flying, [alarm(1)], NOW)).toBe('flying');
    expect(droneStatus(flying, [alarm(2)], NOW)).toBe('alarm');
    const near = {
      areaId: 't',
      area: 'Tower',
      kind: 'no_fly',
      distance: 60,
      breach: false,
    } as const;
    expect(droneStatus(flying, [alarm(1, near)], NOW)).toBe('alarm');
  });

  it('shows silence before anything else', () => {
    expect(droneStatus({ ...flying, receivedAt: NOW - 60_000 }, [alarm(2)], NOW)).toBe('quiet');
  });
});
