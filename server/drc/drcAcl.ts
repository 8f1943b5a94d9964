/**
 * The DRC holder rule of the broker: a console may publish on a dock's `drc/down` only while it holds
 * that dock's DRC session (server/drc/drcService.ts). `services` stay governed by `device:control`.
 */
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import type { Decision } from '../mqtt/aclDecision.ts';
import { isDrcHolder } from './drcHolders.ts';

/** The refusal reason; the embedded broker drops such messages instead of closing the connection. */
export const DRC_NOT_HOLDER = 'not the DRC holder of this dock';

/** A refusal when `userId` publishes on a `drc/down` it does not hold, else null. */
export function drcDownRule(userId: number, topic: string): Decision | null {
  const parsed = parseTopic(topic);
  if (parsed?.family !== 'thing' || parsed.kind !== 'drc/down') return null;
  return isDrcHolder(userId, parsed.sn) ? null : { allow: false, reason: DRC_NOT_HOLDER };
}

/**
 * The rule for a dock's DRC connection (the `mqtt_broker` credentials of `drc_mode_enter`): exactly
 * one topic, `drc/up` to publish or `drc/down` to subscribe, of exactly its dock.
 */
export function drcLinkRule(dockSn: string, kind: 'drc/up' | 'drc/down', topic: string): Decision {
  return topic === thingTopic(dockSn, kind)
    ? { allow: true }
    : { allow: false, reason: `DRC credentials of ${dockSn} allow only its ${kind}` };
}
