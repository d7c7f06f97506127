import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/**
 * Indexes for the transactions list (spec 02 §7): the default "valid rows by date" page and
 * its count, numeric quantity sorts, and the per-kind counts of the overview boxes.
 * (user_id, timestamp, id) already exists (migration 000003).
 */
export async function up(db: MigrationDb): Promise<void> {
  // gt_id rides along so the list's count (groups show once) never touches the table.
  if (isPostgres(db)) {
    await sql`CREATE INDEX transactions_user_ignored_time_idx ON transactions (user_id, ignored, timestamp, id) INCLUDE (gt_id)`.execute(
      db,
    );
  } else {
    await sql`CREATE INDEX transactions_user_ignored_time_idx ON transactions (user_id, ignored, timestamp, id, gt_id)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('transactions_user_kind_idx')
    .on('transactions')
    .columns(['user_id', 'kind', 'ignored'])
    .execute();
  if (isPostgres(db)) {
    // NULLS FIRST ascending, so a backward scan gives "desc, empty quantities last" as on SQLite.
    await sql`CREATE INDEX transactions_user_sent_qty_idx ON transactions (user_id, sent_amount NULLS FIRST, id)`.execute(
      db,
    );
    await sql`CREATE INDEX transactions_user_received_qty_idx ON transactions (user_id, received_amount NULLS FIRST, id)`.execute(
      db,
    );
  } else {
    // Amounts are TEXT on SQLite: sort (only sort) by their numeric value.
    await sql`CREATE INDEX transactions_user_sent_qty_idx ON transactions (user_id, CAST(sent_amount AS REAL), id)`.execute(
      db,
    );
    await sql`CREATE INDEX transactions_user_received_qty_idx ON transactions (user_id, CAST(received_amount AS REAL), id)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('transactions_group_idx')
    .on('transactions')
    .columns(['gt_id'])
    .where(sql.ref('gt_id'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of [
    'transactions_group_idx',
    'transactions_user_received_qty_idx',
    'transactions_user_sent_qty_idx',
    'transactions_user_kind_idx',
    'transactions_user_ignored_time_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
