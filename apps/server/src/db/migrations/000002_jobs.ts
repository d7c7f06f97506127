import { type MigrationDb, withId } from './helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('dedupe_key', 'varchar(128)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['user_id', 'name', 'id']).execute();
  await db.schema.createIndex('jobs_dedupe_idx').on('jobs').columns(['dedupe_key', 'status']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
