/**
 * Connects Aedes' authentication and authorization hooks to `BrokerAuth`. Each connection's session
 * is kept in a WeakMap so it goes away with the client.
 *
 * Publishes of one connection are decided one after another in the order they arrived: Aedes hands
 * a whole socket read to the hooks at once, and a gateway's `osd` for a new aircraft must be judged
 * after the `update_topo` that announced it, never before.
 */
import type { Aedes, AuthenticateError, Client } from 'aedes';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import { clientKindOf } from './clientKind.ts';
import type { Log } from '../runtime/log.ts';
import { publishDecision } from './publishDecision.ts';
import { createPublishOrder } from './publishOrder.ts';
import { createPublishRefusals, REFUSED_TOPIC } from './publishRefusals.ts';
import type { Refusals } from './publishRefusals.ts';
import { createPublishVerdicts } from './publishVerdicts.ts';

export { CLIENT_KINDS, clientKindOf } from './clientKind.ts';
export type { ClientKind } from './clientKind.ts';
export { REFUSED_TOPIC } from './publishRefusals.ts';
export type { Refusals } from './publishRefusals.ts';

// Aedes' `AuthErrorCode` is an ambient const enum, which verbatimModuleSyntax cannot import.
const BAD_USERNAME_OR_PASSWORD = 4;

function authError(): AuthenticateError {
  // Aedes types the code as its const enum, which this module cannot name (see above): the plain
  // number is the same value on the wire.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  return Object.assign(new Error('bad username or password'), {
    returnCode: BAD_USERNAME_OR_PASSWORD,
  });
}

/** What the hooks give back to the broker. */
export interface AuthHooks {
  sessionOf(client: Client): BrokerSession | undefined;
  /** Device messages refused one by one (the connection stayed up). */
  refusedMessages(): number;
  /** Every refused publish (dropped or closing its connection) and subscription. */
  refusals(): Refusals;
  /** Calls `listener` with the topic of every message handed to a subscriber. */
  onForward(listener: (topic: string) => void): () => void;
}

/**
 * Installs the hooks on `broker`. Publishes are queued per connection (publishOrder.ts), answered
 * from the topics allowed before where they can be (publishVerdicts.ts), decided otherwise
 * (publishDecision.ts) and counted when refused (publishRefusals.ts).
 */
export function installAuthHooks(broker: Aedes, auth: BrokerAuth, log: Log): AuthHooks {
  const sessions = new WeakMap<Client, BrokerSession>();
  const order = createPublishOrder();
  const verdicts = createPublishVerdicts();
  const refusals = createPublishRefusals(log);
  const decidePublish = publishDecision(auth, verdicts, refusals, log);
  const failed = (where: string) => (error: unknown) => {
    log.error(`mqtt ${where} check failed: ${String(error)}`);
  };

  broker.authenticate = (client, username, password, done) => {
    auth
      .authenticate(client.id, username ?? '', password?.toString('utf8') ?? '')
      .then((session) => {
        if (!session) return done(authError(), false);
        sessions.set(client, session);
        done(null, true);
      })
      .catch((error: unknown) => {
        failed('connect')(error);
        done(authError(), false);
      });
  };

  broker.authorizePublish = (client, packet, done) => {
    if (!client) return done(null);
    const session = sessions.get(client);
    if (!session) return done(new Error('not authenticated'));
    // The routine case, a device publishing where it published before with nothing of its own still
    // being decided, is answered at once: no promise, no closure, no database.
    if (!order.deciding(client) && verdicts.allowedBefore(session, packet.topic)) return done(null);
    order
      .inOrder(client, () => decidePublish(client, session, packet))
      .then((error) => done(error))
      .catch((error: unknown) => {
        failed('publish')(error);
        done(new Error('not authorized'));
      });
  };

  const forwarded = new Set<(topic: string) => void>();
  broker.authorizeForward = (_client, packet) => {
    if (packet.topic === REFUSED_TOPIC) return null;
    for (const listener of forwarded) listener(packet.topic);
    return packet;
  };

  // A refused subscription is answered with granted QoS 128; the connection stays up.
  broker.authorizeSubscribe = (client, subscription, done) => {
    const session = sessions.get(client);
    if (!session) return done(null, null);
    auth
      .authorize(session, 'subscribe', subscription.topic, client.id)
      .then((ok) => {
        if (!ok) refusals.counts.subscribe[clientKindOf(session.principal)]++;
        done(null, ok ? subscription : null);
      })
      .catch((error: unknown) => {
        failed('subscribe')(error);
        done(null, null);
      });
  };

  return {
    sessionOf: (client) => sessions.get(client),
    refusedMessages: () => refusals.refusedMessages(),
    refusals: () => refusals.counts,
    onForward(listener) {
      forwarded.add(listener);
      return () => forwarded.delete(listener);
    },
  };
}
