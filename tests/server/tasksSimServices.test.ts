/** What a simulated dock refuses, and how it checks the file it is given, without a broker. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { createRng } from '../../server/sim/rng.ts';
import { SIM_CODES, simServices } from '../../server/sim/simServices.ts';
import { initialState } from '../../server/sim/unitState.ts';
import type { UnitState } from '../../server/sim/unitState.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

const NOW = Date.UTC(2026, 10, 22, 10, 0);
const KMZ = fixtureKmz('waypoint-1.0.2');
const MD5 = createHash('md5').update(KMZ).digest('hex');

/** A docked unit and its service handler; `sent` collects what the dock published. */
function dock(battery = 90, file: Uint8Array = KMZ) {
  const def = buildFleet({ drones: 1, seed: 3, center: DEFAULT_CENTER })[0];
  if (!def) throw new Error('no unit');
  const state: UnitState = { ...initialState(def, createRng(1)), phase: 'docked', battery };
  const sent: { topic: string; body: Record<string, unknown> }[] = [];
  const services = simServices({
    def,
    state: () => state,
    now: () => NOW,
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
  it('refuses a low battery, an immediate task 30 s off its clock, and a second task', () => {
    expect(dock(20).call('flighttask_prepare', prepare())).toBe(SIM_CODES.lowBattery);
    const d = dock();
    expect(d.call('flighttask_prepare', prepare(MD5, NOW - 31_000))).toBe(SIM_CODES.timeOff);
    expect(d.call('flighttask_prepare', prepare(MD5, NOW - 29_000))).toBe(0);
    expect(d.call('flighttask_prepare', { ...prepare(), flight_id: 'f2' })).toBe(SIM_CODES.busy);
    expect(d.call('flighttask_execute', { flight_id: 'f2' })).toBe(SIM_CODES.unknownFlight);
  });

  it('fetches the file, checks its MD5 and reads its placemarks before it flies', async () => {
    const d = dock();
    d.call('flighttask_prepare', prepare());
    expect(d.call('flighttask_execute', { flight_id: 'f1' })).toBe(0);
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
