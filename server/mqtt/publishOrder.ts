/**
 * Publishes of one connection are decided one after another in the order they arrived: Aedes hands
 * a whole socket read to the hooks at once, and a gateway's `osd` for a new aircraft must be judged
 * after the `update_topo` that announced it, never before.
 */
import type { Client } from 'aedes';

export interface PublishOrder {
  /** Runs `task` after every earlier publish decision of `client`. */
  inOrder<T>(client: Client, task: () => Promise<T>): Promise<T>;
  /** Whether publish decisions of `client` are still under way (a cached answer waits for them). */
  deciding(client: Client): boolean;
}

/** Creates the per-connection queues of publish decisions. */
export function createPublishOrder(): PublishOrder {
  const chains = new WeakMap<Client, Promise<unknown>>();
  /** Publish decisions of a connection still under way; the cached answer waits for them. */
  const pending = new WeakMap<Client, number>();
  return {
    inOrder(client, task) {
      pending.set(client, (pending.get(client) ?? 0) + 1);
      const next = (chains.get(client) ?? Promise.resolve()).then(task, task);
      const settled = next.then(
        () => undefined,
        () => undefined,
      );
      chains.set(client, settled);
      void settled.then(() => {
        const left = (pending.get(client) ?? 1) - 1;
        if (left > 0) pending.set(client, left);
        else {
          pending.delete(client);
          chains.delete(client);
        }
      });
      return next;
    },
    deciding: (client) => pending.has(client),
  };
}
