import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import type { BrokerSession } from '../../server/devices/BrokerSession.ts';
import { NO_REPLY } from '../../server/devices/DeviceGateway.ts';
import type { DeviceGateway } from '../../server/devices/DeviceGateway.ts';
import { createDeviceGateway } from '../../server/devices/gateway.ts';
import type { Timers } from '../../server/devices/replyWaiters.ts';
import { silentLog } from '../../server/runtime/log.ts';
import type { Log } from '../../server/runtime/log.ts';
import { currentLogContext, withLogContext } from '../../server/runtime/logContext.ts';
import type { LogContext } from '../../server/runtime/logContext.ts';

const brokerUrl = process.env.TEST_MQTT_URL;

/** Timers that fire only when the test moves time. */
function manualTimers() {
  let now = 0;
  const due = new Set<{ at: number; task: () => void }>();
  const timers: Timers & { advance(ms: number): void } = {
    now: () => now,
    after(ms, task) {
      const entry = { at: now + ms, task };
      due.add(entry);
      return () => due.delete(entry);
    },
    advance(ms) {
      now += ms;
      for (const entry of [...due])
        if (entry.at <= now) {
          due.delete(entry);
          entry.task();
        }
    },
  };
  return timers;
}

/** A broker session that records what the gateway publishes and lets the test deliver messages. */
function fakeSession() {
  const published: { topic: string; body: Record<string, unknown> }[] = [];
  const filters = new Set<string>();
  let listener: (topic: string, payload: Buffer) => void = () => undefined;
  const session: BrokerSession = {
    subscribe(list) {
      for (const f of list) filters.add(f);
      return Promise.resolve();
    },
    publish: (topic, payload) =>
      void published.push({ topic, body: JSON.parse(payload) as Record<string, unknown> }),
    onMessage: (l) => {
      listener = l;
    },
    connected: () => true,
    close: () => Promise.resolve(),
  };
  return {
    session,
    published,
    filters,
    deliver: (topic: string, body: unknown) => listener(topic, Buffer.from(JSON.stringify(body))),
  };
}

async function openGateway(log: Log = silentLog): Promise<{
  gateway: DeviceGateway;
  timers: ReturnType<typeof manualTimers>;
  broker: ReturnType<typeof fakeSession>;
}> {
  const timers = manualTimers();
  const broker = fakeSession();
  const gateway = createDeviceGateway({
    log,
    timers,
    replyTimeoutMs: 1_000,
    openSession: () => Promise.resolve(broker.session),
  });
  await gateway.start({ url: 'mqtt://broker', username: 'server', password: 'x' });
  return { gateway, timers, broker };
}

describe('device gateway', () => {
  it('matches a services_reply to its call by tid and ignores other tids', async () => {
    const { gateway, broker, timers } = await openGateway();
    const first = gateway.call('DOCK1', 'debug_mode_open', {});
    const second = gateway.call('DOCK2', 'cover_open', { a: 1 });
    const [out1, out2] = broker.published;
    expect(out1?.topic).toBe('thing/product/DOCK1/services');
    expect(out2?.body).toMatchObject({ method: 'cover_open', data: { a: 1 } });
    const tid2 = String(out2?.body.tid);
    // Another instance's call: no one here waits for it.
    broker.deliver('thing/product/DOCK2/services_reply', {
      tid: 'someone-else',
      data: { result: 9 },
    });
    timers.advance(40);
    broker.deliver('thing/product/DOCK2/services_reply', {
      tid: tid2,
      bid: 'b',
      method: 'cover_open',
      data: { result: 0, output: { status: 'ok' } },
    });
    expect(await second).toEqual({ result: 0, output: { status: 'ok' }, latencyMs: 40, tid: tid2 });
    broker.deliver('thing/product/DOCK1/services_reply', {
      tid: String(out1?.body.tid),
      data: { result: 314001 },
    });
    expect((await first).result).toBe(314001);
  });

  it('answers NO_REPLY with a reason when the device stays silent or the gateway closes', async () => {
    const { gateway, timers } = await openGateway();
    const silent = gateway.call('DOCK1', 'cover_open', {}, { timeoutMs: 500 });
    const pending = gateway.call('DOCK1', 'cover_close', {});
    timers.advance(500);
    expect(await silent).toMatchObject({ result: NO_REPLY, failure: 'timeout', latencyMs: 500 });
    await gateway.close();
    expect(await pending).toMatchObject({ result: NO_REPLY, failure: 'closed' });
    expect(await gateway.call('DOCK1', 'cover_open', {})).toMatchObject({ failure: 'closed' });
  });

  it('names the request and the call on a silent device’s line, and a message’s ids on its work', async () => {
    // What the server's logger adds to each line (pino's mixin reads the same context).
    const lines: (LogContext & { msg: string })[] = [];
    const record = (msg: string) => void lines.push({ msg, ...currentLogContext() });
    const { gateway, timers, broker } = await openGateway({
      info: record,
      warn: record,
      error: record,
    });
    const silent = withLogContext({ reqId: 'req-1' }, () =>
      gateway.call('DOCK1', 'cover_open', {}, { timeoutMs: 500 }),
    );
    const sent = broker.published[0]?.body;
    timers.advance(500);
    await silent;
    expect(lines).toEqual([
      {
        msg: 'device gateway: DOCK1 did not answer cover_open within 500 ms',
        reqId: 'req-1',
        tid: sent?.tid,
        bid: sent?.bid,
        sn: 'DOCK1',
        method: 'cover_open',
      },
    ]);

    const during: (LogContext | undefined)[] = [];
    gateway.onEvent('flighttask_progress', () => during.push(currentLogContext()));
    gateway.onStatus('update_topo', () => during.push(currentLogContext()));
    broker.deliver('thing/product/DOCK1/events', {
      tid: 'ev-t',
      bid: 'ev-b',
      method: 'flighttask_progress',
      data: {},
    });
    broker.deliver('sys/product/DOCK1/status', {
      tid: 'st-t',
      bid: 'st-b',
      method: 'update_topo',
      data: {},
    });
    expect(during).toEqual([
      { tid: 'ev-t', bid: 'ev-b', sn: 'DOCK1', method: 'flighttask_progress' },
      { tid: 'st-t', bid: 'st-b', sn: 'DOCK1', method: 'update_topo' },
    ]);
    expect(currentLogContext()).toBeUndefined();
  });

  it('answers offline before it is started', async () => {
    const gateway = createDeviceGateway({ log: silentLog, timers: manualTimers() });
    expect(await gateway.call('DOCK1', 'cover_open', {})).toMatchObject({
      result: NO_REPLY,
      failure: 'offline',
    });
  });

  it('decodes an event once and hands it to every handler of its method only', async () => {
    const { gateway, broker } = await openGateway();
    const heard: string[] = [];
    let decoded: unknown = null;
    gateway.onEvent('flighttask_progress', (sn, msg) => {
      heard.push(`a:${sn}`);
      decoded = msg;
    });
    gateway.onEvent('flighttask_progress', (sn, msg) => {
      heard.push(`b:${sn}`);
      // Both handlers get the one decoded object: the payload was parsed once.
      expect(msg).toBe(decoded);
    });
    const stop = gateway.onEvent('hms', () => heard.push('hms'));
    expect(broker.filters.has('thing/product/+/events')).toBe(true);
    broker.deliver('thing/product/DOCK1/events', {
      tid: 't',
      bid: 'b',
      method: 'flighttask_progress',
      need_reply: 1,
      data: { progress: 1 },
    });
    stop();
    broker.deliver('thing/product/DOCK1/events', { tid: 't', method: 'hms', data: {} });
    expect(heard).toEqual(['a:DOCK1', 'b:DOCK1']);
    // events_reply is ingestion's, on the once-per-deployment lane: the gateway publishes nothing.
    expect(broker.published).toEqual([]);
  });

  it('keeps a failing handler from silencing the others', async () => {
    const { gateway, broker } = await openGateway();
    const heard: string[] = [];
    gateway.onEvent('hms', () => {
      throw new Error('broken feature');
    });
    gateway.onEvent('hms', (sn) => heard.push(sn));
    broker.deliver('thing/product/DOCK9/events', { tid: 't', method: 'hms', data: {} });
    expect(heard).toEqual(['DOCK9']);
  });

  it('subscribes a raw up kind once someone listens and hands over its payload', async () => {
    const { gateway, broker } = await openGateway();
    expect(broker.filters.has('thing/product/+/drc/down')).toBe(false);
    const seen: string[] = [];
    gateway.onUp('drc/down', (sn, payload) => seen.push(`${sn} ${payload.toString()}`));
    expect(broker.filters.has('thing/product/+/drc/down')).toBe(true);
    broker.deliver('thing/product/DOCK1/drc/down', { method: 'heart_beat', seq: 1 });
    broker.deliver('thing/product/DOCK1/drc/up', { method: 'osd_info_push', seq: 1 });
    expect(seen).toEqual(['DOCK1 {"method":"heart_beat","seq":1}']);
  });

  it('holds the request answers ingestion replies from', async () => {
    const { gateway } = await openGateway();
    gateway.onRequest('config', () => ({
      result: 0,
      output: { ntp_server_host: 'ntp', app_id: '', app_key: '', app_license: '' },
    }));
    const answer = await gateway.requests.answer(
      'DOCK1',
      {
        tid: 't',
        bid: 'b',
        timestamp: 1,
        gateway: undefined,
        method: 'config',
        needReply: false,
        data: {},
      },
      5,
    );
    expect(answer).toMatchObject({ tid: 't', bid: 'b', method: 'config', data: { result: 0 } });
  });

  it('runs the tasks waiting for the door once it opens', async () => {
    const broker = fakeSession();
    const gateway = createDeviceGateway({
      log: silentLog,
      timers: manualTimers(),
      openSession: () => Promise.resolve(broker.session),
    });
    const ran: string[] = [];
    gateway.whenOpen(() => {
      ran.push(gateway.connected() ? 'open' : 'closed');
      return Promise.resolve();
    });
    expect(ran).toEqual([]);
    await gateway.start({ url: 'mqtt://broker', username: 'server', password: 'x' });
    expect(ran).toEqual(['open']);
  });
  it('hears the deployment lane from its own session on a broker no other instance uses', async () => {
    const { gateway, broker } = await openGateway();
    const heard: string[] = [];
    gateway.onEvent('file_upload_callback', (sn) => heard.push(`once:${sn}`), {
      lane: 'deployment',
    });
    gateway.onStatus('update_topo', (sn) => heard.push(`topo:${sn}`), { lane: 'deployment' });
    gateway.onEvent('file_upload_callback', (sn) => heard.push(`every:${sn}`));
    expect(broker.filters).toEqual(
      new Set(['thing/product/+/services_reply', 'thing/product/+/events', 'sys/product/+/status']),
    );
    broker.deliver('thing/product/DOCK1/events', {
      tid: 't',
      method: 'file_upload_callback',
      need_reply: 1,
      data: {},
    });
    broker.deliver('sys/product/DOCK1/status', { tid: 't', method: 'update_topo', data: {} });
    expect(heard).toEqual(['every:DOCK1', 'once:DOCK1', 'topo:DOCK1']);
    // Replies stay ingestion's on this lane too.
    expect(broker.published).toEqual([]);
  });

  it('hears the deployment lane on a shared subscription of a second session when shared', async () => {
    const own = fakeSession();
    const lane = fakeSession();
    const sessions = [own.session, lane.session];
    const gateway = createDeviceGateway({
      log: silentLog,
      timers: manualTimers(),
      shareGroup: 'group',
      openSession: () => Promise.resolve(sessions.shift() ?? own.session),
    });
    const heard: string[] = [];
    gateway.onEvent('flight_areas_sync_progress', (sn) => heard.push(`once:${sn}`), {
      lane: 'deployment',
    });
    await gateway.start({ url: 'mqtt://broker', username: 'server', password: 'x', shared: true });
    gateway.onStatus('update_topo', (sn) => heard.push(`topo:${sn}`), { lane: 'deployment' });
    gateway.onEvent('flight_areas_sync_progress', (sn) => heard.push(`every:${sn}`));
    expect(own.filters).toEqual(
      new Set(['thing/product/+/services_reply', 'thing/product/+/events']),
    );
    expect(lane.filters).toEqual(
      new Set(['$share/group/thing/product/+/events', '$share/group/sys/product/+/status']),
    );
    const report = { tid: 't', method: 'flight_areas_sync_progress', need_reply: 1, data: {} };
    // Every instance's copy reaches the instance lane only; the share reaches the deployment lane.
    own.deliver('thing/product/DOCK1/events', report);
    lane.deliver('thing/product/DOCK2/events', report);
    lane.deliver('sys/product/DOCK2/status', { tid: 't', method: 'update_topo', data: {} });
    expect(heard).toEqual(['every:DOCK1', 'once:DOCK2', 'topo:DOCK2']);
    expect([...own.published, ...lane.published]).toEqual([]);
  });

  it.skipIf(!brokerUrl)(
    'hands each event to one deployment-lane handler of two instances on one broker',
    async () => {
      const tag = randomBytes(3).toString('hex').toUpperCase();
      const account = { url: brokerUrl ?? '', username: 'server', password: 'x', shared: true };
      const instances = [0, 1].map(() =>
        createDeviceGateway({ log: silentLog, shareGroup: `skydeck-test-${tag}` }),
      );
      const once: string[] = [];
      const every: string[] = [];
      for (const [i, gateway] of instances.entries()) {
        gateway.onEvent('file_upload_callback', (sn, msg) => once.push(`${sn} ${msg.tid}`), {
          lane: 'deployment',
        });
        gateway.onEvent('file_upload_callback', (_sn, msg) => every.push(`${i} ${msg.tid}`));
        await gateway.start(account);
      }
      const dock = await connectAsync(brokerUrl ?? '', { reconnectPeriod: 0 });
      const sn = `GW${tag}`;
      const tids = ['a', 'b', 'c', 'd', 'e', 'f'];
      for (const tid of tids)
        await dock.publishAsync(
          `thing/product/${sn}/events`,
          JSON.stringify({
            tid,
            bid: tid,
            method: 'file_upload_callback',
            need_reply: 1,
            data: {},
          }),
          { qos: 1 },
        );
      await vi.waitFor(() => expect(every).toHaveLength(2 * tids.length), { timeout: 20_000 });
      await vi.waitFor(() => expect(once).toHaveLength(tids.length), { timeout: 20_000 });
      expect(once.toSorted()).toEqual(tids.map((tid) => `${sn} ${tid}`));
      await dock.endAsync();
      await Promise.all(instances.map((gateway) => gateway.close()));
    },
  );
});
