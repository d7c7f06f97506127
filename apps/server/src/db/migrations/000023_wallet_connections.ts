import { type MigrationDb, withId } from './helpers.ts';

/**
 * Wallet addresses read from a chain's explorer (issue 18, `POST /api/blockchain_query`): one
 * per wallet account, gone with it; `synced_block` is where a resync starts.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('wallet_connections'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().unique().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('chain', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('synced_block', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_connections').execute();
}
