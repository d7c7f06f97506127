import { boolDefault, boolType, decimalType, type MigrationDb, withBigId, withId } from './helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const bool = boolType(db);
  const decimal = decimalType(db);

  // An account the user imports into: one exchange, wallet or the manual-entry book.
  await withId(db, db.schema.createTable('import_histories'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('account_slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('custom_name', 'varchar(120)')
    .addColumn('us_based', bool, boolDefault(db, false))
    .addColumn('import_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('wallet_address', 'varchar(200)')
    .addColumn('last_synced_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_histories_user_idx')
    .on('import_histories')
    .columns(['user_id', 'id'])
    .execute();

  // One upload (or sync) into an account: what came in, how it went, and its row errors.
  await withId(db, db.schema.createTable('import_files'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_path', 'varchar(500)')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('format', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_message', 'text')
    .addColumn('rows_parsed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('import_files_history_idx')
    .on('import_files')
    .columns(['import_history_id', 'id'])
    .execute();
  await db.schema
    .createIndex('import_files_user_idx')
    .on('import_files')
    .columns(['user_id', 'id'])
    .execute();

  await withBigId(db, db.schema.createTable('import_errors'))
    .addColumn('import_file_id', 'integer', (c) =>
      c.notNull().references('import_files.id').onDelete('cascade'),
    )
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('column_name', 'varchar(120)')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_errors_file_idx')
    .on('import_errors')
    .columns(['import_file_id', 'line'])
    .execute();

  // The normalised transaction (formats §2) as imported, plus what the user changes.
  await withBigId(db, db.schema.createTable('transactions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('import_file_id', 'integer', (c) => c.references('import_files.id').onDelete('set null'))
    .addColumn('dedupe_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('timestamp', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subtype', 'varchar(40)')
    .addColumn('sent_asset', 'varchar(64)')
    .addColumn('sent_amount', decimal)
    .addColumn('received_asset', 'varchar(64)')
    .addColumn('received_amount', decimal)
    .addColumn('fee_asset', 'varchar(64)')
    .addColumn('fee_amount', decimal)
    .addColumn('fiat_currency', 'varchar(8)')
    .addColumn('fiat_value', decimal)
    .addColumn('external_id', 'varchar(200)')
    .addColumn('tx_hash', 'varchar(200)')
    .addColumn('from_address', 'varchar(200)')
    .addColumn('to_address', 'varchar(200)')
    .addColumn('label', 'varchar(64)')
    .addColumn('note', 'text')
    .addColumn('source_lines', 'varchar(200)')
    .addColumn('user_defined_type', 'varchar(40)')
    .addColumn('ignored', bool, boolDefault(db, false))
    .addColumn('comment', 'text')
    .addColumn('gt_id', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_dedupe_idx')
    .on('transactions')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('transactions_user_time_idx')
    .on('transactions')
    .columns(['user_id', 'timestamp', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_history_idx')
    .on('transactions')
    .columns(['import_history_id', 'timestamp'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['transactions', 'import_errors', 'import_files', 'import_histories']) {
    await db.schema.dropTable(table).execute();
  }
}
