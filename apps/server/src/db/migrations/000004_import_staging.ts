import { decimalType, type MigrationDb, withBigId } from './helpers.ts';

/**
 * Rows of an upload wait here, written in short chunks, until one INSERT … SELECT moves
 * them into transactions at once. The write lock is then held for one statement instead
 * of the whole import, and a crash leaves only staging rows, which the re-run clears.
 */
export async function up(db: MigrationDb): Promise<void> {
  const decimal = decimalType(db);
  await withBigId(db, db.schema.createTable('import_staging'))
    .addColumn('import_file_id', 'integer', (c) =>
      c.notNull().references('import_files.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('import_history_id', 'integer', (c) => c.notNull())
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
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_staging_file_idx')
    .on('import_staging')
    .columns(['import_file_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('import_staging').execute();
}
