/**
 * The requests a simulated dock makes of the cloud on `requests`, and its wait for each answer on
 * `requests_reply`. A request nobody answers in time resolves with null, as a dock gives up on it.
 */
import { randomUUID } from 'node:crypto';
import { thingTopic } from '../../protocol/mqtt/topics.ts';

const REQUEST_TIMEOUT_MS = 15_000;

export interface DockRequestsDeps {
  dockSn: string;
  now: () => number;
  publish: (topic: string, payload: string) => void;
}

/** The requests of one simulated dock module, each matched to its reply by `tid`. */
export function dockRequests(deps: DockRequestsDeps) {
  const waiting = new Map<string, (data: unknown) => void>();

  /** Sends one request; resolves with the reply's data, or null on timeout. */
  function ask(method: string, data: Record<string, unknown>): Promise<unknown> {
    const tid = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(tid);
        resolve(null);
      }, REQUEST_TIMEOUT_MS);
      waiting.set(tid, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      const body = {
        tid,
        bid: randomUUID(),
        gateway: deps.dockSn,
        method,
        data,
        timestamp: deps.now(),
      };
      deps.publish(thingTopic(deps.dockSn, 'requests'), JSON.stringify(body));
    });
  }

  /** Hands a reply's data to the request waiting on its `tid`, if one still waits. */
  function answer(tid: string, data: unknown): void {
    waiting.get(tid)?.(data);
    waiting.delete(tid);
  }

  return { ask, answer };
}
