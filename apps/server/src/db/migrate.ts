import { type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';
import { LEGACY_MIGRATION_NAMES } from './migrations/legacy-names.ts';

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
    // Pending migrations run in sequence-number order. Databases migrated under the dated
    // names ran 000030 and 000031 before 000024 (their dates sorted them so): their recorded
    // history is out of number order, and Kysely's strict check would refuse it.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

async function migrationTableExists(db: Db, schema: string | undefined): Promise<boolean> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql`select 1 from information_schema.tables
          where table_schema = ${schema ?? 'public'} and table_name = 'kysely_migration'`.execute(db.kysely)
      : await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(
          db.kysely,
        );
  return rows.length > 0;
}

/**
 * A database migrated before migrations were named by sequence number alone recorded the dated
 * names (legacy-names.ts): rename them in place, so Kysely sees those migrations as done and
 * runs only what is new. Idempotent, so processes starting together may all run it.
 */
async function renameLegacyMigrations(db: Db, schema: string | undefined): Promise<void> {
  if (!(await migrationTableExists(db, schema))) return;
  const table = sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration');
  const legacy = Object.entries(LEGACY_MIGRATION_NAMES);
  const olds = legacy.map(([, old]) => old);
  const { rows } = await sql`select name from ${table} where name in (${sql.join(olds)})`.execute(db.kysely);
  if (rows.length === 0) return;
  await db.kysely.transaction().execute(async (trx) => {
    for (const [name, old] of legacy)
      await sql`update ${table} set name = ${name} where name = ${old}`.execute(trx);
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
  await renameLegacyMigrations(db, await bookkeepingSchema(db));
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
