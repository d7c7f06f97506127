import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/**
 * Issue 5 (list at a million rows): indexes for the stats, visibility and source counts.
 *
 * - transactions_user_stats_idx: the stats and visibility counts group the user's rows by the
 *   columns their conditions read; with every such column in the index the pass is index-only
 *   (and on SQLite already in group order).
 * - transactions_user_source_idx: per account and per file counts (the exchanges options).
 * (SQLite's quantity sorts need no index here: they walk the 000006 amount indexes once the
 * query spells `CAST(... AS REAL)` as those indexes do.)
 */
export async function up(db: MigrationDb): Promise<void> {
  const grouped = 'user_id, kind, user_defined_type, subtype, label, sent_asset, received_asset, ignored';
  if (isPostgres(db)) {
    await sql`CREATE INDEX transactions_user_stats_idx ON transactions (${sql.raw(grouped)}) INCLUDE (id, gt_id, fiat_value)`.execute(
      db,
    );
  } else {
    await sql`CREATE INDEX transactions_user_stats_idx ON transactions (${sql.raw(grouped)}, gt_id, fiat_value)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('transactions_user_source_idx')
    .on('transactions')
    .columns(['user_id', 'import_history_id', 'import_file_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('transactions_user_source_idx').execute();
  await db.schema.dropIndex('transactions_user_stats_idx').execute();
}
