/**
 * Ingestion whose subscriptions the broker refuses (an account without the server's rights) says so
 * and keeps asking, instead of sitting connected and storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import {
  accessToken,
  openFixture,
  recordingLog,
  startBroker,
  startTestIngestion,
} from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';

const WAIT = { timeout: 10_000, interval: 50 };

describe('ingestion refused by the broker', () => {
  const brokerLog = recordingLog();
  const log = recordingLog();
  const clock = manualScheduler(Date.now());
  let fx: Fixture;
  let harness: BrokerHarness;
  let ingestion: Ingestion;

  beforeAll(async () => {
    fx = await openFixture();
    harness = await startBroker(fx.db, brokerLog);
    // A console user's account: it may watch its project's devices, not every device's topics.
    ingestion = await startTestIngestion(fx, harness, log, {
      username: 'alice',
      password: await accessToken(fx.users.alice),
      clientId: 'alice:tab-1',
      scheduler: clock,
    });
  });

  afterAll(async () => {
    await ingestion.close();
    await harness.close();
    await fx.db.close();
  });

  it('logs the refusal once, naming the filters, and subscribes again every 2 s', async () => {
    const refusals = () =>
      brokerLog.lines.filter((line) => line.includes('mqtt refused subscribe')).length;
    await vi.waitFor(() => {
      expect(log.lines.filter((line) => line.includes('could not subscribe'))).toHaveLength(1);
    }, WAIT);
    expect(log.lines.join('\n')).toContain('thing/product/+/osd');
    const before = refusals();
    expect(before).toBeGreaterThan(0);

    clock.advance(2_000);
    await vi.waitFor(() => expect(refusals()).toBeGreaterThan(before), WAIT);
    clock.advance(2_000);
    await vi.waitFor(() => expect(refusals()).toBeGreaterThan(before + 1), WAIT);
    // Still one line in the server's own log: the retries are not news.
    expect(log.lines.filter((line) => line.includes('could not subscribe'))).toHaveLength(1);
  });
});
