import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb, POSTGRES_URL } from './support/dialects.ts';

// PostgreSQL only: SQLite has one schema per file.
describe.runIf(DIALECTS.includes('postgres'))('postgres: introspection sees its own schema only', () => {
  it('lists its own tables, not another schema’s kysely_migration, while other schemas come and go', async () => {
    const db = await openTestDb('postgres');
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    const foreign = `${db.schema}_other`;
    let churn = true;
    let churner: Promise<void> = Promise.resolve();
    try {
      await sql`create table own_table (id integer)`.execute(db.kysely);
      await other.query(`create schema ${foreign}`);
      await other.query(`create table ${foreign}.kysely_migration (name text)`);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((t) => [t.schema, t.name])).toEqual([[db.schema, 'own_table']]);

      // Kysely's own introspection failed when a schema was dropped during its query (CI).
      churner = (async () => {
        for (let i = 0; churn; i++) {
          await other.query(`create schema ${foreign}_${i}`);
          await other.query(`drop schema ${foreign}_${i}`);
        }
      })();
      for (let i = 0; i < 40; i++) expect((await db.kysely.introspection.getTables()).length).toBe(1);
    } finally {
      churn = false;
      await churner.catch(() => {});
      await other.query(`drop schema if exists ${foreign} cascade`);
      await other.end();
      await db.dispose();
    }
  });
});
