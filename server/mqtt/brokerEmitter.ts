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

/** The parts of mqemitter 7 this module replaces (checked at start: an upgrade must not go unseen). */
interface EmitterQueues {
  _messageQueue: unknown;
  _messageCallbacks: unknown;
}

/** An mqemitter for Aedes' `mq` option with O(1) queues. */
export function createBrokerEmitter(concurrency: number): mqemitter.MQEmitter {
  const emitter = mqemitter({ concurrency });
  const queues = emitter as unknown as EmitterQueues;
  if (!Array.isArray(queues._messageQueue) || !Array.isArray(queues._messageCallbacks))
    throw new Error('mqemitter changed its internal queues: review server/mqtt/brokerEmitter.ts');
  queues._messageQueue = new Fifo<unknown>();
  queues._messageCallbacks = new Fifo<unknown>();
  return emitter;
}
