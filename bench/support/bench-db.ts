import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/database.ts';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh, empty database for one bench run: a SQLite file in a temporary folder, or a
 * schema of its own on PostgreSQL; `drop` closes it and removes the schema.
 */
export async function openBenchDb(
  dialect: string,
  name: string,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = await mkdtemp(path.join(tmpdir(), `lotwise-bench-${name}-`));
    const db = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
    return { db, drop: () => db.close() };
  }
  const schema = `bench_${name}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase(PG_URL, { schema });
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
