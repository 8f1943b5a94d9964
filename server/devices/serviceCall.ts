/**
 * A device service call: published on the gateway's `services` topic with a fresh `tid`, answered
 * by the `services_reply` carrying it (replyWaiters.ts), or by no reply when none comes in time.
 */
import { randomUUID } from 'node:crypto';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import type { Log } from '../runtime/log.ts';
import { withLogContext } from '../runtime/logContext.ts';
import { NO_REPLY } from './DeviceGateway.ts';
import type { DeviceGateway, ServiceReply } from './DeviceGateway.ts';
import type { GatewayState } from './gatewayState.ts';
import type { ReplyWaiters, Timers } from './replyWaiters.ts';

/** How long a service waits for its reply unless the caller says otherwise, ms. */
const DEFAULT_REPLY_TIMEOUT_MS = 15_000;

/** The gateway's `call`: sends a service on the open session and waits for its reply. */
export function serviceCall(
  state: GatewayState,
  waiters: ReplyWaiters,
  timers: Timers,
  log: Log,
  options: { replyTimeoutMs?: number },
): DeviceGateway['call'] {
  return async (gatewaySn, method, data, callOptions) => {
    const tid = randomUUID();
    const failed = (failure: 'offline' | 'closed'): ServiceReply => ({
      result: NO_REPLY,
      latencyMs: 0,
      tid,
      failure,
    });
    if (state.closed) return failed('closed');
    if (!state.session) return failed('offline');
    const bid = randomUUID();
    const timeoutMs = callOptions?.timeoutMs ?? options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS;
    const sent = state.session;
    // The call's ids join its caller's (a request's id, say): the lines about it name them all.
    return withLogContext({ tid, bid, sn: gatewaySn, method }, async () => {
      const reply = waiters.wait(tid, timeoutMs);
      const body = { tid, bid, timestamp: timers.now(), method, data };
      sent.publish(thingTopic(gatewaySn, 'services'), JSON.stringify(body), 1);
      const answer = await reply;
      if (answer.failure === 'timeout')
        log.warn(`device gateway: ${gatewaySn} did not answer ${method} within ${timeoutMs} ms`);
      return answer;
    });
  };
}
