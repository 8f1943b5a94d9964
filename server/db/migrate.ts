import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any fixed number: it only has to be the same in every Skydeck process sharing a database. */
const MIGRATION_LOCK_KEY = 731_402;

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in file-name order, all in one
 * transaction. Running it twice, or from two processes at once, applies each file once.
 * Returns the versions it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  return db.tx(async (tx) => {
    if (tx.kind === 'postgres')
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}
