/** The sink's handlers of a gateway's `status` (its topology) and of its `requests`. */
import { statusReplyTopic, thingTopic } from '../../../protocol/mqtt/topics.ts';
import { withLogContext } from '../../runtime/logContext.ts';
import type { Decoded } from '../decode.ts';
import { str } from '../decode.ts';
import type { RequestRegistry } from '../requestRegistry.ts';
import type { SinkParts } from './sinkParts.ts';

/** An `update_topo`: the gateway's children, written in order, and the reply. */
export function takeStatus(parts: SinkParts, sn: string, msg: Decoded, now: number): void {
  if (msg.method !== 'update_topo') return;
  const subs = Array.isArray(msg.data.sub_devices) ? (msg.data.sub_devices as unknown[]) : [];
  const children = subs.flatMap((d) => {
    const sub =
      typeof d === 'object' && d !== null ? str((d as Record<string, unknown>).sn) : undefined;
    return sub === undefined ? [] : [sub];
  });
  parts.lanes.enqueue('topology', () => parts.presence.topology(sn, children, now));
  parts.reply(statusReplyTopic(sn), msg);
}

/** Answers a gateway's request; without a registry every request is left unanswered. */
export function answerRequest(
  parts: SinkParts,
  registry: RequestRegistry | undefined,
  sn: string,
  msg: Decoded,
): void {
  if (!registry) return;
  const about = { tid: msg.tid, bid: msg.bid, sn, method: msg.method };
  void withLogContext(about, () => registry.answer(sn, msg, parts.scheduler.now())).then((answer) =>
    parts.publish(thingTopic(sn, 'requests_reply'), JSON.stringify(answer)),
  );
}
