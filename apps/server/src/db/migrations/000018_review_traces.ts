import { type MigrationDb, withId } from './helpers.ts';

/**
 * The guided review's trace (issue 16): one per user — the wizard they are at and the ones
 * done. Answers themselves are annotations on the transactions, not kept here.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('review_traces'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('trace_name', 'varchar(40)', (c) => c.notNull())
    /** JSON array of completed wizard names, in the order they were completed. */
    .addColumn('completed', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('review_traces').execute();
}
