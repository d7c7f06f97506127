import type { MigrationDb } from './helpers.ts';

/**
 * Counters of failed sign-in steps and reset e-mails (issue 29): one row per bucket (a hash of
 * what is counted: an account, a client address, a user's codes), shared by every server process
 * and kept across restarts, so neither rotating addresses nor parallel requests get past a limit.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('bucket', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_window_ends_at')
    .on('auth_attempts')
    .column('window_ends_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
