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

/** Opens PGlite on disk under `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? 'memory://');
  return wrap(pg, pg);
}
