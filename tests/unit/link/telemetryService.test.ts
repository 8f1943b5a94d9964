import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState, FleetDelta } from '../../../protocol/telemetry.ts';
import { createTelemetryService } from '../../../workers/telemetryService.ts';
import type { TelemetryService } from '../../../workers/telemetryService.ts';
import { FORBIDDEN_SN, GOOD_PASSWORD, TestBroker } from './testBroker.ts';

// Hang guards only: the broker is local, but a 2-core machine shared by many suites can be slow.
const WAIT = { timeout: 15_000, interval: 20 };

const osdBody = (data: object) => ({ tid: 't', bid: 'b', timestamp: Date.now(), data });

describe('telemetry service against a real broker', () => {
  let broker: TestBroker;
  let service: TelemetryService;
  let states: ConnectionState[];
  let deltas: FleetDelta[];

  beforeEach(async () => {
    broker = await TestBroker.create();
    service = createTelemetryService({ frameMs: 20 });
    states = [];
    deltas = [];
    service.onConnection((state) => states.push(state));
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

  const connect = (password = GOOD_PASSWORD) =>
    service.connect({ url: broker.url, clientId: '042917', username: 'operator', password });
  const osdOf = (sn: string) => deltas.flatMap((d) => d.devices).filter((d) => d.sn === sn);

  /** Publishes until the service has merged a message of `sn`: a subscription takes effect asynchronously. */
  async function publishUntilSeen(sn: string, data: object): Promise<void> {
    await vi.waitFor(async () => {
      await broker.publish(`thing/product/${sn}/osd`, osdBody(data));
      expect(osdOf(sn).length).toBeGreaterThan(0);
    }, WAIT);
  }

  it('receives the watched devices only and turns their messages into deltas', async () => {
    service.setWatched(['SN1']);
    connect();
    await vi.waitFor(() => expect(states).toContain('online'), WAIT);
    await publishUntilSeen('SN1', { latitude: 22.54, longitude: 113.95 });
    await broker.publish('thing/product/SN2/osd', osdBody({ latitude: 1 }));
    await broker.publish('thing/product/SN1/osd', osdBody({ elevation: 30 }));

    await vi.waitFor(
      () => expect(osdOf('SN1').some((d) => d.osd?.elevation === 30)).toBe(true),
      WAIT,
    );
    expect(osdOf('SN2')).toEqual([]);
    expect(states.slice(0, 3)).toEqual(['idle', 'connecting', 'online']);
  });

  it('follows changes of the watched set without resubscribing the rest', async () => {
    service.setWatched(['SN1']);
    connect();
    await publishUntilSeen('SN1', { elevation: 1 });
    service.setWatched(['SN2']);
    await publishUntilSeen('SN2', { elevation: 2 });
    const seenBefore = osdOf('SN1').length;
    await broker.publish('thing/product/SN1/osd', osdBody({ elevation: 99 }));
    await publishUntilSeen('SN2', { elevation: 3 });

    expect(osdOf('SN1')).toHaveLength(seenBefore);
  });

  it('reports refused credentials and does not retry them', async () => {
    connect('stolen-token');
    await vi.waitFor(() => expect(states).toContain('refused'), WAIT);
    expect(states).not.toContain('reconnecting');
  });

  it('reports a refused subscription and keeps serving the allowed devices', async () => {
    service.setWatched(['SN1', FORBIDDEN_SN]);
    connect();
    await vi.waitFor(() => expect(states).toContain('refused'), WAIT);
    expect(service.refusedTopics()).toContain(`thing/product/${FORBIDDEN_SN}/osd`);
    expect(service.refusedTopics().every((t) => t.includes(FORBIDDEN_SN))).toBe(true);
    await publishUntilSeen('SN1', { elevation: 5 });
  });

  it('goes offline when the server restarts, comes back and resubscribes', async () => {
    service.setWatched(['SN1']);
    connect();
    await publishUntilSeen('SN1', { elevation: 1 });
    await broker.stop();
    await vi.waitFor(() => expect(states).toContain('offline'), WAIT);
    await broker.start();
    await vi.waitFor(() => expect(states.at(-1)).toBe('online'), WAIT);
    deltas.length = 0;

    await publishUntilSeen('SN1', { elevation: 2 });
    expect(states).toContain('reconnecting');
  });

  it('publishes commands and refuses to publish telemetry or while offline', async () => {
    await expect(
      service.publish('thing/product/DOCK1/services', { method: 'cover_open' }, 0),
    ).rejects.toThrow(/not online/);
    connect();
    await vi.waitFor(() => expect(states).toContain('online'), WAIT);
    await service.publish('thing/product/DOCK1/drc/down', { method: 'heart_beat', seq: 1 }, 0);
    await expect(service.publish('thing/product/DOCK1/osd', { data: {} }, 0)).rejects.toThrow(
      /Not a command topic/,
    );

    await vi.waitFor(
      () => expect(broker.published.map((p) => p.topic)).toContain('thing/product/DOCK1/drc/down'),
      WAIT,
    );
    expect(JSON.parse(broker.published[0]?.payload ?? '')).toEqual({
      method: 'heart_beat',
      seq: 1,
    });
  });

  it('uses a client id built from the stored id, unique per worker', async () => {
    connect();
    await vi.waitFor(() => expect(states).toContain('online'), WAIT);
    expect(broker.clientIds[0]).toMatch(/^operator:skydeck-web-042917-[a-z0-9]{6}$/);
  });
});
