import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/auth/loginThrottle.ts';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { backends } from './helpers/backends.ts';

describe.each(backends)('the password-failure counter on $name', (backend) => {
  let opened: { db: Db; dispose(): Promise<void> };
  let db: Db;
  const throttle = new LoginThrottle({
    freeFailures: 2,
    lockFailures: 4,
    delayStepMs: 100,
    windowMs: 60_000,
  });
  beforeAll(async () => {
    opened = await backend.open();
    db = opened.db;
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await opened.dispose();
  });

  it('lets the free failures through, then delays each attempt more, then locks', async () => {
    const subject = { kind: 'ownPassword', userId: 7 } as const;
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await throttle.attempt(db, subject));
    expect(verdicts.slice(0, 4)).toEqual([
      { kind: 'go', delayMs: 0 },
      { kind: 'go', delayMs: 0 },
      { kind: 'go', delayMs: 100 },
      { kind: 'go', delayMs: 200 },
    ]);
    expect(verdicts[4]).toMatchObject({ kind: 'locked' });
    // Another user's count is their own.
    expect(await throttle.attempt(db, { kind: 'ownPassword', userId: 8 })).toEqual({
      kind: 'go',
      delayMs: 0,
    });
  });

  it('gives a correct password back its attempt and clears the account, not the address', async () => {
    const subject = { kind: 'signIn', username: 'Alice', address: '192.0.2.1' } as const;
    for (let i = 0; i < 3; i++) await throttle.attempt(db, subject);
    await throttle.attempt(db, subject);
    await throttle.succeed(db, subject);
    const counts = await db.query<{ key: string; failures: number }>(
      'select key, failures from login_failures where key like $1 or key like $2 order by key',
      ['%alice%', 'ip:192.0.2.1'],
    );
    expect(counts).toEqual([{ key: 'ip:192.0.2.1', failures: 3 }]);
  });
});
