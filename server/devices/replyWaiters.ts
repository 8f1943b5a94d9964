/**
 * The one `tid` correlator of the server: a call waits here for the `services_reply` with its `tid`,
 * or for its time-out, or for the gateway to close.
 */
import type { Fields } from '../mqtt/decode.ts';
import { NO_REPLY } from './DeviceGateway.ts';
import type { CallFailure, ServiceReply } from './DeviceGateway.ts';

/** One-shot timers, injected so tests move time by hand. */
export interface Timers {
  now(): number;
  /** Runs `task` once after `ms`; the returned function cancels it. */
  after(ms: number, task: () => void): () => void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    // A call left waiting must not keep a finished process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Waiter {
  sentAt: number;
  cancel: () => void;
  resolve: (reply: ServiceReply) => void;
}

export interface ReplyWaiters {
  /** Waits up to `timeoutMs` for the reply to `tid`. */
  wait(tid: string, timeoutMs: number): Promise<ServiceReply>;
  /** Resolves the call waiting for `tid`; false when none is (another instance's, or too late). */
  settle(tid: string, data: Fields): boolean;
  /** Ends every waiting call with `failure`. */
  failAll(failure: CallFailure): void;
  /** How many calls wait now. */
  size(): number;
}

/** Creates an empty correlator. */
export function replyWaiters(timers: Timers): ReplyWaiters {
  const waiting = new Map<string, Waiter>();

  const fail = (tid: string, failure: CallFailure) => {
    const waiter = waiting.get(tid);
    if (!waiter) return;
    waiting.delete(tid);
    waiter.cancel();
    waiter.resolve({ result: NO_REPLY, latencyMs: timers.now() - waiter.sentAt, tid, failure });
  };

  return {
    wait(tid, timeoutMs) {
      return new Promise<ServiceReply>((resolve) => {
        const cancel = timers.after(timeoutMs, () => fail(tid, 'timeout'));
        waiting.set(tid, { sentAt: timers.now(), cancel, resolve });
      });
    },
    settle(tid, data) {
      const waiter = waiting.get(tid);
      if (!waiter) return false;
      waiting.delete(tid);
      waiter.cancel();
      const output = data.output;
      waiter.resolve({
        result: typeof data.result === 'number' ? data.result : NO_REPLY,
        output: typeof output === 'object' && output !== null ? (output as Fields) : undefined,
        latencyMs: timers.now() - waiter.sentAt,
        tid,
      });
      return true;
    },
    failAll(failure) {
      for (const tid of [...waiting.keys()]) fail(tid, failure);
    },
    size: () => waiting.size,
  };
}
