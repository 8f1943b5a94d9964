/**
 * The same data path as mqttDataPath.test.ts against an external broker: the machine's Mosquitto
 * (anonymous) when TEST_MQTT_URL is set. Ingestion uses a shared subscription as it does in
 * external-broker mode. The fleet gets its own serial-number prefix because the broker is shared.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGasState } from '../../server/gas/gasState.ts';
import { startIngestion } from '../../server/mqtt/ingestion.ts';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { openFixture, recordingLog, SIM_KEY } from './mqttFixtures.ts';
import type { Fixture } from './mqttFixtures.ts';

const url = process.env.TEST_MQTT_URL;
if (!url)
  console.warn(
    '[skydeck] skipped: external-broker data path (set TEST_MQTT_URL=mqtt://127.0.0.1:1883).',
  );

describe.skipIf(!url)('simulator → external broker (TEST_MQTT_URL) → ingestion', () => {
  const log = recordingLog();
  const clock = manualScheduler(Date.now());
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const fleet = buildFleet({ drones: 3, seed: 11, center: DEFAULT_CENTER, prefix: `T${tag}` });
  let fx: Fixture;
  let ingestion: Ingestion;
  let sim: Simulator;
  const WAIT = { timeout: 20_000, interval: 100 };

  beforeAll(async () => {
    fx = await openFixture();
    await registerSimFleet(fx.db, fx.projectA, fleet, SIM_KEY);
    ingestion = await startIngestion({
      db: fx.db,
      log,
      url: url ?? '',
      username: 'skydeck-server',
      password: 'unused-by-an-anonymous-broker',
      gas: createGasState(),
      aiAlarms: null,
      shared: true,
      shareGroup: `skydeck-test-${tag}`,
      scheduler: clock,
    });
    await ingestion.ready;
    sim = startSimulator({
      fleet,
      seed: 11,
      hz: 2,
      secretKey: SIM_KEY,
      transport: mqttTransport({ url: url ?? '', log }),
      scheduler: clock,
    });
  });

  afterAll(async () => {
    await sim.stop();
    await ingestion.close();
    await fx.db.close();
  });

  it('brings the fleet online and stores its tracks', async () => {
    await vi.waitFor(async () => {
      await ingestion.flush();
      const rows = await fx.db.query<{ n: number }>(
        'select count(*)::int as n from devices where online',
      );
      expect(rows[0]?.n).toBe(6);
    }, WAIT);
    for (let i = 0; i < 4; i++) {
      clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await vi.waitFor(async () => {
      await ingestion.flush();
      const rows = await fx.db.query<{ device_sn: string }>(
        'select distinct device_sn from device_tracks order by 1',
      );
      expect(rows.map((r) => r.device_sn)).toEqual(fleet.map((u) => u.aircraft.sn));
    }, WAIT);
  });
});
