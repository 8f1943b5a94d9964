/**
 * The one database interface of the server. Two back ends implement it: PGlite (embedded Postgres in
 * WASM, the default) and a `pg` pool (a real PostgreSQL). Everything above this file writes plain,
 * parameterised PostgreSQL and never knows which one it talks to.
 *
 * Conventions every query follows so both back ends return the same JavaScript values:
 * - ids are `integer` (serial), never `bigint`: `pg` returns int8 as a string;
 * - counts are cast, `count(*)::int`;
 * - times are `timestamptz` and come back as `Date`.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Runs one parameterised statement and returns its rows. */
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; a thrown error rolls everything back. */
  tx<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A connection pool's connections now (PostgreSQL; PGlite has one connection, in-process). */
  pool?(): PoolStats;
}

export interface PoolStats {
  /** Open connections, idle or lent. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** First row or undefined. */
export async function queryOne<Row extends object>(
  db: Db,
  sql: string,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params);
  return rows[0];
}
