import { type MigrationDb, withId } from './helpers.ts';

/**
 * Exchange API keys of connected sources (issue 18), sealed with AES-256-GCM (secret-box.ts):
 * one per API account, gone with the account. `synced_until` is the newest ledger entry
 * fetched (the exchange's time, as text), where a resync starts.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('api_credentials'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().unique().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('exchange', 'varchar(40)', (c) => c.notNull())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('synced_until', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('api_credentials').execute();
}
