import { type MigrationDb, withId } from './helpers.ts';

/**
 * Partner hand-overs redeemed (issue 33, `POST /api/users/process_aggregator`): one row per
 * `aggcode` (hashed), whose user it was and what it added, so the same link opened again answers
 * what it did instead of adding the accounts twice, and another account cannot reuse it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('aggregator_handoffs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('handoff_id', 'varchar(200)')
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('aggregator_handoffs').execute();
}
