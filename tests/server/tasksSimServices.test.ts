/**
 * What a simulated dock holds and refuses, how it waits for a conditional task's ready conditions,
 * and how it checks the file it is given, without a broker.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { createRng } from '../../server/sim/rng.ts';
import { stepHeldTasks } from '../../server/sim/heldTasks.ts';
import { SIM_CODES, simServices } from '../../server/sim/simServices.ts';
import { initialState } from '../../server/sim/unitState.ts';
import type { UnitState } from '../../server/sim/unitState.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

const NOW = Date.UTC(2026, 10, 22, 10, 0);
const KMZ = fixtureKmz('waypoint-1.0.2');
const MD5 = createHash('md5').update(KMZ).digest('hex');

/** A docked unit and its service handler; `sent` collects what the dock published. */
function dock(battery = 90, file: Uint8Array = KMZ, now = () => NOW) {
  const def = buildFleet({ drones: 1, seed: 3, center: DEFAULT_CENTER })[0];
  if (!def) throw new Error('no unit');
  const state: UnitState = { ...initialState(def, createRng(1)), phase: 'docked', battery };
  const sent: { topic: string; body: Record<string, unknown> }[] = [];
  const services = simServices({
    def,
    state: () => state,
    now,
    publish: (topic, payload) =>
      sent.push({ topic, body: JSON.parse(payload) as Record<string, unknown> }),
    download: () => Promise.resolve(file),
  });
  const call = (method: string, data: Record<string, unknown>) => {
    services.handle(
      `thing/product/${def.dock.sn}/services`,
      Buffer.from(JSON.stringify({ tid: method, bid: 'b', method, data })),
    );
    const reply = sent.filter((m) => m.topic.endsWith('/services_reply')).at(-1);
    return (reply?.body.data as { result: number }).result;
  };
  /** Answers the dock's `flighttask_resource_get` as the cloud would. */
  const answerResource = (fingerprint: string) => {
    const request = sent.find((m) => m.topic.endsWith('/requests'));
    services.handle(
      `thing/product/${def.dock.sn}/requests_reply`,
      Buffer.from(
        JSON.stringify({
          tid: request?.body.tid,
          method: 'flighttask_resource_get',
          data: { result: 0, output: { file: { url: 'http://files/x.kmz', fingerprint } } },
        }),
      ),
    );
  };
  return { state, call, answerResource };
}

const prepare = (fingerprint = MD5, executeTime = NOW) => ({
  flight_id: 'f1',
  task_type: 0,
  execute_time: executeTime,
  file: { url: 'http://files/x.kmz', fingerprint },
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a simulated dock', () => {
  it('refuses a low battery and an immediate task 30 s off its clock', () => {
    expect(dock(20).call('flighttask_prepare', prepare())).toBe(SIM_CODES.lowBattery);
    const d = dock();
    expect(d.call('flighttask_prepare', prepare(MD5, NOW - 31_000))).toBe(SIM_CODES.timeOff);
    expect(d.call('flighttask_prepare', prepare(MD5, NOW - 29_000))).toBe(0);
    expect(d.call('flighttask_execute', { flight_id: 'f2' })).toBe(SIM_CODES.unknownFlight);
  });

  it('holds several tasks but flies one: a second execute or immediate task is refused as busy', () => {
    const d = dock();
    expect(d.call('flighttask_prepare', prepare())).toBe(0);
    const later = { ...prepare(), flight_id: 'f2', task_type: 1, execute_time: NOW + 3_600_000 };
    expect(d.call('flighttask_prepare', later)).toBe(0);
    expect(d.state.heldTasks.map((t) => t.flight.flightId)).toEqual(['f1', 'f2']);
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(0);
    expect(d.state.flight?.flightId).toBe('f1');
    expect(d.call('flighttask_execute', { flight_id: 'f2' })).toBe(SIM_CODES.busy);
    expect(d.call('flighttask_prepare', { ...prepare(), flight_id: 'f3' })).toBe(SIM_CODES.busy);
    const timed = { ...later, flight_id: 'f4' };
    expect(d.call('flighttask_prepare', timed)).toBe(0);
    // Undo takes back what is held, never what flies, and names nothing unknown.
    expect(d.call('flighttask_undo', { flight_ids: ['f1'] })).toBe(SIM_CODES.busy);
    expect(d.call('flighttask_undo', { flight_ids: ['f2', 'f4'] })).toBe(0);
    expect(d.state.heldTasks).toEqual([]);
    expect(d.call('flighttask_undo', { flight_ids: ['f2'] })).toBe(SIM_CODES.unknownFlight);
  });

  it("says flighttask_ready once a conditional task's battery and window hold, not before", () => {
    let now = NOW;
    const d = dock(60, KMZ, () => now);
    const conditional = {
      ...prepare(),
      task_type: 2,
      execute_time: NOW + 60_000,
      ready_conditions: { battery_capacity: 80, begin_time: NOW + 60_000, end_time: NOW + 600_000 },
    };
    expect(d.call('flighttask_prepare', { ...conditional, ready_conditions: {} })).toBe(
      SIM_CODES.badTask,
    );
    // Held even below the battery it waits for: charging in the dock is what it waits for.
    expect(d.call('flighttask_prepare', conditional)).toBe(0);
    expect(stepHeldTasks(d.state, now)).toEqual([]);
    now += 60_000;
    expect(stepHeldTasks(d.state, now)).toEqual([]);
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(SIM_CODES.notReady);
    d.state.battery = 80;
    expect(stepHeldTasks(d.state, now)).toEqual(['f1']);
    // Said once, repeated only if nobody executes it for a minute.
    expect(stepHeldTasks(d.state, now + 1_000)).toEqual([]);
    expect(stepHeldTasks(d.state, now + 61_000)).toEqual(['f1']);
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(0);
    expect(d.state.flight?.flightId).toBe('f1');
  });

  it('never says ready outside the window or with its aircraft out', () => {
    let now = NOW;
    const d = dock(90, KMZ, () => now);
    d.call('flighttask_prepare', {
      ...prepare(),
      task_type: 2,
      ready_conditions: { battery_capacity: 50, begin_time: NOW, end_time: NOW + 60_000 },
    });
    d.state.phase = 'patrol';
    expect(stepHeldTasks(d.state, now)).toEqual([]);
    d.state.phase = 'docked';
    now += 61_000;
    expect(stepHeldTasks(d.state, now)).toEqual([]);
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(SIM_CODES.notReady);
    // The cloud withdraws what expired.
    expect(d.call('flighttask_undo', { flight_ids: ['f1'] })).toBe(0);
  });

  it('fetches the file, checks its MD5 and reads its placemarks before it flies', async () => {
    const d = dock();
    d.call('flighttask_prepare', prepare());
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(0);
    expect(d.state.heldTasks).toEqual([]);
    d.answerResource(MD5);
    await settle();
    expect(d.state.flight).toMatchObject({ status: 'ready', result: 0 });
    expect(d.state.flight?.points.length).toBeGreaterThan(1);
  });

  it('fails a flight whose file does not match its fingerprint or is not a KMZ', async () => {
    const wrong = dock();
    wrong.call('flighttask_prepare', prepare('0'.repeat(32)));
    wrong.call('flighttask_execute', { flight_id: 'f1' });
    wrong.answerResource('0'.repeat(32));
    await settle();
    expect(wrong.state.flight).toMatchObject({ status: 'failed', result: SIM_CODES.badFile });

    const junk = new TextEncoder().encode('not a zip');
    const bad = dock(90, junk);
    const junkMd5 = createHash('md5').update(junk).digest('hex');
    bad.call('flighttask_prepare', prepare(junkMd5));
    bad.call('flighttask_execute', { flight_id: 'f1' });
    bad.answerResource(junkMd5);
    await settle();
    expect(bad.state.flight).toMatchObject({ status: 'failed', result: SIM_CODES.badFile });
  });
});
