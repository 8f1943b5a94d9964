/**
 * Refused publishes and subscriptions of the embedded broker, counted by who asked. A refused device
 * message is turned aside rather than failed, and logged once per connection and serial number.
 */
import type { Client, PublishPacket } from 'aedes';
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import type { Log } from '../runtime/log.ts';
import type { BrokerSession } from './brokerSession.ts';
import { clientKindOf } from './clientKind.ts';
import type { ClientKind } from './clientKind.ts';

/**
 * Where a refused device message is sent instead: nothing subscribes to it and `authorizeForward`
 * drops it anyway. MQTT 3.1.1 has no negative acknowledgement, and failing the hook would close the
 * connection, so a dock that speaks about one unregistered aircraft would lose its own link too.
 */
export const REFUSED_TOPIC = '$skydeck/refused';
/** Distinct (client, serial number) refusals remembered for log-once; past this the memory restarts. */
const MAX_REPORTED = 10_000;

/** Refused publishes and subscriptions so far, by who asked. */
export interface Refusals {
  publish: Record<ClientKind, number>;
  subscribe: Record<ClientKind, number>;
}

export interface PublishRefusals {
  /** The counts so far (the same object throughout, counted up in place). */
  readonly counts: Refusals;
  /** Device messages refused one by one (the connection stayed up). */
  refusedMessages(): number;
  /** Counts and turns aside one message of `client`, whose connection stays up. */
  refuseMessage(client: Client, s: BrokerSession, packet: PublishPacket, why: string): void;
}

/** Keeps the broker's refusal counts and logs each refused device once. */
export function createPublishRefusals(log: Log): PublishRefusals {
  const reported = new Set<string>();
  let refused = 0;
  const counts: Refusals = {
    publish: { device: 0, console: 0, server: 0 },
    subscribe: { device: 0, console: 0, server: 0 },
  };
  return {
    counts,
    refusedMessages: () => refused,
    refuseMessage(client, s, packet, why) {
      refused++;
      counts.publish[clientKindOf(s.principal)]++;
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
    },
  };
}
