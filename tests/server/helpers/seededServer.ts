import { afterAll, beforeAll } from 'vitest';
import type { Seeded } from './accounts.ts';
import { seeded } from './accounts.ts';
import type { Backend } from './backends.ts';
import type { TestServer } from './testServer.ts';
import { startServer } from './testServer.ts';

/** A suite's server and its signed-in demo accounts, filled in by the suite's `beforeAll`. */
export interface SeededServer {
  server: TestServer;
  s: Seeded;
}

/**
 * Starts one server on `backend` for the enclosing suite, signs in the demo accounts, and closes it
 * after the suite. The fields are set once `beforeAll` ran: read them inside hooks and tests only.
 */
export function useSeededServer(
  backend: Backend,
  options?: Parameters<typeof startServer>[1],
): SeededServer {
  const suite = {} as SeededServer;
  beforeAll(async () => {
    suite.server = await startServer(backend, options);
    suite.s = await seeded(suite.server);
  });
  afterAll(() => (suite.server as TestServer | undefined)?.close());
  return suite;
}
