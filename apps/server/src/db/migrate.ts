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
 * Kysely's check for its bookkeeping tables lists the tables of every schema in the database;
 * when another tenant of a shared PostgreSQL drops its schema at that moment, the check fails
 * with "schema … does not exist" although nothing of ours is wrong. Such a race is retried.
 */
function droppedElsewhere(db: Db, result: MigrationResultSet): boolean {
  const match = /schema "([^"]+)" does not exist/.exec(String(result.error ?? ''));
  return match !== null && match[1] !== db.schema && !result.results?.length;
}

export async function migrateToLatest(db: Db): Promise<void> {
  let result = await (await migrator(db)).migrateToLatest();
  for (let attempt = 1; attempt < 5 && droppedElsewhere(db, result); attempt++) {
    result = await (await migrator(db)).migrateToLatest();
  }
  check(result);
}

export async function migrateDown(db: Db): Promise<void> {
  check(await (await migrator(db)).migrateDown());
}
