import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('sign-in throttling on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, {
      throttle: { freeFailures: 2, lockFailures: 4, delayStepMs: 1, windowMs: 60_000 },
    });
  });
  afterAll(() => server.close());

  const attempt = (username: string, password: string) =>
    server.call('POST', '/api/login', { body: { username, password } });

  it('refuses a username with 429 after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('viewer', 'wrong-one')).status).toBe(401);
    const locked = await attempt('viewer', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(100);
    expect(locked.body.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts per address too: spraying other names from the same address is refused', async () => {
    // Four failures above already came from this address, so every name is now refused.
    const other = await attempt('operator', 'wrong-one');
    expect(other.status).toBe(429);
  });

  it('records throttled attempts in the audit log', async () => {
    const rows = await server.handle.db.query<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'login' and detail = 'throttled'`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
  });
});
