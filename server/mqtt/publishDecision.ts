/**
 * The embedded broker's decision on one publish: a gateway's `update_topo` first widens its rights
 * to the children it announces; a refused device message is turned aside and its connection kept;
 * a console or server client publishing outside its rights is closed.
 */
import type { Client, PublishPacket } from 'aedes';
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { DRC_NOT_HOLDER } from '../drc/drcAcl.ts';
import type { Log } from '../runtime/log.ts';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import { clientKindOf } from './clientKind.ts';
import { decodeEnvelope, str } from './decode.ts';
import type { PublishRefusals } from './publishRefusals.ts';
import type { PublishVerdicts } from './publishVerdicts.ts';

/** Decides one publish; resolves with the error that closes the connection, or null to go on. */
export type PublishDecision = (
  client: Client,
  s: BrokerSession,
  packet: PublishPacket,
) => Promise<Error | null>;

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

/** Judges publishes with `auth`, remembering the allowed ones and counting the refused ones. */
export function publishDecision(
  auth: BrokerAuth,
  verdicts: PublishVerdicts,
  refusals: PublishRefusals,
  log: Log,
): PublishDecision {
  return async (client, s, packet) => {
    if (s.principal.kind === 'device') {
      const children = announcedChildren(packet, s.principal.sn);
      if (children) await auth.announce(s, children);
    }
    const decision = await auth.decide(s, 'publish', packet.topic);
    if (decision.allow) {
      verdicts.remember(s, packet.topic);
      return null;
    }
    // A device keeps its link whatever one message says; a tab that just lost DRC may still send a
    // stick or two: drop those, keep its telemetry link.
    if (s.principal.kind === 'device' || decision.reason === DRC_NOT_HOLDER) {
      refusals.refuseMessage(client, s, packet, decision.reason);
      return null;
    }
    // A console or server client that publishes outside its rights is closed (as before): that is
    // no device's routine traffic but a misbehaving client.
    refusals.counts.publish[clientKindOf(s.principal)]++;
    log.warn(
      `mqtt refused publish client=${client.id} user=${s.principal.name} topic=${packet.topic} reason=${decision.reason}`,
    );
    return new Error('not authorized');
  };
}
