/**
 * The device gateway: one broker session per server instance, shared by every feature that talks to
 * the devices. It sends `services` and matches their `services_reply` by `tid` (the one correlator),
 * hears `events`, `status` and raw DRC topics, and holds the `requests` answers ingestion replies from.
 *
 * Lanes: `services_reply`, the `instance` lane's `events` and `status`, and the DRC topics are
 * subscribed by every instance without a share group — each instance waits for its own calls'
 * replies, and the task engine and the DRC service of every instance follow what they claimed. The
 * `deployment` lane hears each message on one instance only: with an external broker through a
 * second session of this gateway on a shared subscription (one client cannot tell a shared copy
 * from a plain one of the same message), on the embedded broker (one instance) from the first.
 * `events_reply`, `status_reply` and `requests_reply` go out on ingestion's lane, which sees each
 * message once per deployment (a shared subscription, or the embedded broker's publish path):
 * answering them here would answer once per instance.
 */
import { randomUUID } from 'node:crypto';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Decoded } from '../mqtt/decode.ts';
import type { Log } from '../runtime/log.ts';
import { withLogContext } from '../runtime/logContext.ts';
import { createRequestRegistry } from '../mqtt/requestRegistry.ts';
import type { BrokerSession, OpenSession } from './BrokerSession.ts';
import { NO_REPLY } from './DeviceGateway.ts';
import type {
  BrokerAccount,
  DeviceGateway,
  EventHandler,
  Lane,
  ListenOptions,
  ServiceReply,
  UpHandler,
  UpKind,
} from './DeviceGateway.ts';
import { createListeners } from './listeners.ts';
import type { HeardKind } from './listeners.ts';
import { mqttSession } from './mqttSession.ts';
import { realTimers, replyWaiters } from './replyWaiters.ts';
import type { Timers } from './replyWaiters.ts';

/** How long a service waits for its reply unless the caller says otherwise, ms. */
const DEFAULT_REPLY_TIMEOUT_MS = 15_000;
/** The shared-subscription group of the `deployment` lane; instances of one deployment share it. */
export const DEVICES_SHARE_GROUP = 'skydeck-devices';

export interface GatewayOptions {
  log: Log;
  replyTimeoutMs?: number;
  timers?: Timers;
  /** The broker connection (default: mqtt.js). */
  openSession?: OpenSession;
  /** The `deployment` lane's share group (default `DEVICES_SHARE_GROUP`; tests use their own). */
  shareGroup?: string;
}

const filterOf = (kind: 'services_reply' | HeardKind | UpKind) =>
  kind === 'status' ? 'sys/product/+/status' : `thing/product/+/${kind}`;

/** Creates the gateway; it talks to no broker until `start`. */
export function createDeviceGateway(options: GatewayOptions): DeviceGateway {
  const { log } = options;
  const timers = options.timers ?? realTimers;
  const waiters = replyWaiters(timers);
  const listeners = createListeners(log);
  const ups = new Map<UpKind, Set<UpHandler>>();
  const requests = createRequestRegistry(log);
  const shareGroup = options.shareGroup ?? DEVICES_SHARE_GROUP;
  let session: BrokerSession | null = null;
  /** The `deployment` lane's own session; null on a broker no other instance uses. */
  let sharedSession: BrokerSession | null = null;
  let shared = false;
  let closed = false;
  const isClosed = () => closed;
  const openTasks: (() => Promise<void>)[] = [];

  /** The lanes the first session's `events` and `status` feed. */
  const ownLanes = (): readonly Lane[] => (shared ? ['instance'] : ['instance', 'deployment']);
  const heardHere = (kind: HeardKind) => ownLanes().some((lane) => listeners.has(kind, lane));

  /** Every filter someone listens on now; `services_reply` always (calls may come any time). */
  const filters = (): string[] => [
    filterOf('services_reply'),
    ...(['events', 'status'] as const).filter(heardHere).map(filterOf),
    ...[...ups.keys()].map(filterOf),
  ];
  /** The shared session's filters: the `deployment` lane's kinds, in the deployment's group. */
  const sharedFilters = (): string[] =>
    (['events', 'status'] as const)
      .filter((kind) => listeners.has(kind, 'deployment'))
      .map((kind) => `$share/${shareGroup}/${filterOf(kind)}`);

  /** Runs the work a device message starts with its ids on every line it logs. */
  const heard = (sn: string, msg: Decoded, work: () => void) =>
    withLogContext({ tid: msg.tid, bid: msg.bid, sn, method: msg.method }, work);

  /** Hands a message of the first session (`lanes` its lanes) or the shared one (`deployment`). */
  function receive(lanes: () => readonly Lane[], topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic);
    if (parsed?.family === 'status') {
      if (parsed.kind !== 'status') return;
      const msg = decodeEnvelope(payload);
      if (msg) heard(parsed.sn, msg, () => listeners.dispatch('status', lanes(), parsed.sn, msg));
      return;
    }
    if (parsed?.family !== 'thing') return;
    if (parsed.kind === 'drc/up' || parsed.kind === 'drc/down') {
      for (const handler of ups.get(parsed.kind) ?? [])
        try {
          handler(parsed.sn, payload);
        } catch (error) {
          // One feature's broken handler must not keep the others from hearing the message.
          log.error(`device gateway: ${parsed.kind} from ${parsed.sn} failed: ${String(error)}`);
        }
      return;
    }
    if (parsed.kind !== 'services_reply' && parsed.kind !== 'events') return;
    // Decoded once here, whatever the number of features listening.
    const msg = decodeEnvelope(payload);
    if (!msg) return;
    // A reply's work goes on in its caller's context (the request that sent the service).
    if (parsed.kind === 'services_reply') waiters.settle(msg.tid, msg.data);
    else heard(parsed.sn, msg, () => listeners.dispatch('events', lanes(), parsed.sn, msg));
  }

  /** Subscribes what listeners added since the sessions opened now hear. */
  const resubscribe = () => {
    if (session) void session.subscribe(filters());
    if (sharedSession) void sharedSession.subscribe(sharedFilters());
  };

  const listenUp = (kind: UpKind, handler: UpHandler): (() => void) => {
    const set = ups.get(kind) ?? new Set<UpHandler>();
    ups.set(kind, set);
    set.add(handler);
    resubscribe();
    return () => {
      set.delete(handler);
      if (set.size === 0 && ups.get(kind) === set) ups.delete(kind);
    };
  };

  const listen =
    (kind: HeardKind) => (method: string, handler: EventHandler, o?: ListenOptions) => {
      const stop = listeners.add(kind, o?.lane ?? 'instance', method, handler);
      resubscribe();
      return stop;
    };

  /** Opens the sessions `account` asks for; null when `close` ran meanwhile. */
  async function open(account: BrokerAccount) {
    const openSession = options.openSession ?? mqttSession(log);
    // Opened side by side: an unreachable broker costs one connect wait, not two.
    const [main, lane] = await Promise.all([
      openSession(account),
      account.shared ? openSession(account) : Promise.resolve(null),
    ]);
    if (isClosed()) {
      await Promise.all([main.close(), lane?.close()]);
      return null;
    }
    return { main, lane };
  }

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
      const bid = randomUUID();
      const timeoutMs =
        callOptions?.timeoutMs ?? options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS;
      const sent = session;
      // The call's ids join its caller's (a request's id, say): the lines about it name them all.
      return withLogContext({ tid, bid, sn: gatewaySn, method }, async () => {
        const reply = waiters.wait(tid, timeoutMs);
        const body = { tid, bid, timestamp: timers.now(), method, data };
        sent.publish(thingTopic(gatewaySn, 'services'), JSON.stringify(body), 1);
        const answer = await reply;
        if (answer.failure === 'timeout')
          log.warn(`device gateway: ${gatewaySn} did not answer ${method} within ${timeoutMs} ms`);
        return answer;
      });
    },
    onEvent: listen('events'),
    onStatus: listen('status'),
    onRequest: (method, handler) => requests.register(method, handler),
    onUp: listenUp,
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
      const opened = await open(account);
      if (!opened) return;
      shared = opened.lane !== null;
      // Calls go out only once the replies can come back: a service sent before its reply topic
      // was subscribed would lose its answer and read as a dock that did not reply.
      opened.main.onMessage((topic, payload) => receive(ownLanes, topic, payload));
      opened.lane?.onMessage((topic, payload) => receive(() => ['deployment'], topic, payload));
      await Promise.all([
        opened.main.subscribe(filters()),
        opened.lane?.subscribe(sharedFilters()),
      ]);
      if (isClosed()) {
        await Promise.all([opened.main.close(), opened.lane?.close()]);
        return;
      }
      session = opened.main;
      sharedSession = opened.lane;
      // Listeners added while the first subscription was under way.
      await Promise.all([session.subscribe(filters()), sharedSession?.subscribe(sharedFilters())]);
      for (const task of openTasks.splice(0)) await task();
    },
    async close() {
      closed = true;
      waiters.failAll('closed');
      const sessions = [session, sharedSession].filter((s): s is BrokerSession => s !== null);
      session = null;
      sharedSession = null;
      await Promise.all(sessions.map((s) => s.close()));
    },
  };
}
