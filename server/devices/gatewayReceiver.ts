/**
 * What the device gateway does with each message its sessions hear: `services_reply` settles the
 * call waiting for its `tid`, `events` and `status` go to the features listening on the message's
 * lanes, and raw DRC topics to their handlers.
 */
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Decoded } from '../mqtt/decode.ts';
import type { Log } from '../runtime/log.ts';
import { withLogContext } from '../runtime/logContext.ts';
import type { Lane, UpHandler, UpKind } from './DeviceGateway.ts';
import type { Listeners } from './listeners.ts';
import type { ReplyWaiters } from './replyWaiters.ts';

/** Hands a message of the first session (`lanes` its lanes) or the shared one (`deployment`). */
export type GatewayReceiver = (
  lanes: () => readonly Lane[],
  topic: string,
  payload: Buffer,
) => void;

/** Routes the messages of the gateway's sessions to whoever waits for or listens to them. */
export function createGatewayReceiver(
  log: Log,
  listeners: Listeners,
  ups: ReadonlyMap<UpKind, Set<UpHandler>>,
  waiters: ReplyWaiters,
): GatewayReceiver {
  /** Runs the work a device message starts with its ids on every line it logs. */
  const heard = (sn: string, msg: Decoded, work: () => void) =>
    withLogContext({ tid: msg.tid, bid: msg.bid, sn, method: msg.method }, work);

  return (lanes, topic, payload) => {
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
  };
}
