/**
 * The simulated fleet speaks consistently: what one field says, the others agree with, and the same
 * seed replays the same flights. Messages are captured from the simulator's transport, time is driven.
 */
import { describe, expect, it } from 'vitest';
import type { AircraftOsd, DockOsd } from '../../protocol/mqtt/payloads.ts';
import { manualScheduler } from '../../server/mqtt/scheduler.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { distance, headingDiff, headingOf, delta } from '../../server/sim/geo.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { SimTransport } from '../../server/sim/simulator.ts';

interface Sent {
  topic: string;
  msg: { timestamp: number; method?: string; data: Record<string, unknown> };
}

async function record(seed: number, seconds: number, drones = 4) {
  const clock = manualScheduler(Date.UTC(2026, 0, 1));
  const sent: Sent[] = [];
  const connects: (() => void)[] = [];
  const transport: SimTransport = {
    open: (_gateway, _secret, onConnect) => {
      connects.push(onConnect);
      return {
        publish: (topic, payload) => sent.push({ topic, msg: JSON.parse(payload) as Sent['msg'] }),
      };
    },
    close: () => Promise.resolve(),
  };
  const fleet = buildFleet({ drones, seed, center: DEFAULT_CENTER });
  const sim = startSimulator({ fleet, seed, hz: 1, secretKey: 'k', transport, scheduler: clock });
  connects.forEach((c) => c());
  const times: number[] = [];
  for (let t = 0; t < seconds; t++) {
    clock.advance(1_000);
    times.push(clock.now());
  }
  await sim.stop();
  return { fleet, sent, times };
}

type Osd = AircraftOsd & DockOsd & { ts: number };

/** The osd bodies one device sent, with their timestamps (the simulator wrote them from these types). */
function osdOf(sent: Sent[], sn: string): Osd[] {
  const mine = sent.filter((s) => s.topic === `thing/product/${sn}/osd`);
  return mine.map((s): Osd => ({ ts: s.msg.timestamp, ...(s.msg.data as AircraftOsd & DockOsd) }));
}

describe('simulated fleet', () => {
  it('replays exactly for the same seed and differs for another', async () => {
    const a = await record(42, 120);
    const b = await record(42, 120);
    const c = await record(43, 120);
    expect(b.sent).toEqual(a.sent);
    expect(c.sent).not.toEqual(a.sent);
  });

  it('uses the protocol model triples and serial numbers the broker accepts', () => {
    const fleet = buildFleet({ drones: 30, seed: 1, center: DEFAULT_CENTER });
    const pairs = new Set(
      fleet.map((u: SimUnitDef) => `${u.dock.modelKey}/${u.aircraft.modelKey}`),
    );
    expect(pairs).toContain('3-2-0/0-91-0');
    for (const u of fleet) {
      expect(u.dock.sn).toMatch(/^[A-Za-z0-9]+$/);
      expect(u.dock.modelName).not.toBe('unknown');
      expect(u.aircraft.modelName).not.toBe('unknown');
    }
  });

  it('announces topology on connect and stamps every message with the clock in ms', async () => {
    const { sent, fleet, times } = await record(7, 30, 2);
    expect(sent.slice(0, 3).map((s) => s.topic)).toEqual([
      `sys/product/${fleet[0]?.dock.sn ?? ''}/status`,
      `thing/product/${fleet[0]?.dock.sn ?? ''}/state`,
      `thing/product/${fleet[0]?.aircraft.sn ?? ''}/state`,
    ]);
    const allowed = new Set([Date.UTC(2026, 0, 1), ...times]);
    expect(sent.every((s) => allowed.has(s.msg.timestamp))).toBe(true);
  });

  it('flies whole missions whose fields agree with each other', async () => {
    const { sent, fleet } = await record(3, 1_500);
    const modes = new Set<number>();
    for (const unit of fleet) {
      const osd = osdOf(sent, unit.aircraft.sn);
      const dock = new Map(osdOf(sent, unit.dock.sn).map((d) => [d.ts, d]));
      osd.forEach((o, i) => {
        modes.add(o.mode_code ?? -1);
        const here = { lat: o.latitude ?? 0, lng: o.longitude ?? 0 };
        expect(Math.abs((o.home_distance ?? 0) - distance(here, unit.home))).toBeLessThan(1);
        const airborne = (o.elevation ?? 0) > 0;
        if (o.mode_code === 0) expect(o.elevation).toBe(0);
        const d = dock.get(o.ts);
        if (d && airborne) expect([d.cover_state, d.drone_in_dock]).toEqual([1, 0]);
        if (d) expect(d.drone_charge_state?.capacity_percent).toBe(o.battery?.capacity_percent);
        const prev = osd[i - 1];
        if (!prev) return;
        const battery = (o.battery?.capacity_percent ?? 0) - (prev.battery?.capacity_percent ?? 0);
        if (prev.mode_code === 5 && o.mode_code === 5) expect(battery).toBeLessThanOrEqual(0);
        if (prev.mode_code === 0 && o.mode_code === 0) expect(battery).toBeGreaterThanOrEqual(0);
        const move = delta({ lat: prev.latitude ?? 0, lng: prev.longitude ?? 0 }, here);
        if (Math.hypot(move.east, move.north) > 3)
          expect(
            Math.abs(headingDiff(o.attitude_head ?? 0, headingOf(move.east, move.north))),
          ).toBeLessThan(20);
      });
    }
    // Take-off, wayline patrol, return, landing and rest all happen within the run.
    for (const mode of [0, 4, 5, 9, 10]) expect(modes).toContain(mode);
  });

  it('raises HMS alarms with real-looking codes and levels now and then', async () => {
    const { sent } = await record(5, 1_500, 8);
    const hms = sent.filter((s) => s.msg.method === 'hms');
    expect(hms.length).toBeGreaterThan(0);
    const alarms = hms.flatMap((s) => s.msg.data.list as { code: string; level: number }[]);
    for (const a of alarms) {
      expect(a.code).toMatch(/^0x[0-9A-F]{8}$/);
      expect([0, 1, 2]).toContain(a.level);
    }
  });
});
