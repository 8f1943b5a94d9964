import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Db } from './Db.ts';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner, pg: PGlite): Db {
  return {
    kind: 'pglite',
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const result = await runner.query<Row>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(sql) {
      await runner.exec(sql);
    },
    // PGlite has one connection; a nested transaction simply joins the outer one.
    tx:
      runner === pg
        ? (work) => pg.transaction((tx) => work(wrap(tx, pg)))
        : (work) => work(wrap(runner, pg)),
    close: () => pg.close(),
  };
}

/**
 * Opens PGlite on disk under `dataDir`, or in memory when `dataDir` is undefined (tests). `from` is a
 * data directory dumped by {@link dumpPglite} to start from instead of an empty cluster: loading one
 * skips PGlite's initdb, which is most of what opening costs.
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? 'memory://', from ? { loadDataDir: from } : {});
  return wrap(pg, pg);
}

/** An in-memory PGlite prepared by `prepare`, dumped as a data directory for {@link openPglite}. */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = await PGlite.create('memory://');
  try {
    await prepare(wrap(pg, pg));
    // Uncompressed: loading it is what every test database pays, and gunzip would be most of that.
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
