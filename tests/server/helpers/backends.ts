import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../../server/db/Db.ts';
import { openPglite } from '../../../server/db/pgliteDb.ts';
import { openPostgres } from '../../../server/db/postgresDb.ts';
import { pgliteTemplate } from './pgliteTemplate.ts';

/** A database back end the server suites run against. */
export interface Backend {
  name: 'pglite' | 'postgres';
  /** Opens a fresh database (PGlite's is already migrated); `dispose` removes it after it is closed. */
  open(): Promise<{ db: Db; url?: string; dispose(): Promise<void> }>;
}

const pgliteMemory: Backend = {
  name: 'pglite',
  open: async () => ({
    db: await openPglite(undefined, await pgliteTemplate()),
    dispose: () => Promise.resolve(),
  }),
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL back end making one `skydeck_t_<random>` database per `open`, dropped by `dispose`. */
function postgres(baseUrl: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const name = `skydeck_t_${randomBytes(6).toString('hex')}`;
      await admin(baseUrl, (c) => c.query(`create database ${name}`));
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const db = await openPostgres(url.toString());
      return {
        db,
        url: url.toString(),
        dispose: async () => {
          await admin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
        },
      };
    },
  };
}

/** PGlite in memory always; PostgreSQL too when `TEST_DATABASE_URL` is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL
  ? [pgliteMemory, postgres(process.env.TEST_DATABASE_URL)]
  : [pgliteMemory];
