/**
 * The gateway's broker connection over mqtt.js: the server account, a fresh clean session per
 * instance, and the filters subscribed again on every (re)connect.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import type { Log } from '../runtime/log.ts';
import type { BrokerSession, OpenSession } from './BrokerSession.ts';

/** How long the first connection may take before callers hear "offline", ms. */
const CONNECT_WAIT_MS = 5_000;
const RECONNECT_PERIOD_MS = 2_000;

/** An `OpenSession` that logs subscription refusals and outages on `log`. */
export function mqttSession(log: Log): OpenSession {
  return async (account) => {
    const client = connect(account.url, {
      username: account.username,
      password: account.password,
      clientId: `skydeck-devices-${String(process.pid)}-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: CONNECT_WAIT_MS,
      clean: true,
      // The filters are ours to renew (below): they grow after the first connect.
      resubscribe: false,
    });
    const filters = new Set<string>();
    const subscribe = (list: readonly string[]) =>
      new Promise<void>((resolve) => {
        if (list.length === 0 || !client.connected) return resolve();
        client.subscribe([...list], { qos: 1 }, (error) => {
          if (error) log.error(`device gateway could not subscribe: ${error.message}`);
          resolve();
        });
      });
    let outage = false;
    client.on('connect', () => {
      if (outage) log.info(`device gateway reconnected to ${account.url}`);
      outage = false;
      void subscribe([...filters]);
    });
    client.on('error', (error) => {
      if (!outage) log.warn(`device gateway cannot reach the broker: ${error.message}`);
      outage = true;
    });
    await new Promise<void>((resolve) => {
      // A broker that neither answers nor refuses must not hold the start forever: callers then
      // hear "offline" while the client keeps reconnecting in the background.
      setTimeout(resolve, CONNECT_WAIT_MS).unref();
      client.once('connect', () => resolve());
      client.once('error', () => resolve());
    });
    const session: BrokerSession = {
      async subscribe(list) {
        const added = list.filter((f) => !filters.has(f));
        for (const f of added) filters.add(f);
        await subscribe(added);
      },
      publish: (topic, payload, qos) => void client.publish(topic, payload, { qos }),
      onMessage: (listener) => void client.on('message', listener),
      connected: () => client.connected,
      close: () => client.endAsync(true),
    };
    return session;
  };
}
