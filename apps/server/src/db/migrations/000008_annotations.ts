import { boolDefault, boolType, type MigrationDb, withBigId } from './helpers.ts';

/**
 * The user's changes to imported rows (spec 02 §4–§8), keyed by user and the row's
 * dedupe_key so they apply again when the same transaction is imported again, and
 * undone per account by the annotation reset.
 */
export async function up(db: MigrationDb): Promise<void> {
  const bool = boolType(db);
  await withBigId(db, db.schema.createTable('annotation_histories'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dedupe_key', 'varchar(128)', (c) => c.notNull())
    // No foreign key: the history outlives a deleted account, so a re-import finds it.
    .addColumn('import_history_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_defined_type', 'varchar(40)')
    .addColumn('ignored', bool, boolDefault(db, false))
    .addColumn('prev_user_defined_type', 'varchar(40)')
    .addColumn('prev_ignored', bool, boolDefault(db, false))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotation_histories_key_idx')
    .on('annotation_histories')
    .columns(['user_id', 'dedupe_key', 'id'])
    .execute();
  await db.schema
    .createIndex('annotation_histories_account_idx')
    .on('annotation_histories')
    .columns(['user_id', 'import_history_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('annotation_histories').execute();
}
