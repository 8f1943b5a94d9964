import pg from 'pg';
import type { Db } from './Db.ts';

type Queryable = pg.Pool | pg.PoolClient;

function wrap(runner: Queryable, pool: pg.Pool): Db {
  return {
    kind: 'postgres',
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const result = await runner.query<Row>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(sql) {
      await runner.query(sql);
    },
    async tx(work) {
      // Already inside a transaction: join it rather than nest.
      if (runner !== pool) return work(wrap(runner, pool));
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, pool));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Connects a pool to `url` and checks that the server answers before returning. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return wrap(pool, pool);
}
