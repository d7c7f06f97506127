import { readdirSync } from 'node:fs';
import { type Migration, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { LEGACY_MIGRATION_NAMES } from '../src/db/migrations/legacy-names.ts';
import { insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

const names = Object.keys(migrations);
const sequence = (name: string) => Number(name.slice(0, 6));

describe('migration names', () => {
  it('are NNNNNN_what, listed in strictly ascending sequence, one per file', () => {
    for (const name of names) expect(name).toMatch(/^\d{6}_[a-z0-9_]+$/);
    for (let i = 1; i < names.length; i++) {
      expect(sequence(names[i] as string), names[i]).toBeGreaterThan(sequence(names[i - 1] as string));
    }
    // Kysely runs them in text order: it must be the same as the listed (number) order.
    expect([...names].sort()).toEqual(names);
    const files = readdirSync(new URL('../src/db/migrations/', import.meta.url))
      .filter((f) => /^\d/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(names);
  });

  it('every dated name of the past maps to a migration of today', () => {
    for (const name of Object.keys(LEGACY_MIGRATION_NAMES)) expect(names).toContain(name);
  });
});

/** The migrator as it was before sequence names: the same migrations under their dated names. */
function legacyMigrator(db: Awaited<ReturnType<typeof openTestDb>>): Migrator {
  const byLegacyName: Record<string, Migration> = {};
  for (const [name, old] of Object.entries(LEGACY_MIGRATION_NAMES)) {
    byLegacyName[old] = migrations[name] as Migration;
  }
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => byLegacyName },
    allowUnorderedMigrations: true,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

async function recorded(db: Awaited<ReturnType<typeof openTestDb>>) {
  const table = sql.table(db.schema ? `${db.schema}.kysely_migration` : 'kysely_migration');
  const { rows } = await sql<{
    name: string;
    timestamp: string;
  }>`select name, timestamp from ${table}`.execute(db.kysely);
  return new Map(rows.map((r) => [r.name, String(r.timestamp)]));
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a database migrated under the dated names`, () => {
    it('upgrades: the names are renamed, nothing runs twice, the newer migrations run, data stays', async () => {
      const db = await openTestDb(dialect);
      try {
        // As an older release left it: migrated up to 000034 under the dated names, which ran
        // 000030 and 000031 before 000024 (their dates sorted them so).
        const before = await legacyMigrator(db).migrateTo('2026_11_29_000034_email_verified');
        expect(before.error).toBeUndefined();
        const legacyRows = await recorded(db);
        expect(legacyRows.has('2026_11_27_000024_api_credentials_exchanges')).toBe(true);
        expect(legacyRows.has('2026_11_29_000036_auth_attempts')).toBe(false);
        const userId = await insertUser(db.kysely);

        await migrateToLatest(db);

        const after = await recorded(db);
        expect([...after.keys()].sort()).toEqual(names);
        // Migrations that had run keep their original run time: renamed, not run again.
        for (const [name, old] of Object.entries(LEGACY_MIGRATION_NAMES)) {
          if (legacyRows.has(old)) expect(after.get(name), name).toBe(legacyRows.get(old));
        }
        // The ones the old release had not run did run (auth_attempts is 000036's table).
        await db.kysely.selectFrom('auth_attempts').selectAll().execute();
        const user = await db.kysely.selectFrom('users').select('id').where('id', '=', userId).execute();
        expect(user).toHaveLength(1);

        // A second start finds nothing to do.
        await migrateToLatest(db);
        expect(await recorded(db)).toEqual(after);
      } finally {
        await db.dispose();
      }
    });

    it('upgrades a fully migrated database without running anything', async () => {
      const db = await openTestDb(dialect);
      try {
        expect((await legacyMigrator(db).migrateToLatest()).error).toBeUndefined();
        const legacyRows = await recorded(db);
        expect(legacyRows.size).toBe(Object.keys(LEGACY_MIGRATION_NAMES).length);
        await migrateToLatest(db);
        const after = await recorded(db);
        expect([...after.keys()].sort()).toEqual(names);
        for (const [name, old] of Object.entries(LEGACY_MIGRATION_NAMES)) {
          expect(after.get(name), name).toBe(legacyRows.get(old));
        }
      } finally {
        await db.dispose();
      }
    });
  });
}
