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
import type { Log } from '../runtime/log.ts';
import { createRequestRegistry } from '../mqtt/requestRegistry.ts';
import type { OpenSession } from './BrokerSession.ts';
import type {
  DeviceGateway,
  EventHandler,
  ListenOptions,
  UpHandler,
  UpKind,
} from './DeviceGateway.ts';
import { createGatewayReceiver } from './gatewayReceiver.ts';
import { createGatewaySessions } from './gatewaySessions.ts';
import { initialGatewayState } from './gatewayState.ts';
import { createGatewaySubscriptions } from './gatewaySubscriptions.ts';
import { createListeners } from './listeners.ts';
import type { HeardKind } from './listeners.ts';
import { realTimers, replyWaiters } from './replyWaiters.ts';
import type { Timers } from './replyWaiters.ts';
import { serviceCall } from './serviceCall.ts';

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

/**
 * Creates the gateway; it talks to no broker until `start`. Its parts share one state: the topic
 * filters (gatewaySubscriptions.ts), what each message heard becomes (gatewayReceiver.ts), the
 * service calls (serviceCall.ts) and the sessions' opening and closing (gatewaySessions.ts).
 */
export function createDeviceGateway(options: GatewayOptions): DeviceGateway {
  const { log } = options;
  const timers = options.timers ?? realTimers;
  const waiters = replyWaiters(timers);
  const listeners = createListeners(log);
  const ups = new Map<UpKind, Set<UpHandler>>();
  const requests = createRequestRegistry(log);
  const shareGroup = options.shareGroup ?? DEVICES_SHARE_GROUP;
  const state = initialGatewayState();
  const subscriptions = createGatewaySubscriptions(state, listeners, ups, shareGroup);
  const receive = createGatewayReceiver(log, listeners, ups, waiters);
  const sessions = createGatewaySessions(state, options, subscriptions, receive, waiters);

  const listenUp = (kind: UpKind, handler: UpHandler): (() => void) => {
    const set = ups.get(kind) ?? new Set<UpHandler>();
    ups.set(kind, set);
    set.add(handler);
    subscriptions.resubscribe();
    return () => {
      set.delete(handler);
      if (set.size === 0 && ups.get(kind) === set) ups.delete(kind);
    };
  };

  const listen =
    (kind: HeardKind) => (method: string, handler: EventHandler, o?: ListenOptions) => {
      const stop = listeners.add(kind, o?.lane ?? 'instance', method, handler);
      subscriptions.resubscribe();
      return stop;
    };

  return {
    requests,
    call: serviceCall(state, waiters, timers, log, options),
    onEvent: listen('events'),
    onStatus: listen('status'),
    onRequest: (method, handler) => requests.register(method, handler),
    onUp: listenUp,
    publish(topic, payload) {
      state.session?.publish(topic, JSON.stringify(payload), 0);
    },
    connected: () => state.session?.connected() ?? false,
    whenOpen(task) {
      if (state.session) void task();
      else state.openTasks.push(task);
    },
    start: (account) => sessions.start(account),
    close: () => sessions.close(),
  };
}
