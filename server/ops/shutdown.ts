/**
 * A stop on SIGTERM, in the order a load balancer and the devices need it: readiness turns false,
 * no new connection is accepted, the requests being answered finish, then the server closes its
 * services (batched writes flushed, broker and WebSockets told to go away) and its database. It
 * must end within a limit: an orchestrator kills a process that overstays its grace period, and an
 * exit we choose can at least say what it was still waiting for.
 */
import type { Server } from 'node:http';

/** One part of a stop; `name` is what the overrun message calls it while it runs. */
export interface StopStep {
  name: string;
  run: () => void | Promise<void>;
}

export type StopOutcome =
  { finished: true; elapsedMs: number } | { finished: false; elapsedMs: number; pending: string };

/** HTTP requests being answered right now, and the connections open (requests or not). */
export interface InFlight {
  readonly count: number;
  /** Open TCP connections to the HTTP server, WebSockets included: its close waits for them. */
  readonly connections: number;
  /** Resolves once no request is being answered. */
  idle(): Promise<void>;
}

/** Counts `server`'s requests from arrival until their response is sent or abandoned. */
export function trackInFlight(server: Server): InFlight {
  let count = 0;
  let connections = 0;
  const waiters: (() => void)[] = [];
  server.on('connection', (socket) => {
    connections++;
    socket.once('close', () => connections--);
  });
  server.on('request', (_req, res) => {
    count++;
    res.once('close', () => {
      count--;
      if (count > 0) return;
      for (const wake of waiters.splice(0)) wake();
    });
  });
  return {
    get count() {
      return count;
    },
    get connections() {
      return connections;
    },
    idle: () =>
      count === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push(resolve);
          }),
  };
}

/**
 * Runs `steps` one after another. Past `timeoutMs` it stops waiting and names the step still
 * running, with `detail()` (the inner parts running then) when there are any.
 */
export async function stopWithin(
  steps: readonly StopStep[],
  timeoutMs: number,
  detail: () => string[] = () => [],
): Promise<StopOutcome> {
  const started = Date.now();
  const elapsedMs = () => Date.now() - started;
  let current = 'starting';
  const run = async (): Promise<StopOutcome> => {
    for (const step of steps) {
      current = step.name;
      await step.run();
    }
    return { finished: true, elapsedMs: elapsedMs() };
  };
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<StopOutcome>((resolve) => {
    timer = setTimeout(() => {
      const inner = detail();
      const pending = inner.length > 0 ? `${current} (${inner.join(', ')})` : current;
      resolve({ finished: false, elapsedMs: elapsedMs(), pending });
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(), overrun]);
  } finally {
    clearTimeout(timer);
  }
}
