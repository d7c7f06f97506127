import { type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/**
 * Where the bookkeeping tables live: the schema in use. Named explicitly on PostgreSQL, because
 * Kysely's existence check looks in every schema and would otherwise take another schema's lock
 * table (a DATABASE_URL with its own search_path, several tenants in one database) for ours.
 */
async function bookkeepingSchema(db: Db): Promise<string | undefined> {
  if (db.schema || db.dialect !== 'postgres') return db.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema;
}

async function migrator(db: Db): Promise<Migrator> {
  const schema = await bookkeepingSchema(db);
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Feature branches land their (independent) migrations out of number order; a data
    // directory that already ran a later one must still take an earlier newcomer.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const name = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Migration failed${name}: ${String(result.error)}`);
  }
}

/**
 * Before running anything, Kysely's check for its bookkeeping tables introspects every table
 * of every schema in the database (PostgreSQL); when another tenant of a shared database
 * changes its own tables or drops its schema at that moment, the check fails ("schema … does
 * not exist", "column … does not exist") although nothing of ours is wrong. A failure before
 * any migration ran is retried.
 */
function failedBeforeRunning(result: MigrationResultSet): boolean {
  return (
    /does not exist/.test(String(result.error ?? '')) &&
    !result.results?.some((r) => r.status !== 'NotExecuted')
  );
}

async function run(db: Db, step: (m: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  let result = await step(await migrator(db));
  for (let attempt = 1; attempt < 5 && failedBeforeRunning(result); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    result = await step(await migrator(db));
  }
  check(result);
}

export async function migrateToLatest(db: Db): Promise<void> {
  await run(db, (m) => m.migrateToLatest());
}

export async function migrateDown(db: Db): Promise<void> {
  await run(db, (m) => m.migrateDown());
}
