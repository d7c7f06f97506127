import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ANALYZE_AFTER_ROWS, ImportStore } from '../src/modules/imports/import-store.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

/**
 * After a large import PostgreSQL's statistics of transactions are refreshed at once (the
 * import's end calls refreshStatistics with the rows it added); small imports leave it to
 * autovacuum, and SQLite has nothing to refresh.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: statistics after a large import`, () => {
    let db: Db & { dispose(): Promise<void> };

    beforeEach(async () => {
      db = await openTestDb(dialect);
      await migrateToLatest(db);
    });
    afterEach(() => db.dispose());

    const lastAnalyze = async () => {
      const { rows } = await sql<{ last_analyze: Date | null }>`select last_analyze from pg_stat_user_tables
        where schemaname = current_schema() and relname = 'transactions'`.execute(db.kysely);
      return rows[0]?.last_analyze ?? null;
    };

    it('analyzes transactions from ANALYZE_AFTER_ROWS rows added, not below', async () => {
      const store = new ImportStore(db.kysely, db.sqlite);
      if (dialect === 'sqlite') {
        // Nothing is sent to SQLite (an ANALYZE there would make sqlite_stat1).
        await store.refreshStatistics(ANALYZE_AFTER_ROWS);
        const stat = await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db.kysely);
        expect(Number(stat.rows[0]!.n)).toBe(0);
        return;
      }
      await store.refreshStatistics(ANALYZE_AFTER_ROWS - 1);
      expect(await lastAnalyze()).toBeNull();
      await store.refreshStatistics(ANALYZE_AFTER_ROWS);
      expect(await lastAnalyze()).not.toBeNull();
    });
  });
}
