/**
 * Ingestion as an MQTT client subscribes whatever the order in which its start-up finishes: reading
 * the registered devices may outlast the broker accepting the connection (a large fleet, a busy
 * database), and it must still subscribe on that first connection rather than sit connected and
 * deaf until a reconnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { openFixture, recordingLog, startBroker, startTestIngestion } from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';

/** Long enough for a local broker to accept a connection and the client to hear its CONNACK. */
const HANDSHAKE_MS = 200;
/** When no connection arrives while the devices are read (as it should be), they are read anyway. */
const NO_CONNECTION_MS = 2_000;

describe('ingestion whose devices are read slowly', () => {
  let fx: Fixture;
  let harness: BrokerHarness;
  let ingestion: Ingestion;

  beforeAll(async () => {
    fx = await openFixture();
    harness = await startBroker(fx.db, recordingLog());
  });

  afterAll(async () => {
    await ingestion.close();
    await harness.close();
    await fx.db.close();
  });

  it('subscribes once the devices are read, even if the broker accepted it before', async () => {
    const handshake = new Promise<void>((resolve) =>
      harness.broker.aedes.once('clientReady', () => setTimeout(resolve, HANDSHAKE_MS)),
    );
    let held = false;
    // The first read of the registered devices (the sink's start) waits for the broker's handshake.
    const slow: Db = {
      ...fx.db,
      async query(sql, params) {
        if (!held && /\bfrom devices\b/.test(sql)) {
          held = true;
          const noConnection = new Promise((resolve) => setTimeout(resolve, NO_CONNECTION_MS));
          await Promise.race([handshake, noConnection]);
        }
        return fx.db.query(sql, params);
      },
    };
    ingestion = await startTestIngestion({ ...fx, db: slow }, harness, recordingLog());
    await ingestion.ready;
    expect(ingestion.link()).toEqual({ connected: true, subscribed: true });
  });
});
