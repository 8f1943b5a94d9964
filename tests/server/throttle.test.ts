import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { LoginThrottle } from '../../server/auth/loginThrottle.ts';
import type { ThrottleOptions } from '../../server/auth/loginThrottle.ts';
import type { Db } from '../../server/db/Db.ts';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer, testConfig } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

// 4 failures per account and address lock it; 8 per account from anywhere; 12 per address.
const OPTIONS: ThrottleOptions = {
  freeFailures: 2,
  lockFailures: 4,
  delayStepMs: 1,
  windowMs: 60_000,
  accountScale: 2,
  addressScale: 3,
};

/** The same database for a second instance; closing that instance leaves it open for the first. */
const shared = (db: Db): Db => ({
  kind: db.kind,
  query: (sql, params) => db.query(sql, params),
  exec: (sql) => db.exec(sql),
  tx: (work) => db.tx(work),
  close: () => Promise.resolve(),
});

describe.each(backends)('sign-in throttling on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // One proxy hop in front: each test speaks from the addresses it names in X-Forwarded-For.
    server = await startServer(backend, { throttle: OPTIONS, config: { trustProxy: 1 } });
  });
  afterAll(() => server.close());

  const attempt = (username: string, password: string, from: string) =>
    server.call('POST', '/api/login', {
      body: { username, password },
      headers: { 'x-forwarded-for': from },
    });

  it('refuses an account from an address with 429 after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 4; i++)
      expect((await attempt('viewer', 'wrong-one', '198.51.100.1')).status).toBe(401);
    const locked = await attempt('viewer', PASSWORD, '198.51.100.1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(100);
    expect(locked.body.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not lock other accounts signing in from that address (one office behind a NAT)', async () => {
    expect((await attempt('operator', PASSWORD, '198.51.100.1')).status).toBe(200);
    // The locked account itself still signs in from another address.
    expect((await attempt('viewer', PASSWORD, '198.51.100.2')).status).toBe(200);
  });

  it('locks an account guessed at from many addresses', async () => {
    for (let i = 0; i < 8; i++)
      expect((await attempt('admin', 'wrong-one', `203.0.113.${i + 1}`)).status).toBe(401);
    expect((await attempt('admin', PASSWORD, '203.0.113.200')).status).toBe(429);
  });

  it('refuses an address spraying many accounts, at a softer limit', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < 12; i++)
      expect((await attempt(`ghost${i}`, 'wrong-one', from)).status).toBe(401);
    expect((await attempt('operator', PASSWORD, from)).status).toBe(429);
  });

  it('keeps the counts in the database: a second instance (or a restart) sees the lock', async () => {
    for (let i = 0; i < 4; i++) await attempt('operator', 'wrong-one', '198.51.100.9');
    let second: SkydeckHandle | undefined;
    try {
      second = await createSkydeck(testConfig({ trustProxy: 1 }), {
        db: shared(server.handle.db),
        inMemory: true,
        throttle: new LoginThrottle(OPTIONS),
        distDir: '/nonexistent-skydeck-dist',
      });
      const answer = await fetch(new URL('/api/login', second.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
        body: JSON.stringify({ username: 'operator', password: PASSWORD }),
      });
      expect(answer.status).toBe(429);
    } finally {
      await second?.close();
    }
  });

  it('records throttled attempts in the audit log, with the address behind the proxy', async () => {
    const rows = await server.handle.db.query<{ ip: string }>(
      `select ip from audit_logs where action = 'login' and detail = 'throttled'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => r.ip)).toContain('198.51.100.1');
  });
});
