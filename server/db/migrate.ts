import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any fixed number: it only has to be the same in every Skydeck process sharing a database. */
const MIGRATION_LOCK_KEY = 731_402;

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
}

/**
 * Migrations this code has that the database has not recorded: empty when the schema is current.
 * Readiness asks it, so an instance pointed at a database restored from an older backup, or
 * migrated by older code, says so instead of serving queries against a schema it does not expect.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map(
      (r) => r.version,
    ),
  );
  return (await migrationFiles())
    .map((file) => file.replace(/\.sql$/, ''))
    .filter((version) => !done.has(version));
}

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in file-name order, all in one
 * transaction. Running it twice, or from two processes at once, applies each file once.
 * Returns the versions it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
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
