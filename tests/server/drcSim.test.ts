/**
 * The simulated dock's DRC without a broker: the stick model's limits, what the dock refuses, the
 * obstacle ring near home, the heartbeat watchdog and the test-only delay injection. Time is the
 * controller's own clock, advanced by hand.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { preparedFlight } from '../../server/sim/waylineFlight.ts';
import { distance } from '../../server/physics/geodesy.ts';
import { createRng } from '../../server/sim/rng.ts';
import { initialState } from '../../server/sim/unitState.ts';
import type { UnitState } from '../../server/sim/unitState.ts';
import { stepUnit } from '../../server/sim/unitStep.ts';
import { drcController, SIM_DRC_CODES } from '../../server/sim/drc/drcController.ts';
import { setDrcExtraDelay } from '../../server/sim/drc/delayInjection.ts';
import { NOTHING_MM, obstaclesNear } from '../../server/sim/drc/obstacles.ts';
import { newManualControl } from '../../server/sim/drc/manualControl.ts';
import { stepManual } from '../../server/sim/drc/manualStep.ts';

function firstUnit(): SimUnitDef {
  const unit = buildFleet({ drones: 1, seed: 3, center: DEFAULT_CENTER, prefix: 'DS' })[0];
  if (!unit) throw new Error('no unit');
  return unit;
}
const def = firstUnit();

interface Sent {
  topic: string;
  body: { method: string; seq: number; data: Record<string, unknown> };
}

function rig(phase: UnitState['phase']) {
  let now = 1_000_000;
  const state = initialState(def, createRng(5));
  state.phase = phase;
  state.elevation = phase === 'docked' ? 0 : 30;
  state.pos = { ...def.home };
  state.heading = 0;
  state.battery = 90;
  const sent: Sent[] = [];
  const drc = drcController({
    def,
    state: () => state,
    now: () => now,
    publish: (topic, payload) => sent.push({ topic, body: JSON.parse(payload) as Sent['body'] }),
  });
  const down = (method: string, seq: number, data: object) =>
    drc.down(new TextEncoder().encode(JSON.stringify({ method, seq, data })));
  const run = (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      now += 100;
      drc.tick(0.1);
    }
  };
  const enter = () => {
    expect(drc.service('flight_authority_grab', {})).toBe(0);
    expect(drc.service('payload_authority_grab', { payload_index: '80-0-0' })).toBe(0);
    expect(
      drc.service('drc_mode_enter', { mqtt_broker: {}, osd_frequency: 10, hsi_frequency: 2 }),
    ).toBe(0);
  };
  return { state, sent, drc, down, run, enter };
}

afterEach(() => setDrcExtraDelay(def.dock.sn, 0));

describe('the stick model', () => {
  it('accelerates within limits to at most 15 m/s and turns at most 100 °/s', () => {
    const s = initialState(def, createRng(1));
    s.elevation = 50;
    s.heading = 0;
    const m = newManualControl();
    const speeds: number[] = [];
    for (let i = 0; i < 90; i++) {
      // Straight ahead and up first, then a full yaw on top (the speed vector turns with the nose).
      m.sticks = { roll: 1024, pitch: 1684, throttle: 1684, yaw: i < 60 ? 1024 : 1684 };
      m.sticksAge = 0;
      const before = s.heading;
      stepManual(s, m, 0.1);
      speeds.push(s.horizontalSpeed);
      const turned = Math.abs(((s.heading - before + 540) % 360) - 180);
      expect(turned).toBeLessThanOrEqual(10 + 1e-9);
    }
    for (let i = 1; i < speeds.length; i++)
      expect((speeds[i] ?? 0) - (speeds[i - 1] ?? 0)).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(Math.max(...speeds.slice(0, 60))).toBeCloseTo(15, 5);
    expect(s.verticalSpeed).toBeCloseTo(5, 5);
  });

  it('brakes to a hover when the sticks stop coming', () => {
    const s = initialState(def, createRng(1));
    s.elevation = 50;
    const m = newManualControl();
    m.vNorth = 10;
    m.sticksAge = 10;
    for (let i = 0; i < 30; i++) stepManual(s, m, 0.1);
    expect(s.horizontalSpeed).toBe(0);
  });
});

describe('a simulated dock under DRC', () => {
  it('refuses flying without DRC, authority, or while a task flies', () => {
    const r = rig('docked');
    const takeoff = {
      target_latitude: def.home.lat + 0.001,
      target_longitude: def.home.lng,
      target_height: def.homeHeight + 40,
      security_takeoff_height: 30,
      rth_altitude: 60,
    };
    expect(r.drc.service('takeoff_to_point', takeoff)).toBe(SIM_DRC_CODES.notInDrc);
    r.down('drone_emergency_stop', 1, {});
    expect(r.sent.at(-1)?.body).toMatchObject({
      method: 'drone_emergency_stop',
      data: { result: SIM_DRC_CODES.notInDrc },
    });
    expect(
      r.drc.service('drc_mode_enter', { mqtt_broker: {}, osd_frequency: 10, hsi_frequency: 2 }),
    ).toBe(0);
    expect(r.drc.service('takeoff_to_point', takeoff)).toBe(SIM_DRC_CODES.noAuthority);
    r.enter();
    r.state.flight = { ...preparedFlight('f', ''), status: 'in_progress' };
    expect(r.drc.service('takeoff_to_point', takeoff)).toBe(SIM_DRC_CODES.busy);
    r.state.flight = null;
    expect(r.drc.service('takeoff_to_point', takeoff)).toBe(0);
    expect(r.drc.service('camera_photo_take', {})).toBe(0);
    expect(r.drc.service('camera_mode_switch', { camera_mode: 1 })).toBe(0);
    expect(r.drc.service('camera_photo_take', {})).toBe(SIM_DRC_CODES.wrongCameraMode);
  });

  it('takes off on takeoff_to_point and flies to the point', () => {
    const r = rig('docked');
    r.enter();
    const target = { lat: def.home.lat + 0.0009, lng: def.home.lng };
    expect(
      r.drc.service('takeoff_to_point', {
        target_latitude: target.lat,
        target_longitude: target.lng,
        target_height: def.homeHeight + 40,
        security_takeoff_height: 30,
        rth_altitude: 60,
      }),
    ).toBe(0);
    const rng = createRng(9);
    const arrived = () => r.sent.some((m) => m.body.method === 'takeoff_to_point_progress');
    for (let i = 0; i < 1_200 && !arrived(); i++) {
      stepUnit(def, r.state, 0.1, rng);
      r.run(100);
      r.down('heart_beat', i, { timestamp: i });
    }
    expect(distance(r.state.pos, target)).toBeLessThan(3);
    expect(r.state.elevation).toBeGreaterThan(35);
    expect(arrived()).toBe(true);
  });

  it('pushes osd at 10 Hz, an obstacle ring near home, and leaves DRC after 60 s of silence', () => {
    const r = rig('patrol');
    r.enter();
    r.run(1_000);
    const up = r.sent.filter((m) => m.topic.endsWith('/drc/up'));
    expect(up.filter((m) => m.body.method === 'osd_info_push')).toHaveLength(10);
    expect(up.filter((m) => m.body.method === 'hsi_info_push')).toHaveLength(2);
    expect(up.filter((m) => m.body.method === 'delay_info_push')).toHaveLength(1);

    const nearest = obstaclesNear(def)[0];
    if (!nearest) throw new Error('no obstacle');
    r.state.pos = {
      lat: (def.home.lat + nearest.pos.lat) / 2,
      lng: (def.home.lng + nearest.pos.lng) / 2,
    };
    r.sent.length = 0;
    r.run(500);
    const hsi = r.sent.find((m) => m.body.method === 'hsi_info_push')?.body.data;
    const ring = (hsi?.around_distances ?? []) as number[];
    expect(ring).toHaveLength(360);
    expect(Math.min(...ring)).toBeLessThan(NOTHING_MM);

    r.run(61_000);
    expect(r.drc.inDrc()).toBe(false);
    expect(r.state.manual).toBeNull();
  });

  it('holds drc/up back by the injected delay and reports it', () => {
    const r = rig('patrol');
    r.enter();
    setDrcExtraDelay(def.dock.sn, 400);
    r.sent.length = 0;
    r.down('heart_beat', 7, { timestamp: 7 });
    expect(r.sent).toEqual([]);
    r.run(300);
    expect(r.sent.some((m) => m.body.method === 'heart_beat')).toBe(false);
    r.run(200);
    expect(r.sent.find((m) => m.body.method === 'heart_beat')?.body.seq).toBe(7);
    r.run(1_500);
    const delay = r.sent.find((m) => m.body.method === 'delay_info_push')?.body.data;
    expect(delay?.sdr_cmd_delay).toBeGreaterThanOrEqual(400);
  });
});
