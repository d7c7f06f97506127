import { boolDefault, boolType, decimalType, type MigrationDb } from './helpers.ts';

/**
 * Issue 6 (fixing data): what the edit dialog, the pair dialogs and grouping keep on a row,
 * and a JSON payload on the annotation history so those changes re-apply after a re-import
 * and are undone by the annotation reset.
 *
 * - sent_price / received_price / fee_price: per-token prices in the reporting currency the
 *   user entered (or confirmed) in the editor; manual_price marks them as the user's own.
 * - us_based: the editor's US radio (null = not answered).
 * - pair_id / pair_kind: two rows joined by the Self Transfer, Switch Trade or Rebrand pair
 *   dialogs (the engine's pairId); manual_switch_trade: the switch trade was the user's.
 * - annotation_histories.payload: JSON of the change (edited fields with their previous
 *   values, the partner's dedupe_key of a pair, the members of a group).
 */
export async function up(db: MigrationDb): Promise<void> {
  const dec = decimalType(db);
  // SQLite adds one column per ALTER TABLE, so each column is its own statement.
  for (const [name, type] of [
    ['sent_price', dec],
    ['received_price', dec],
    ['fee_price', dec],
    ['us_based', boolType(db)],
    ['pair_id', 'varchar(64)'],
    ['pair_kind', 'varchar(16)'],
  ] as const) {
    await db.schema.alterTable('transactions').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('transactions')
    .addColumn('manual_price', boolType(db), boolDefault(db, false))
    .execute();
  await db.schema
    .alterTable('transactions')
    .addColumn('manual_switch_trade', boolType(db), boolDefault(db, false))
    .execute();
  await db.schema
    .createIndex('transactions_user_pair_idx')
    .on('transactions')
    .columns(['user_id', 'pair_id'])
    .execute();
  await db.schema.alterTable('annotation_histories').addColumn('payload', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('annotation_histories').dropColumn('payload').execute();
  await db.schema.dropIndex('transactions_user_pair_idx').execute();
  for (const name of [
    'manual_switch_trade',
    'manual_price',
    'pair_kind',
    'pair_id',
    'us_based',
    'fee_price',
    'received_price',
    'sent_price',
  ]) {
    await db.schema.alterTable('transactions').dropColumn(name).execute();
  }
}
