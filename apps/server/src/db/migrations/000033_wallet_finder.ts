import { type MigrationDb, withId } from './helpers.ts';

/** Addresses a user dismissed in the wallet finder (issue 18): not offered again. */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('wallet_finder_dismissals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chain', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_finder_dismissals_uq')
    .on('wallet_finder_dismissals')
    .columns(['user_id', 'chain', 'address'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_finder_dismissals').execute();
}
