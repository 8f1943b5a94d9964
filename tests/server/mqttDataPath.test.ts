/**
 * The telemetry data path as it runs in the server: simulated docks sign in to the embedded broker
 * with their serial number and secret, publish, and ingestion turns that into database rows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGasState } from '../../server/gas/gasState.ts';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { startInProcessIngestion } from '../../server/mqtt/inProcessIngestion.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { DEFAULT_CENTER, buildFleet } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import {
  SIM_KEY,
  openFixture,
  recordingLog,
  startBroker,
  startTestIngestion,
} from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';

const SEED = 7;
const WAIT = { timeout: 20_000, interval: 50 };

// In the server ingestion hooks the embedded broker (in-process); the MQTT client path is what runs
// against an external broker. Both must store the same thing.
describe.each(['in-process', 'client'] as const)(
  'simulator → embedded broker → ingestion (%s)',
  (mode) => {
    const log = recordingLog();
    const clock = manualScheduler(Date.UTC(2026, 0, 1, 8));
    const fleet = buildFleet({ drones: 3, seed: SEED, center: DEFAULT_CENTER });
    let fx: Fixture;
    let harness: BrokerHarness;
    let ingestion: Ingestion;
    let sim: Simulator;

    const onlineCount = async () =>
      (await fx.db.query<{ n: number }>('select count(*)::int as n from devices where online'))[0]
        ?.n;

    /** Advances simulated time one second at a time, letting ingestion catch up after each. */
    async function run(seconds: number) {
      for (let i = 0; i < seconds; i++) {
        clock.advance(1_000);
        await vi.waitFor(() => expect(ingestion.stats().received).toBe(sim.published()), WAIT);
      }
      await ingestion.flush();
    }

    beforeAll(async () => {
      fx = await openFixture();
      harness = await startBroker(fx.db, log);
      harness.broker.onDeviceDisconnect((sn) => ingestion.deviceDisconnected(sn));
      expect(await registerSimFleet(fx.db, fx.projectA, fleet, SIM_KEY)).toBe(6);
      ingestion =
        mode === 'client'
          ? await startTestIngestion(fx, harness, log, { scheduler: clock })
          : await startInProcessIngestion({
              db: fx.db,
              log,
              gas: createGasState(),
              aiAlarms: null,
              broker: harness.broker,
              scheduler: clock,
            });
      await ingestion.ready;
      const transport = mqttTransport({ url: harness.tcpUrl, log });
      sim = startSimulator({
        fleet,
        seed: SEED,
        hz: 2,
        secretKey: SIM_KEY,
        transport,
        scheduler: clock,
      });
    });

    afterAll(async () => {
      await sim.stop();
      await ingestion.close();
      await harness.close();
      await fx.db.close();
    });

    it('registers the fleet once, even on a second start', async () => {
      expect(await registerSimFleet(fx.db, fx.projectA, fleet, SIM_KEY)).toBe(0);
    });

    it('turns every dock and aircraft online from their update_topo', async () => {
      await vi.waitFor(async () => expect(await onlineCount()).toBe(6), WAIT);
      const aircraft = await fx.db.query<{ gateway_sn: string; last_online_at: Date | null }>(
        'select gateway_sn, last_online_at from devices where domain = 0 order by device_sn',
      );
      expect(aircraft.map((a) => a.gateway_sn)).toEqual(fleet.map((u) => u.dock.sn));
      expect(aircraft.every((a) => a.last_online_at !== null)).toBe(true);
    });

    it('stores one track point per second per aircraft, near the centre', async () => {
      await run(6);
      const rows = await fx.db.query<{ device_sn: string; n: number; lat: number; lng: number }>(
        `select device_sn, count(*)::int as n, avg(latitude) as lat, avg(longitude) as lng
       from device_tracks group by device_sn order by device_sn`,
      );
      expect(rows.map((r) => r.device_sn)).toEqual(fleet.map((u) => u.aircraft.sn));
      for (const r of rows) {
        expect(r.n).toBeGreaterThanOrEqual(5);
        expect(r.n).toBeLessThanOrEqual(7);
        expect(Math.abs(r.lat - DEFAULT_CENTER.lat)).toBeLessThan(0.1);
        expect(Math.abs(r.lng - DEFAULT_CENTER.lng)).toBeLessThan(0.1);
      }
    });

    it('keeps the broker to the devices alone when ingesting in-process', () => {
      // Three gateways; the client path adds its own connection.
      expect(harness.broker.aedes.connectedClients).toBe(mode === 'client' ? 4 : 3);
    });

    it('marks a gateway and its aircraft offline when its connection ends', async () => {
      await sim.stop();
      await vi.waitFor(async () => {
        await ingestion.flush();
        expect(await onlineCount()).toBe(0);
      }, WAIT);
    });
  },
);
