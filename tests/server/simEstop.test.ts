/**
 * The simulated aircraft obeys an emergency stop in every phase of flight the cockpit's dialog
 * promises: it stops where it is and hovers under the pilot (mode 17, as after an e-stop in return
 * home) until the next command, whether it was climbing after take-off, returning, landing at the
 * end of a return or of a wayline task, or landing for low battery. The whole simulator runs on a
 * driven clock over an in-memory transport, and each case is judged by what the dock reports: the
 * aircraft `osd`, `osd_info_push` on `drc/up`, the e-stop's reply and the task's progress. A dock
 * that refuses the stop is heard: the cockpit's feed names the reason in both languages, and on the
 * server the refusal reaches the pilot's console and is audited as a failure with the dock's code.
 */
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { DRC_API } from '../../protocol/drc.ts';
import type { DrcUpMessage } from '../../protocol/mqtt/drc.ts';
import type { AircraftOsd } from '../../protocol/mqtt/payloads.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import type { ThingKind } from '../../protocol/mqtt/topics.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { offset } from '../../server/physics/geodesy.ts';
import { SIM_DRC_CODES } from '../../server/sim/drc/drcController.ts';
import { LIVE_FLIGHT_CONTROLS_MODE } from '../../server/sim/drc/drcModes.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { SimInbox, SimTransport, Simulator } from '../../server/sim/simulator.ts';
import type { UnitState } from '../../server/sim/unitState.ts';
import { preparedFlight } from '../../server/sim/waylineFlight.ts';
import { CockpitFeed } from '../../src/pages/cockpit/cockpitFeed.ts';
import { estopRefusalReason } from '../../src/pages/cockpit/estopRefusal.ts';
import cockpitStrings from '../../src/pages/cockpit/i18n.ts';
import { brokerWsUrl, startDrcFleet } from './helpers/drcFleet.ts';
import { until } from './helpers/simFlights.ts';

/** Aircraft `mode_code`s the cases wait for (protocol §2.1.1). */
const MODE = { takeoff: 4, returning: 9, landing: 10 } as const;
/** Reports watched after the stop: 10 s at 10 Hz, longer than the landing from 20 m would take. */
const WATCHED = 100;
/** The osd rate: fine enough that the stop comes within a few decimetres of the wanted height. */
const HZ = 10;

/** What the cases read of an aircraft `osd`. */
interface Report {
  elevation: number;
  home_distance: number;
  horizontal_speed: number;
  mode_code: number;
}

interface Heard {
  topic: string;
  body: { method?: string; seq?: number; data: Record<string, unknown> };
}

const running: Simulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.stop()));
});

/** One docked unit under DRC, its messages recorded, time moved by hand. */
function launchRig(prefix: string) {
  const clock = manualScheduler(Date.UTC(2026, 0, 1));
  const heard: Heard[] = [];
  let inbox: SimInbox | undefined;
  let connect: (() => void) | undefined;
  const transport: SimTransport = {
    open: (_gateway, _secret, onConnect, box) => {
      connect = onConnect;
      inbox = box;
      return {
        publish: (topic, payload) =>
          heard.push({ topic, body: JSON.parse(payload) as Heard['body'] }),
      };
    },
    close: () => Promise.resolve(),
  };
  const def: SimUnitDef | undefined = buildFleet({
    drones: 1,
    seed: 21,
    center: DEFAULT_CENTER,
    prefix,
  })[0];
  if (!def) throw new Error('no unit');
  const sim = startSimulator({
    fleet: [def],
    seed: 21,
    hz: HZ,
    secretKey: 'k',
    transport,
    scheduler: clock,
    patrols: false,
  });
  running.push(sim);
  connect?.();
  const unit = (): UnitState => {
    const s = sim.unit(0);
    if (!s) throw new Error('no unit state');
    return s;
  };
  unit().battery = 90;
  let seq = 0;
  const deliver = (kind: ThingKind, body: object) =>
    inbox?.(thingTopic(def.dock.sn, kind), new TextEncoder().encode(JSON.stringify(body)));

  /** Calls a dock service; the dock's `result`. */
  function service(method: string, data: object): unknown {
    const tid = `t-${String(seq++)}`;
    deliver('services', { tid, bid: tid, method, data });
    const at = heard.findIndex(
      (h) => h.topic.endsWith('/services_reply') && h.body.method === method,
    );
    // Taken out, so the next call of the same method finds its own reply.
    const [reply] = at >= 0 ? heard.splice(at, 1) : [];
    return reply?.body.data.result;
  }
  const down = (method: string, data: object = {}): number => {
    const mine = seq++;
    deliver('drc/down', { method, seq: mine, data });
    return mine;
  };
  /** The aircraft's `osd` reports so far, the fields the cases judge. */
  const osd = (): Report[] =>
    heard
      .filter((h) => h.topic === thingTopic(def.aircraft.sn, 'osd'))
      .map((h) => {
        const d = h.body.data as AircraftOsd;
        return {
          elevation: Number(d.elevation),
          home_distance: Number(d.home_distance),
          horizontal_speed: Number(d.horizontal_speed),
          mode_code: Number(d.mode_code),
        };
      });
  const latest = (): Report | undefined => osd().at(-1);

  /** Moves time 100 ms at a time, a heartbeat a second, until `done`; fails past `limitS`. */
  function until(done: () => boolean, what: string, limitS = 120): void {
    for (let i = 0; i < limitS * 10; i++) {
      if (done()) return;
      if (i % 10 === 0) down('heart_beat', { timestamp: clock.now() });
      clock.advance(100);
    }
    throw new Error(`no ${what} within ${String(limitS)} s`);
  }

  expect(service('flight_authority_grab', {})).toBe(0);
  expect(service('drc_mode_enter', { mqtt_broker: {}, osd_frequency: HZ, hsi_frequency: 1 })).toBe(
    0,
  );
  return { def, heard, clock, unit, service, down, osd, latest, until };
}
type Rig = ReturnType<typeof launchRig>;

/** One-key take-off to `height` m above the dock, toward a point `north` m away. */
function takeOff(r: Rig, height: number, north: number): void {
  const to = offset(r.def.home, 0, north);
  expect(
    r.service('takeoff_to_point', {
      target_latitude: to.lat,
      target_longitude: to.lng,
      target_height: r.def.homeHeight + height,
      security_takeoff_height: height,
      rth_altitude: height,
      flight_id: 'drc-takeoff',
    }),
  ).toBe(0);
}

const arrived = (r: Rig) => () =>
  r.heard.some((h) => h.body.method === 'takeoff_to_point_progress');

/**
 * Sends the e-stop once `ready` holds, then watches {@link WATCHED} reports: the dock accepted it,
 * and the aircraft holds its height, under the pilot, and never lands or returns to its dock.
 */
function stopAndWatch(r: Rig, ready: (o: Report) => boolean, what: string): Report {
  r.until(() => {
    const o = r.latest();
    return o !== undefined && ready(o);
  }, what);
  const atStop = r.latest();
  if (!atStop) throw new Error('no osd');
  const drcHeight = () =>
    r.heard
      .filter((h) => h.topic.endsWith('/drc/up') && h.body.method === 'osd_info_push')
      .map((h) => Number(h.body.data.height));
  const drcAtStop = drcHeight().at(-1) ?? NaN;
  const before = r.osd().length;
  const drcBefore = drcHeight().length;
  const seq = r.down('drone_emergency_stop');
  r.until(() => r.osd().length >= before + WATCHED, 'reports after the stop');

  const reply = r.heard.find((h) => h.body.method === 'drone_emergency_stop');
  expect(reply?.body).toMatchObject({ seq, data: { result: 0 } });
  const after = r.osd().slice(before);
  for (const o of after) {
    expect(Math.abs(o.elevation - atStop.elevation)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(o.home_distance - atStop.home_distance)).toBeLessThanOrEqual(0.5);
    expect(o.mode_code).toBe(LIVE_FLIGHT_CONTROLS_MODE);
  }
  const drcAfter = drcHeight().slice(drcBefore);
  expect(drcAfter.length).toBeGreaterThanOrEqual(WATCHED);
  for (const h of drcAfter) expect(Math.abs(h - drcAtStop)).toBeLessThanOrEqual(0.5);
  expect(r.unit().phase).toBe('patrol');
  return atStop;
}

describe('an emergency stop on a simulated aircraft', () => {
  it('stops the automatic landing at the end of a return home and hovers', () => {
    const r = launchRig('ESA');
    takeOff(r, 30, 80);
    r.until(arrived(r), 'arrival at the take-off point');
    expect(r.service('return_home', {})).toBe(0);
    r.until(() => r.latest()?.mode_code === MODE.returning, 'the return');
    const atStop = stopAndWatch(
      r,
      (o) => o.mode_code === MODE.landing && o.elevation < 20,
      'the landing below 20 m',
    );
    expect(atStop.elevation).toBeGreaterThan(10);

    // A new command is obeyed again: return home lands it.
    expect(r.service('return_home', {})).toBe(0);
    r.until(() => r.unit().phase === 'docked', 'the landing');
  });

  it('stops a low-battery landing, and the low battery does not start it again', () => {
    const r = launchRig('ESB');
    takeOff(r, 30, 40);
    r.until(arrived(r), 'arrival at the take-off point');
    // Just above the low-battery mark: the charge falls past it within a second.
    r.unit().battery = 30.02;
    r.until(() => r.unit().modeCodeReason === 1, 'the low-battery return');
    const atStop = stopAndWatch(
      r,
      (o) => o.mode_code === MODE.landing && o.elevation < 20,
      'the landing below 20 m',
    );
    expect(atStop.elevation).toBeGreaterThan(10);
    expect(r.unit().battery).toBeLessThan(30);
  });

  it('stops the climb of a one-key take-off', () => {
    const r = launchRig('ESC');
    takeOff(r, 60, 0);
    stopAndWatch(r, (o) => o.mode_code === MODE.takeoff && o.elevation > 15, 'the climb past 15 m');
    expect(r.heard.some((h) => h.body.method === 'takeoff_to_point_progress')).toBe(false);
  });

  it('stops a wayline task’s landing and pauses the task', () => {
    const r = launchRig('ESD');
    const flight = preparedFlight('task-estop', '');
    flight.points = [{ pos: offset(r.def.home, 0, 60), height: 30, speed: 8, actions: [] }];
    flight.status = 'ready';
    r.unit().flight = flight;
    stopAndWatch(
      r,
      (o) => o.mode_code === MODE.landing && o.elevation < 20,
      'the task’s landing below 20 m',
    );
    const progress = r.heard.filter((h) => h.body.method === 'flighttask_progress');
    const output = progress.at(-1)?.body.data.output as { status?: string } | undefined;
    expect(output?.status).toBe('paused');
  });

  it('stops the return home while it cruises', () => {
    const r = launchRig('ESE');
    takeOff(r, 30, 150);
    r.until(arrived(r), 'arrival at the take-off point');
    expect(r.service('return_home', {})).toBe(0);
    stopAndWatch(
      r,
      (o) => o.mode_code === MODE.returning && o.horizontal_speed > 5,
      'the return at speed',
    );
  });
});

describe('a refused emergency stop', () => {
  it('is answered with a code the cockpit names, in both languages, every time', () => {
    const r = launchRig('ESF');
    takeOff(r, 30, 40);
    r.until(arrived(r), 'arrival at the take-off point');
    // The dock has left DRC on its side (its own watchdog, a restart): it cannot stop the aircraft.
    expect(r.service('drc_mode_exit', {})).toBe(0);
    const feed = new CockpitFeed(r.clock.now());
    const refused: number[] = [];
    feed.onStopRefused((code) => refused.push(code));
    for (let i = 0; i < 2; i++) {
      r.down('drone_emergency_stop');
      const replies = r.heard.filter((h) => h.body.method === 'drone_emergency_stop');
      const reply = replies.at(-1);
      expect(reply?.body.data.result).toBe(SIM_DRC_CODES.notInDrc);
      feed.take({ message: reply?.body as DrcUpMessage, receivedAt: r.clock.now() });
    }
    expect(refused).toEqual([SIM_DRC_CODES.notInDrc, SIM_DRC_CODES.notInDrc]);
    const reason = estopRefusalReason(SIM_DRC_CODES.notInDrc);
    expect(reason).toBe('notInDrc');
    expect(estopRefusalReason(SIM_DRC_CODES.noAuthority)).toBe('noAuthority');
    for (const lang of ['zh-CN', 'en'] as const) {
      const estop = cockpitStrings[lang].estop;
      expect(estop.refused).toContain('{{reason}}');
      expect(estop.refused).toContain('{{code}}');
      expect(estop.reason[reason]).not.toBe('');
    }

    // An accepted stop is no refusal.
    feed.take({
      message: { method: 'drone_emergency_stop', seq: 99, data: { result: 0 } },
      receivedAt: r.clock.now(),
    });
    expect(refused).toHaveLength(2);
  });
});

describe('a refused emergency stop on the server', () => {
  it('reaches the pilot’s console and is audited as a failure with the dock’s code', async () => {
    const clock = manualScheduler(Date.now());
    const fleet = buildFleet({ drones: 1, seed: 23, center: DEFAULT_CENTER, prefix: 'ESG' });
    const { server, s, sim } = await startDrcFleet({
      fleet,
      seed: 23,
      secretKey: 'estop-key',
      scheduler: clock,
      prepare: (drc) => drc?.useScheduler(clock),
    });
    running.push(sim);
    const operator = await connectAsync(brokerWsUrl(server), {
      username: 'operator',
      password: s.operator,
      clientId: 'operator:estop',
      reconnectPeriod: 0,
    });
    try {
      const dockSn = fleet[0]?.dock.sn ?? '';
      const entered = await server.call('POST', DRC_API.enter, {
        token: s.operator,
        body: { workspace_id: s.home, dock_sn: dockSn },
      });
      expect(entered.status).toBe(200);
      const up: DrcUpMessage[] = [];
      operator.on('message', (_topic, payload) => {
        up.push(JSON.parse(payload.toString()) as DrcUpMessage);
      });
      await operator.subscribeAsync(thingTopic(dockSn, 'drc/up'));
      // The dock dropped out of DRC on its own side while the server still holds the session.
      const unit = sim.unit(0);
      if (unit) unit.manual = null;
      const stop = { method: 'drone_emergency_stop', seq: 7000, timestamp: clock.now(), data: {} };
      await operator.publishAsync(thingTopic(dockSn, 'drc/down'), JSON.stringify(stop), { qos: 1 });

      await until(
        () => Promise.resolve(up.some((m) => m.method === 'drone_emergency_stop')),
        'the e-stop reply',
      );
      const reply = up.find((m) => m.method === 'drone_emergency_stop');
      expect(reply).toMatchObject({ seq: 7000, data: { result: SIM_DRC_CODES.notInDrc } });
      const rows = () =>
        server.handle.db.query<{ username: string; detail: string; result: string }>(
          `select username, detail, result from audit_logs where module = 'drc'
           and action = 'drone_emergency_stop' and target = $1`,
          [dockSn],
        );
      await until(async () => (await rows()).length === 1, 'the e-stop row');
      const [row] = await rows();
      expect(row).toMatchObject({ username: 'operator', result: 'failure' });
      expect(row?.detail).toMatch(
        new RegExp(`^seq=7000 result=${String(SIM_DRC_CODES.notInDrc)} latency=\\d+ms$`),
      );
    } finally {
      await operator.endAsync(true);
      await server.close();
    }
  });
});
