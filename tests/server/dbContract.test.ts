/**
 * The `Db` contract every back end keeps: PGlite in-process, PGlite on its own thread (what
 * `npm start` uses) and PostgreSQL when TEST_DATABASE_URL is set. The server above this interface
 * never knows which one it talks to, so each must answer alike.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import { openPgliteThread } from '../../server/db/pgliteThreadDb.ts';
import { backends } from './helpers/backends.ts';
import type { Backend } from './helpers/backends.ts';

const pgliteThread: Backend = {
  name: 'pglite',
  open: async () => ({ db: await openPgliteThread(undefined), dispose: () => Promise.resolve() }),
};

const cases: [string, Backend][] = [
  ...backends.map((b): [string, Backend] => [b.name, b]),
  ['pglite on its own thread', pgliteThread],
];

describe.each(cases)('Db contract: %s', (_name, backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    db = opened.db;
    dispose = () => opened.dispose();
    await db.exec(
      'create table t (id serial primary key, name text unique not null, at timestamptz); create table u (n int)',
    );
  });
  afterAll(async () => {
    await db.close();
    await dispose();
  });

  it('answers parameterised statements with typed values', async () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    await db.query('insert into t (name, at) values ($1, $2)', ['a', at]);
    const rows = await db.query<{ id: number; name: string; at: Date }>(
      'select id, name, at from t where name = $1',
      ['a'],
    );
    expect(rows).toEqual([{ id: 1, name: 'a', at }]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await db.tx(async (tx) => {
      await tx.query('insert into u (n) values (1)');
      // A nested transaction joins the outer one.
      await tx.tx((inner) => inner.query('insert into u (n) values (2)'));
    });
    await expect(
      db.tx(async (tx) => {
        await tx.query('insert into u (n) values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.query<{ n: number }>('select n from u order by n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('reports a unique violation with its SQLSTATE code', async () => {
    const error = await db.query("insert into t (name) values ('a')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe('23505');
    // The connection is still good afterwards.
    expect(await db.query("select count(*)::int as n from t where name = 'a'")).toEqual([{ n: 1 }]);
  });

  it('keeps work outside a transaction out of it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const inside = db.tx(async (tx) => {
      await tx.query('insert into u (n) values (10)');
      await gate;
      throw new Error('roll back');
    });
    // Issued while the transaction is open: it must not be rolled back with it.
    const outside = db.query('insert into u (n) values (11)');
    release();
    await expect(inside).rejects.toThrow('roll back');
    await outside;
    const rows = await db.query<{ n: number }>('select n from u where n >= 10 order by n');
    expect(rows.map((r) => r.n)).toEqual([11]);
  });
});

describe('PGlite on its own thread', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skydeck-db-thread-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps what it stored on disk across a reopen', async () => {
    const first = await openPgliteThread(join(dir, 'db'));
    await first.exec("create table k (v text); insert into k values ('kept')");
    await first.close();
    const second = await openPgliteThread(join(dir, 'db'));
    expect(await second.query('select v from k')).toEqual([{ v: 'kept' }]);
    await second.close();
  });

  it('refuses to open a folder it cannot write', async () => {
    await expect(openPgliteThread('/proc/skydeck-not-writable/db')).rejects.toThrow();
  });
});
