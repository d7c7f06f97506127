import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, type DialectName, openDatabase } from '../../src/db/database.ts';

/**
 * Every repository and API test runs on both dialects (Kysely's DIALECTS pattern).
 * TEST_DIALECTS=sqlite narrows the run; PostgreSQL comes from TEST_DATABASE_URL or
 * DATABASE_URL, else the local server the machines provide.
 */
export const DIALECTS: DialectName[] = (process.env.TEST_DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is DialectName => d === 'sqlite' || d === 'postgres');

export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ??
  (process.env.DATABASE_URL?.startsWith('postgres')
    ? process.env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/test');

/** A fresh, empty database: in-memory SQLite, or a new schema of its own on PostgreSQL. */
export async function openTestDb(dialect: DialectName): Promise<Db & { dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const db = openDatabase('sqlite::memory:');
    return { ...db, dispose: () => db.close() };
  }
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase(POSTGRES_URL, { schema });
  return {
    ...db,
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
      await cleanup.end();
    },
  };
}
