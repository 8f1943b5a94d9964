/**
 * Connects Aedes' authentication and authorization hooks to `BrokerAuth`. Each connection's session
 * is kept in a WeakMap so it goes away with the client.
 *
 * Publishes of one connection are decided one after another in the order they arrived: Aedes hands
 * a whole socket read to the hooks at once, and a gateway's `osd` for a new aircraft must be judged
 * after the `update_topo` that announced it, never before.
 */
import type { Aedes, AuthenticateError, Client, PublishPacket } from 'aedes';
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { DRC_NOT_HOLDER } from '../drc/drcAcl.ts';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import { decodeEnvelope, str } from './decode.ts';
import type { Log } from '../runtime/log.ts';
import type { Principal } from './topicRules.ts';

// Aedes' `AuthErrorCode` is an ambient const enum, which verbatimModuleSyntax cannot import.
const BAD_USERNAME_OR_PASSWORD = 4;
/**
 * Where a refused device message is sent instead: nothing subscribes to it and `authorizeForward`
 * drops it anyway. MQTT 3.1.1 has no negative acknowledgement, and failing the hook would close the
 * connection, so a dock that speaks about one unregistered aircraft would lose its own link too.
 */
export const REFUSED_TOPIC = '$skydeck/refused';
/** Distinct (client, serial number) refusals remembered for log-once; past this the memory restarts. */
const MAX_REPORTED = 10_000;

function authError(): AuthenticateError {
  // Aedes types the code as its const enum, which this module cannot name (see above): the plain
  // number is the same value on the wire.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  return Object.assign(new Error('bad username or password'), {
    returnCode: BAD_USERNAME_OR_PASSWORD,
  });
}

/** Distinct topics remembered as allowed per connection; a dock uses about ten. */
const MAX_VERDICTS = 256;

/** The publish topics a connection was allowed, valid while its principal is this object. */
interface Verdicts {
  principal: Principal;
  allowed: Set<string>;
}

/** Who is on a connection, as the metrics count them: a dock's DRC link is a device. */
export type ClientKind = 'device' | 'console' | 'server';
export const CLIENT_KINDS: readonly ClientKind[] = ['device', 'console', 'server'];

export const clientKindOf = (principal: Principal): ClientKind =>
  principal.kind === 'user' ? 'console' : principal.kind === 'server' ? 'server' : 'device';

/** Refused publishes and subscriptions so far, by who asked. */
export interface Refusals {
  publish: Record<ClientKind, number>;
  subscribe: Record<ClientKind, number>;
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

/** The children a gateway's `update_topo` announces, or undefined for any other message. */
function announcedChildren(packet: PublishPacket, sn: string): string[] | undefined {
  const parsed = parseTopic(packet.topic);
  if (parsed?.family !== 'status' || parsed.kind !== 'status' || parsed.sn !== sn) return undefined;
  const msg = decodeEnvelope(packet.payload as Uint8Array);
  if (msg?.method !== 'update_topo') return undefined;
  const subs = Array.isArray(msg.data.sub_devices) ? (msg.data.sub_devices as unknown[]) : [];
  return subs.flatMap((d) => {
    const child = typeof d === 'object' && d !== null ? str((d as { sn?: unknown }).sn) : undefined;
    return child === undefined ? [] : [child];
  });
}

/** Installs the hooks on `broker`. */
export function installAuthHooks(broker: Aedes, auth: BrokerAuth, log: Log): AuthHooks {
  const sessions = new WeakMap<Client, BrokerSession>();
  const chains = new WeakMap<Client, Promise<unknown>>();
  /** Publish decisions of a connection still under way; the cached answer waits for them. */
  const pending = new WeakMap<Client, number>();
  const verdicts = new WeakMap<BrokerSession, Verdicts>();
  const reported = new Set<string>();
  let refused = 0;
  const refusals: Refusals = {
    publish: { device: 0, console: 0, server: 0 },
    subscribe: { device: 0, console: 0, server: 0 },
  };
  const failed = (where: string) => (error: unknown) => {
    log.error(`mqtt ${where} check failed: ${String(error)}`);
  };

  /** Runs `task` after every earlier publish decision of `client`. */
  function inOrder<T>(client: Client, task: () => Promise<T>): Promise<T> {
    pending.set(client, (pending.get(client) ?? 0) + 1);
    const next = (chains.get(client) ?? Promise.resolve()).then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    chains.set(client, settled);
    void settled.then(() => {
      const left = (pending.get(client) ?? 1) - 1;
      if (left > 0) pending.set(client, left);
      else {
        pending.delete(client);
        chains.delete(client);
      }
    });
    return next;
  }

  function refuseMessage(client: Client, s: BrokerSession, packet: PublishPacket, why: string) {
    refused++;
    refusals.publish[clientKindOf(s.principal)]++;
    const key = `${client.id}\n${parseTopic(packet.topic)?.sn ?? packet.topic}`;
    if (!reported.has(key)) {
      if (reported.size >= MAX_REPORTED) reported.clear();
      reported.add(key);
      log.warn(
        `mqtt refused publish client=${client.id} user=${s.principal.name} topic=${packet.topic} reason=${why} (further refusals for this device are counted, not logged)`,
      );
    }
    packet.topic = REFUSED_TOPIC;
    packet.retain = false;
  }

  /** Whether `topic` was allowed for `s` under its current principal (see `remember`). */
  function allowedBefore(s: BrokerSession, topic: string): boolean {
    const v = verdicts.get(s);
    return v !== undefined && v.principal === s.principal && v.allowed.has(topic);
  }

  /**
   * Keeps an allowed publish so the next one on the topic is answered without a decision. Only for
   * devices and the server, whose rights follow their principal alone: a reload (device or topology
   * change, sessionWatch.ts) or an announcement replaces the principal object and so voids the
   * verdicts. Console publishes also hang on who holds DRC, and DRC connections on their grant's
   * clock, so those are judged every time; `update_topo` always is (it changes the rights).
   */
  function remember(s: BrokerSession, topic: string): void {
    const kind = s.principal.kind;
    if ((kind !== 'device' && kind !== 'server') || topic.startsWith('sys/')) return;
    let v = verdicts.get(s);
    if (v?.principal !== s.principal) {
      v = { principal: s.principal, allowed: new Set() };
      verdicts.set(s, v);
    }
    if (v.allowed.size < MAX_VERDICTS) v.allowed.add(topic);
  }

  async function decidePublish(client: Client, s: BrokerSession, packet: PublishPacket) {
    if (s.principal.kind === 'device') {
      const children = announcedChildren(packet, s.principal.sn);
      if (children) await auth.announce(s, children);
    }
    const decision = await auth.decide(s, 'publish', packet.topic);
    if (decision.allow) {
      remember(s, packet.topic);
      return null;
    }
    // A device keeps its link whatever one message says; a tab that just lost DRC may still send a
    // stick or two: drop those, keep its telemetry link.
    if (s.principal.kind === 'device' || decision.reason === DRC_NOT_HOLDER) {
      refuseMessage(client, s, packet, decision.reason);
      return null;
    }
    // A console or server client that publishes outside its rights is closed (as before): that is
    // no device's routine traffic but a misbehaving client.
    refusals.publish[clientKindOf(s.principal)]++;
    log.warn(
      `mqtt refused publish client=${client.id} user=${s.principal.name} topic=${packet.topic} reason=${decision.reason}`,
    );
    return new Error('not authorized');
  }

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
    if (!pending.has(client) && allowedBefore(session, packet.topic)) return done(null);
    inOrder(client, () => decidePublish(client, session, packet))
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
        if (!ok) refusals.subscribe[clientKindOf(session.principal)]++;
        done(null, ok ? subscription : null);
      })
      .catch((error: unknown) => {
        failed('subscribe')(error);
        done(null, null);
      });
  };

  return {
    sessionOf: (client) => sessions.get(client),
    refusedMessages: () => refused,
    refusals: () => refusals,
    onForward(listener) {
      forwarded.add(listener);
      return () => forwarded.delete(listener);
    },
  };
}
