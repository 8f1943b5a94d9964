/**
 * The device gateway: one broker session per server instance, shared by every feature that talks to
 * the devices. It sends `services` and matches their `services_reply` by `tid` (the one correlator),
 * hears `events` and raw DRC topics, and holds the `requests` answers ingestion replies from.
 *
 * Lanes: `services_reply`, `events` and the DRC topics are subscribed by every instance without a
 * share group — each instance waits for its own calls' replies, and the task engine and the DRC
 * service of every instance follow what they claimed. `events_reply` and `requests_reply` go out on
 * ingestion's lane, which sees each message once per deployment (a shared subscription, or the
 * embedded broker's publish path): answering them here would answer once per instance.
 */
import { randomUUID } from 'node:crypto';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Decoded } from '../mqtt/decode.ts';
import type { Log } from '../runtime/log.ts';
import { createRequestRegistry } from '../mqtt/requestRegistry.ts';
import type { BrokerSession, OpenSession } from './BrokerSession.ts';
import { NO_REPLY } from './DeviceGateway.ts';
import type {
  DeviceGateway,
  EventHandler,
  ServiceReply,
  UpHandler,
  UpKind,
} from './DeviceGateway.ts';
import { mqttSession } from './mqttSession.ts';
import { realTimers, replyWaiters } from './replyWaiters.ts';
import type { Timers } from './replyWaiters.ts';

/** How long a service waits for its reply unless the caller says otherwise, ms. */
const DEFAULT_REPLY_TIMEOUT_MS = 15_000;

export interface GatewayOptions {
  log: Log;
  replyTimeoutMs?: number;
  timers?: Timers;
  /** The broker connection (default: mqtt.js). */
  openSession?: OpenSession;
}

const filterOf = (kind: 'services_reply' | 'events' | UpKind) => `thing/product/+/${kind}`;

/** Creates the gateway; it talks to no broker until `start`. */
export function createDeviceGateway(options: GatewayOptions): DeviceGateway {
  const { log } = options;
  const timers = options.timers ?? realTimers;
  const waiters = replyWaiters(timers);
  const events = new Map<string, Set<EventHandler>>();
  const ups = new Map<UpKind, Set<UpHandler>>();
  const requests = createRequestRegistry(log);
  let session: BrokerSession | null = null;
  let closed = false;
  const isClosed = () => closed;
  const openTasks: (() => Promise<void>)[] = [];

  /** Every filter someone listens on now; `services_reply` always (calls may come any time). */
  const filters = (): string[] => [
    filterOf('services_reply'),
    ...(events.size > 0 ? [filterOf('events')] : []),
    ...[...ups.keys()].map(filterOf),
  ];

  const guarded = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      // One feature's broken handler must not keep the others from hearing the message.
      log.error(`device gateway: ${what} failed: ${String(error)}`);
    }
  };

  function dispatchEvent(sn: string, msg: Decoded): void {
    const handlers = msg.method === undefined ? undefined : events.get(msg.method);
    if (!handlers) return;
    for (const handler of handlers)
      guarded(`${msg.method ?? ''} from ${sn}`, () => handler(sn, msg));
  }

  function receive(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic);
    if (parsed?.family !== 'thing') return;
    if (parsed.kind === 'drc/up' || parsed.kind === 'drc/down') {
      for (const handler of ups.get(parsed.kind) ?? [])
        guarded(`${parsed.kind} from ${parsed.sn}`, () => handler(parsed.sn, payload));
      return;
    }
    if (parsed.kind !== 'services_reply' && parsed.kind !== 'events') return;
    // Decoded once here, whatever the number of features listening.
    const msg = decodeEnvelope(payload);
    if (!msg) return;
    if (parsed.kind === 'services_reply') waiters.settle(msg.tid, msg.data);
    else dispatchEvent(parsed.sn, msg);
  }

  const listen = <K, H>(map: Map<K, Set<H>>, key: K, handler: H): (() => void) => {
    const set = map.get(key) ?? new Set<H>();
    map.set(key, set);
    set.add(handler);
    if (session) void session.subscribe(filters());
    return () => {
      set.delete(handler);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };

  return {
    requests,
    async call(gatewaySn, method, data, callOptions) {
      const tid = randomUUID();
      const failed = (failure: 'offline' | 'closed'): ServiceReply => ({
        result: NO_REPLY,
        latencyMs: 0,
        tid,
        failure,
      });
      if (closed) return failed('closed');
      if (!session) return failed('offline');
      const reply = waiters.wait(
        tid,
        callOptions?.timeoutMs ?? options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS,
      );
      const body = { tid, bid: randomUUID(), timestamp: timers.now(), method, data };
      session.publish(thingTopic(gatewaySn, 'services'), JSON.stringify(body), 1);
      return reply;
    },
    onEvent: (method, handler) => listen(events, method, handler),
    onRequest: (method, handler) => requests.register(method, handler),
    onUp: (kind, handler) => listen(ups, kind, handler),
    publish(topic, payload) {
      session?.publish(topic, JSON.stringify(payload), 0);
    },
    connected: () => session?.connected() ?? false,
    whenOpen(task) {
      if (session) void task();
      else openTasks.push(task);
    },
    async start(account) {
      if (session || closed) return;
      const opened = await (options.openSession ?? mqttSession(log))(account);
      // `close` may have run while the broker was being reached.
      if (isClosed()) {
        await opened.close();
        return;
      }
      // Calls go out only once the replies can come back: a service sent before its reply topic
      // was subscribed would lose its answer and read as a dock that did not reply.
      opened.onMessage(receive);
      await opened.subscribe(filters());
      if (isClosed()) {
        await opened.close();
        return;
      }
      session = opened;
      // Listeners added while the first subscription was under way.
      await opened.subscribe(filters());
      for (const task of openTasks.splice(0)) await task();
    },
    async close() {
      closed = true;
      waiters.failAll('closed');
      const open = session;
      session = null;
      await open?.close();
    },
  };
}
