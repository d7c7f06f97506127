import type { MigrationDb } from './helpers.ts';

/**
 * Which process runs a job and when it last said it was alive (issue 17): with several server
 * processes on PostgreSQL, a job whose process died (kill -9, a lost machine) stops beating and
 * another process takes it over instead of waiting for pg-boss's hour-long expiry.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('heartbeat_at', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('worker', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('worker').execute();
  await db.schema.alterTable('jobs').dropColumn('heartbeat_at').execute();
}
