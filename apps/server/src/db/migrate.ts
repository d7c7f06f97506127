import { type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Feature branches land their (independent) migrations out of number order; a data
    // directory that already ran a later one must still take an earlier newcomer.
    allowUnorderedMigrations: true,
    // With a schema of its own (tests), the bookkeeping tables must live there too: Kysely's
    // existence check otherwise sees another schema's lock table and skips creating ours.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const name = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Migration failed${name}: ${String(result.error)}`);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  check(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Db): Promise<void> {
  check(await migrator(db).migrateDown());
}
