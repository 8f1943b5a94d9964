/**
 * The simulated fleet speaks consistently: what one field says, the others agree with, and the same
 * seed replays the same flights. Messages are captured from the simulator's transport, time is driven.
 */
import { describe, expect, it } from 'vitest';
import type { AircraftOsd, DockOsd } from '../../protocol/mqtt/payloads.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { distance, headingDiff, headingOf, delta } from '../../server/physics/geodesy.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { SimTransport } from '../../server/sim/simulator.ts';

interface Sent {
  topic: string;
  msg: { timestamp: number; method?: string; data: Record<string, unknown> };
}

async function record(seed: number, seconds: number, drones = 4, patrols = true, timeScale = 1) {
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
  const sim = startSimulator({
    fleet,
    seed,
    hz: 1,
    secretKey: 'k',
    transport,
    scheduler: clock,
    patrols,
    timeScale,
  });
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

/**
 * The osd one device sent, one entry per timestamp (the simulator wrote them from these types). A
 * dock sends its osd in parts, merged here as a console merges them.
 */
function osdOf(sent: Sent[], sn: string): Osd[] {
  const byTs = new Map<number, Osd>();
  for (const s of sent) {
    if (s.topic !== `thing/product/${sn}/osd`) continue;
    const ts = s.msg.timestamp;
    byTs.set(ts, { ...byTs.get(ts), ts, ...(s.msg.data as AircraftOsd & DockOsd) });
  }
  return [...byTs.values()];
}

/** Everything one device's osd said, merged over the run. */
function mergedOsd(sent: Sent[], sn: string): Osd {
  return Object.assign({ ts: 0 }, ...osdOf(sent, sn)) as Osd;
}

/** Stretches of consecutive samples in which `keep` holds, at least `min` samples long. */
function runs(osd: Osd[], keep: (o: Osd) => boolean, min: number): Osd[][] {
  const out: Osd[][] = [];
  let current: Osd[] = [];
  for (const o of [...osd, null]) {
    if (o !== null && keep(o)) {
      current.push(o);
      continue;
    }
    if (current.length >= min) out.push(current);
    current = [];
  }
  return out;
}

/** Battery change per minute over a stretch. */
function perMinute(run: Osd[], percent: (o: Osd) => number): number {
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return Number.NaN;
  return ((percent(last) - percent(first)) / (last.ts - first.ts)) * 60_000;
}

const spread = (values: number[]): number => Math.max(...values) - Math.min(...values);

describe('simulated fleet', () => {
  it('replays exactly for the same seed and differs for another', async () => {
    const a = await record(42, 120);
    const b = await record(42, 120);
    const c = await record(43, 120);
    expect(b.sent).toEqual(a.sent);
    expect(c.sent).not.toEqual(a.sent);
  });

  it('flies a time-scaled fleet faster on the same clock and at the same message rate', async () => {
    const travelled = (sent: Sent[], sn: string) => {
      const osd = osdOf(sent, sn).filter((o) => o.latitude !== undefined);
      let metres = 0;
      for (let i = 1; i < osd.length; i++) {
        const a = osd[i - 1];
        const b = osd[i];
        if (!a || !b) continue;
        metres += distance(
          { lat: a.latitude ?? 0, lng: a.longitude ?? 0 },
          { lat: b.latitude ?? 0, lng: b.longitude ?? 0 },
        );
      }
      return { metres, messages: osd.length, last: osd.at(-1)?.ts ?? 0 };
    };
    const real = await record(3, 240, 1, true, 1);
    const fast = await record(3, 240, 1, true, 20);
    const sn = real.fleet[0]?.aircraft.sn ?? '';
    const a = travelled(real.sent, sn);
    const b = travelled(fast.sent, sn);
    // Same messages on the same clock: the server sees a dock that reports as often as ever.
    expect(b.messages).toBe(a.messages);
    expect(b.last).toBe(a.last);
    // Four simulated minutes at ×20 cover a patrol that real time has barely started.
    expect(b.metres).toBeGreaterThan(Math.max(200, a.metres * 3));
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
        // The nose points along the track; the wind's drift moves the aircraft a little off it.
        if (Math.hypot(move.east, move.north) > 3)
          expect(
            Math.abs(headingDiff(o.attitude_head ?? 0, headingOf(move.east, move.north))),
          ).toBeLessThan(25);
      });
    }
    // Take-off, wayline patrol, return, landing and rest all happen within the run.
    for (const mode of [0, 4, 5, 9, 10]) expect(modes).toContain(mode);
  });

  it('keeps every aircraft in its dock when patrols are off (SIM_PATROLS=0)', async () => {
    const { sent, fleet } = await record(3, 900, 6, false);
    for (const unit of fleet) {
      const osd = osdOf(sent, unit.aircraft.sn);
      expect(osd.length).toBeGreaterThan(800);
      // Landed the whole quarter of an hour: mode 0 (standby), on the ground, charging.
      expect(new Set(osd.map((o) => o.mode_code))).toEqual(new Set([0]));
      expect(Math.max(...osd.map((o) => o.elevation ?? 0))).toBe(0);
    }
    // The same seed with patrols on sends some of them out in that time.
    const patrolling = await record(3, 900, 6, true);
    const modes = patrolling.fleet.flatMap((u) =>
      osdOf(patrolling.sent, u.aircraft.sn).map((o) => o.mode_code),
    );
    expect(modes.some((m) => m !== 0)).toBe(true);
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

  it('flies about 40 minutes on a battery and charges in the dock', async () => {
    const { sent, fleet } = await record(11, 2_400, 6);
    const battery = (o: Osd): number => o.battery?.capacity_percent ?? 0;
    const charge = (o: Osd): number => o.drone_charge_state?.capacity_percent ?? 0;
    const drains: number[] = [];
    const charges: number[] = [];
    for (const unit of fleet) {
      const patrol = runs(osdOf(sent, unit.aircraft.sn), (o) => o.mode_code === 5, 300);
      drains.push(...patrol.map((run) => -perMinute(run, battery)));
      const inDock = (o: Osd): boolean => o.drone_charge_state?.state === 1;
      charges.push(
        ...runs(osdOf(sent, unit.dock.sn), inDock, 300).map((r) => perMinute(r, charge)),
      );
    }
    expect(drains.length).toBeGreaterThan(2);
    for (const rate of drains) expect(rate).toBeGreaterThan(2);
    for (const rate of drains) expect(rate).toBeLessThan(3.2);
    expect(charges.length).toBeGreaterThan(0);
    for (const rate of charges) expect(rate).toBeGreaterThan(1.5);
    for (const rate of charges) expect(rate).toBeLessThan(3);
  });

  it('varies height and speed a little in cruise, and reports the wind it flies in', async () => {
    const { sent, fleet } = await record(3, 600, 4);
    let cruising = 0;
    for (const unit of fleet) {
      const aircraft = osdOf(sent, unit.aircraft.sn);
      for (const run of runs(aircraft, (o) => o.mode_code === 5, 120)) {
        cruising += 1;
        const heights = run.map((o) => o.elevation ?? 0);
        expect(spread(heights)).toBeGreaterThan(0.2);
        expect(spread(heights)).toBeLessThan(4);
        const cruise = run.filter((o) => (o.horizontal_speed ?? 0) > 5);
        expect(new Set(cruise.map((o) => o.horizontal_speed)).size).toBeGreaterThan(10);
        expect(run.some((o) => o.vertical_speed !== 0)).toBe(true);
      }
      for (const o of aircraft) expect(o.wind_direction).toBeGreaterThanOrEqual(1);
      for (const o of aircraft) expect(o.wind_direction).toBeLessThanOrEqual(8);
      const dockWind = osdOf(sent, unit.dock.sn).flatMap((d) => d.wind_speed ?? []);
      expect(spread(dockWind)).toBeGreaterThan(0);
      for (const w of dockWind) expect(w).toBeLessThan(20);
    }
    expect(cruising).toBeGreaterThan(0);
  });

  it('publishes every dock osd field the protocol lists, with plausible values', async () => {
    const { sent, fleet, times } = await record(9, 30, 8);
    const now = times.at(-1) ?? 0;
    const fields = [
      'mode_code',
      'flighttask_step_code',
      'drc_state',
      'latitude',
      'longitude',
      'height',
      'heading',
      'home_position_is_valid',
      'cover_state',
      'drone_in_dock',
      'drone_charge_state',
      'sub_device',
      'network_state',
      'wireless_link',
      'position_state',
      'storage',
      'rainfall',
      'wind_speed',
      'environment_temperature',
      'temperature',
      'humidity',
      'alternate_land_point',
      'electric_supply_voltage',
      'working_voltage',
      'working_current',
      'backup_battery',
      'air_conditioner',
      'battery_store_mode',
      'drone_battery_maintenance_info',
      'supplement_light_state',
      'emergency_stop_state',
      'alarm_state',
      'media_file_detail',
      'job_number',
      'acc_time',
      'first_power_on',
      'activation_time',
      'maintain_status',
      'silent_mode',
      'user_experience_improvement',
      'air_transfer_enable',
    ];
    for (const unit of fleet) {
      const dock = mergedOsd(sent, unit.dock.sn);
      expect(Object.keys(dock)).toEqual(expect.arrayContaining(fields));
      if (unit.dock.modelKey === '3-1-0') expect(dock.putter_state).toBe(dock.cover_state);
      expect(dock.storage?.used).toBeLessThanOrEqual(dock.storage?.total ?? 0);
      expect(dock.humidity).toBeGreaterThan(0);
      expect(dock.humidity).toBeLessThanOrEqual(100);
      expect(dock.temperature).toBeGreaterThan(5);
      expect(dock.temperature).toBeLessThan(35);
      expect(dock.network_state?.quality).toBeLessThanOrEqual(5);
      expect(dock.activation_time).toBeLessThan(now / 1_000);
      expect(dock.first_power_on).toBeLessThan((dock.activation_time ?? 0) * 1_000);
      expect(dock.sub_device?.device_sn).toBe(unit.aircraft.sn);
    }
  });
});
