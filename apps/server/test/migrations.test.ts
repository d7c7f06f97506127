import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: migrations`, () => {
    it('migrate up, all the way down and up again', async () => {
      const db = await openTestDb(dialect);
      try {
        await migrateToLatest(db);
        // Only this suite's schema: Kysely's introspection reads every schema's tables, and failed
        // when another suite dropped its schema meanwhile ("schema … does not exist").
        const tables = async () =>
          (db.schema
            ? (
                await sql<{ name: string }>`select table_name as name from information_schema.tables
                  where table_schema = ${db.schema}`.execute(db.kysely)
              ).rows.map((r) => r.name)
            : (await db.kysely.introspection.getTables()).map((t) => t.name)
          ).filter((n) => !n.startsWith('kysely_'));
        expect(await tables()).toEqual(expect.arrayContaining(['users', 'sessions', 'password_resets']));
        for (let i = 0; i < Object.keys(migrations).length; i++) await migrateDown(db);
        expect(await tables()).toEqual([]);
        await migrateToLatest(db);
        expect((await tables()).length).toBeGreaterThan(0);
      } finally {
        await db.dispose();
      }
    });

    it('stores booleans so that both dialects read them back the same', async () => {
      const db = await openTestDb(dialect);
      try {
        await migrateToLatest(db);
        // onboarded: true is written as a flag; the other two flags take their defaults.
        await insertUser(db.kysely);
        const row = await db.kysely
          .selectFrom('users')
          .select(['onboarded', 'mfa_enabled', 'email_notifications'])
          .where('onboarded', '=', true)
          .executeTakeFirstOrThrow();
        expect([Boolean(row.onboarded), Boolean(row.mfa_enabled), Boolean(row.email_notifications)]).toEqual([
          true,
          false,
          true,
        ]);
        const count = await sql<{ n: number }>`select count(*) as n from users`.execute(db.kysely);
        expect(Number(count.rows[0]?.n)).toBe(1);
      } finally {
        await db.dispose();
      }
    });
  });
}
