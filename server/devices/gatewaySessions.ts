/**
 * Opening and closing the device gateway's broker sessions: the first one, and on an external broker
 * the `deployment` lane's own (gateway.ts explains the lanes). Calls go out only once the replies can
 * come back, and a `close` while the sessions were opening closes them as soon as they are open.
 */
import type { Log } from '../runtime/log.ts';
import type { BrokerSession, OpenSession } from './BrokerSession.ts';
import type { BrokerAccount } from './DeviceGateway.ts';
import type { GatewayReceiver } from './gatewayReceiver.ts';
import type { GatewayState } from './gatewayState.ts';
import type { GatewaySubscriptions } from './gatewaySubscriptions.ts';
import { mqttSession } from './mqttSession.ts';
import type { ReplyWaiters } from './replyWaiters.ts';

export interface GatewaySessions {
  /** Opens the sessions, then runs the `whenOpen` tasks; resolves once they are done. */
  start(account: BrokerAccount): Promise<void>;
  /** Ends waiting calls with `closed` and the sessions. */
  close(): Promise<void>;
}

/** The gateway's `start` and `close`, over its shared state. */
export function createGatewaySessions(
  state: GatewayState,
  options: { log: Log; openSession?: OpenSession },
  subscriptions: GatewaySubscriptions,
  receive: GatewayReceiver,
  waiters: ReplyWaiters,
): GatewaySessions {
  const { log } = options;
  const { ownLanes, filters, sharedFilters } = subscriptions;
  const isClosed = () => state.closed;

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
    async start(account) {
      if (state.session || state.closed) return;
      const opened = await open(account);
      if (!opened) return;
      state.shared = opened.lane !== null;
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
      state.session = opened.main;
      state.sharedSession = opened.lane;
      // Listeners added while the first subscription was under way.
      await Promise.all([
        state.session.subscribe(filters()),
        state.sharedSession?.subscribe(sharedFilters()),
      ]);
      for (const task of state.openTasks.splice(0)) await task();
    },
    async close() {
      state.closed = true;
      waiters.failAll('closed');
      const sessions = [state.session, state.sharedSession].filter(
        (s): s is BrokerSession => s !== null,
      );
      state.session = null;
      state.sharedSession = null;
      await Promise.all(sessions.map((s) => s.close()));
    },
  };
}
