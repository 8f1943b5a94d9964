import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetDelta } from '../../../protocol/telemetry.ts';
import { createTelemetryService } from '../../../workers/telemetryService.ts';
import type { TelemetryService } from '../../../workers/telemetryService.ts';
import { GOOD_PASSWORD, TestBroker } from './testBroker.ts';

// Hang guards only: the broker is local, but a 2-core machine shared by many suites can be slow.
const WAIT = { timeout: 15_000, interval: 20 };

const DRC_UP = 'thing/product/DOCK1/drc/up';

describe("the cockpit's drc/up on the tab's link", () => {
  let broker: TestBroker;
  let service: TelemetryService;
  let deltas: FleetDelta[];

  beforeEach(async () => {
    broker = await TestBroker.create();
    service = createTelemetryService({ frameMs: 20 });
    deltas = [];
    service.onDelta((delta) => {
      deltas.push(delta);
      service.ack(delta.seq);
    });
  });

  afterEach(async () => {
    service.disconnect();
    service.onDelta(null);
    await broker.close();
  });

  it('is subscribed only while a session with the dock is open', async () => {
    service.setWatched(['DOCK1', 'UAV1']);
    service.connect({
      url: broker.url,
      clientId: '042917',
      username: 'operator',
      password: GOOD_PASSWORD,
    });
    await vi.waitFor(() => expect(broker.subscribed).toContain('thing/product/DOCK1/osd'), WAIT);
    // The fleet's topics went out in one SUBSCRIBE: the dock's drc/up was not among them.
    expect([...broker.subscribed].filter((t) => t.endsWith('/drc/up'))).toEqual([]);

    service.drcOpen('DOCK1', () => undefined);
    await vi.waitFor(() => expect(broker.subscribed).toContain(DRC_UP), WAIT);

    service.drcClose();
    await vi.waitFor(() => expect(broker.subscribed).not.toContain(DRC_UP), WAIT);
    expect(broker.subscribed).toContain('thing/product/DOCK1/events');
  });

  it("hands the session's drc/up to the cockpit only, never to the frame path", async () => {
    service.setWatched(['DOCK1']);
    service.connect({
      url: broker.url,
      clientId: '042917',
      username: 'operator',
      password: GOOD_PASSWORD,
    });
    const got: string[] = [];
    service.drcOpen('DOCK1', ({ message }) => got.push(message.method));
    await vi.waitFor(() => expect(broker.subscribed).toContain(DRC_UP), WAIT);

    await broker.publish(DRC_UP, { method: 'heart_beat', seq: 1, data: { timestamp: 1 } });
    await broker.publish('thing/product/DOCK1/osd', { timestamp: Date.now(), data: { height: 1 } });
    await vi.waitFor(() => expect(deltas.flatMap((d) => d.devices)).not.toEqual([]), WAIT);

    expect(got).toEqual(['heart_beat']);
    // The core saw the osd only: the drc/up was parsed once, by the cockpit's reader.
    expect(service.stats().in).toBe(1);
    expect(deltas.flatMap((d) => d.events)).toEqual([]);
  });
});
