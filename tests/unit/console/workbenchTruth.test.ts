/**
 * The workbench never shows stale or contradictory facts: the alarm counter and the feed are one
 * list, AI detections clear after their hold time, alarms read at open join live ones, and a project
 * switch forgets the previous project's devices at once, whatever the worker still sends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../../../protocol/http.ts';
import type { FleetDelta, TelemetryEvent } from '../../../protocol/telemetry.ts';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import {
  alarmFeed,
  applyFleetDelta,
  deviceCell,
  fleetCounts,
  fleetTelemetry,
  onFleetFrame,
  refreshFleetCounts,
  resetFleet,
  setActiveAlarms,
  setFleetDevices,
  setWatchedSerials,
} from '../../../src/fleet/fleet.ts';
import { AI_ALARM_HOLD_MS, fromRecord } from '../../../src/fleet/derive/alarms.ts';
import { NO_STATS } from './fakeWorker.ts';

let time: VirtualClock;
let restoreClock: () => void;

const aircraft = (sn: string, gateway: string | null = null): Device =>
  ({ device_sn: sn, domain: 0, online: true, gateway_sn: gateway }) as Device;
const dock = (sn: string): Device => ({ device_sn: sn, domain: 3, online: true }) as Device;

function frame(events: TelemetryEvent[], devices: FleetDelta['devices'] = []): FleetDelta {
  return { seq: 1, emittedAt: time.now(), devices, events, stats: NO_STATS };
}

function event(sn: string, kind: 'hms' | 'ai_alarm', data: TelemetryEvent['data']): TelemetryEvent {
  const now = time.now();
  return { sn, kind, method: kind, ts: now, receivedAt: now, data };
}

const hms = (...list: { code: string; level: number; device_type: string }[]) => ({
  list: list.map((a) => ({ ...a, module: 3, in_the_sky: 0, imminent: 0, args: {} })),
});

/** The feed's codes, after checking that the counter counts exactly the feed. */
function feedCodes(): string[] {
  expect(alarmFeed()).toHaveLength(fleetCounts().alarms);
  return alarmFeed()
    .map((a) => a.code)
    .sort();
}

beforeEach(() => {
  time = new VirtualClock();
  restoreClock = installClock(time);
  resetFleet();
});
afterEach(() => restoreClock());

describe('one source of truth for alarms', () => {
  it('counts exactly the alarms the devices hold, HMS and AI alike', () => {
    setFleetDevices([dock('DOCK1'), aircraft('UAV1', 'DOCK1')]);
    const set = hms(
      { code: '0x12040000', level: 1, device_type: '3-2-0' },
      { code: '0x16100083', level: 2, device_type: '0-91-0' },
    );
    applyFleetDelta(
      frame([
        event('DOCK1', 'hms', set),
        event('UAV1', 'ai_alarm', {
          alarm_id: 'a1',
          category: 'person',
          confidence: 0.9,
          level: 2,
        }),
      ]),
    );
    expect(fleetCounts().alarms).toBe(3);
    expect(feedCodes()).toEqual(['0x12040000', '0x16100083', 'person']);
    // The aircraft alarm arrived on the dock's topic but belongs to the aircraft.
    expect(deviceCell('UAV1').alarms.map((a) => a.code)).toEqual(['0x16100083', 'person']);
  });

  it('clears an HMS alarm missing from the next set and an AI alarm after its hold time', () => {
    setFleetDevices([dock('DOCK1')]);
    applyFleetDelta(
      frame([event('DOCK1', 'hms', hms({ code: '0x12040000', level: 1, device_type: '3-2-0' }))]),
    );
    applyFleetDelta(
      frame([event('DOCK1', 'ai_alarm', { alarm_id: 'a2', category: 'fire', level: 2 })]),
    );
    expect(fleetCounts().alarms).toBe(2);
    applyFleetDelta(frame([event('DOCK1', 'hms', { list: [] })]));
    expect(fleetCounts().alarms).toBe(1);
    time.advance(AI_ALARM_HOLD_MS + 1_000);
    refreshFleetCounts();
    expect(fleetCounts().alarms).toBe(0);
    expect(feedCodes()).toEqual([]);
  });

  it('keeps the time an alarm was first raised while it stays in later sets', () => {
    setFleetDevices([dock('DOCK1')]);
    const set = hms({ code: '0x12040000', level: 1, device_type: '3-2-0' });
    applyFleetDelta(frame([event('DOCK1', 'hms', set)]));
    const raised = deviceCell('DOCK1').alarms[0]?.ts;
    time.advance(30_000);
    applyFleetDelta(frame([event('DOCK1', 'hms', set)]));
    expect(deviceCell('DOCK1').alarms[0]?.ts).toBe(raised);
  });

  it('shows alarms that were active before the console opened', () => {
    setFleetDevices([dock('DOCK1'), aircraft('UAV1', 'DOCK1')]);
    setActiveAlarms(
      [
        {
          id: 7,
          device_sn: 'UAV1',
          gateway_sn: 'DOCK1',
          code: '0x16100083',
          level: 2,
          module: 3,
          in_the_sky: 1,
          imminent: 1,
          device_type: '0-91-0',
          args: {},
          raised_at: '2026-01-01T00:00:00.000Z',
          cleared_at: null,
        },
      ].map(fromRecord),
    );
    expect(fleetCounts().alarms).toBe(1);
    expect(deviceCell('UAV1').alarms[0]).toMatchObject({ level: 2, inTheSky: true });
  });

  it('keeps alarms read before the bridge watches their device, and shows them once it does', () => {
    // The bridge starts by watching nothing, and the read can answer before it names its devices.
    setWatchedSerials([]);
    setFleetDevices([dock('DOCK1')]);
    setActiveAlarms(
      [
        {
          id: 8,
          device_sn: 'DOCK1',
          gateway_sn: 'DOCK1',
          code: '0x12040000',
          level: 1,
          module: 3,
          in_the_sky: 0,
          imminent: 0,
          device_type: '3-2-0',
          args: {},
          raised_at: '2026-01-01T00:00:00.000Z',
          cleared_at: null,
        },
      ].map(fromRecord),
    );
    expect(fleetCounts().alarms).toBe(0);
    setWatchedSerials(['DOCK1']);
    expect(feedCodes()).toEqual(['0x12040000']);
  });
});

describe('project switch', () => {
  it('forgets the previous project at once and ignores what the worker still sends for it', () => {
    const frames: (readonly string[])[] = [];
    const off = onFleetFrame((changed) => frames.push(changed));
    setFleetDevices([aircraft('OLD1'), aircraft('OLD2')]);
    setWatchedSerials(['OLD1', 'OLD2']);
    const now = time.now();
    const osd = { longitude: 114, latitude: 22.5, mode_code: 5, elevation: 50 };
    applyFleetDelta(frame([], [{ sn: 'OLD1', ts: now, receivedAt: now, osd }]));
    expect(fleetCounts()).toMatchObject({ online: 2, flying: 1 });

    resetFleet();
    frames.length = 0;
    // A 0-device project: the bridge watches nothing.
    expect(setWatchedSerials([])).toBe(true);
    applyFleetDelta(
      frame(
        [event('OLD1', 'hms', hms({ code: '0x1', level: 2, device_type: '0-91-0' }))],
        [{ sn: 'OLD1', ts: now, receivedAt: now, osd }],
      ),
    );
    expect(fleetCounts()).toMatchObject({ online: 0, offline: 0, flying: 0, alarms: 0 });
    expect([...fleetTelemetry()]).toEqual([]);
    // The map heard about it without waiting for a delta of its own.
    expect(frames.length).toBeGreaterThan(0);

    setFleetDevices([aircraft('NEW1')]);
    expect(setWatchedSerials(['NEW1'])).toBe(true);
    expect(setWatchedSerials(['NEW1'])).toBe(false);
    applyFleetDelta(
      frame(
        [],
        [
          { sn: 'NEW1', ts: now, receivedAt: now, osd },
          { sn: 'OLD2', ts: now, receivedAt: now, osd },
        ],
      ),
    );
    expect(fleetCounts()).toMatchObject({ online: 1, flying: 1 });
    off();
  });
});
