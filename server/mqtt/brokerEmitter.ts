/**
 * The message emitter under the embedded Aedes. Aedes delivers at most `concurrency` messages at
 * once and queues the rest inside mqemitter in two plain arrays drained with `shift()`. Under a burst
 * that queue reaches tens of thousands of entries, where `shift()` copies the array on every call:
 * profiled at 1 000 aircraft × 10 Hz on a loaded machine, that drain alone took a quarter of the
 * server's CPU and fed its own backlog. The same emitter with constant-time queues keeps a backlog
 * a cost per message instead.
 */
import mqemitter from 'mqemitter';
import { Fifo } from './fifo.ts';

type Dispatch = (this: unknown, message: unknown, callback: unknown) => unknown;

/** The parts of mqemitter 7 this module replaces (checked at start: an upgrade must not go unseen). */
interface EmitterInternals {
  _messageQueue: unknown;
  _messageCallbacks: unknown;
  _do: Dispatch;
}

/**
 * An mqemitter for Aedes' `mq` option with O(1) queues, whose deliveries never nest.
 *
 * mqemitter starts the next queued message from inside the completion of the previous one. When the
 * listeners complete at once (a socket write with room, the in-process ingestion), each queued
 * message adds a few frames to the stack: a backlog of thousands, left by one console that waited
 * for 'drain', then overflowed it and killed the process — a bare Aedes died that way in the server
 * benchmark at 2 000 aircraft. A delivery asked for while another is running now waits in a list
 * that the running one empties before it returns: the same order, a flat stack.
 */
export function createBrokerEmitter(concurrency: number): mqemitter.MQEmitter {
  const emitter = mqemitter({ concurrency });
  const internals = emitter as unknown as EmitterInternals;
  if (
    !Array.isArray(internals._messageQueue) ||
    !Array.isArray(internals._messageCallbacks) ||
    typeof internals._do !== 'function'
  )
    throw new Error('mqemitter changed its internals: review server/mqtt/brokerEmitter.ts');
  internals._messageQueue = new Fifo<unknown>();
  internals._messageCallbacks = new Fifo<unknown>();
  const dispatch = internals._do;
  const waiting = new Fifo<[message: unknown, callback: unknown]>();
  let dispatching = false;
  const flatDispatch: Dispatch = function (this: unknown, message, callback) {
    if (dispatching) {
      waiting.push([message, callback]);
      return this;
    }
    dispatching = true;
    try {
      dispatch.call(this, message, callback);
      for (let next = waiting.shift(); next !== undefined; next = waiting.shift())
        dispatch.call(this, next[0], next[1]);
    } finally {
      dispatching = false;
      // Only after a listener threw: what waits still gets delivered, on the next turn.
      if (waiting.length > 0)
        setImmediate(() => {
          const next = waiting.shift();
          if (next !== undefined) flatDispatch.call(emitter, next[0], next[1]);
        });
    }
    return this;
  };
  internals._do = flatDispatch;
  return emitter;
}
