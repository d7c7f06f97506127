import type { MigrationDb } from './helpers.ts';

/**
 * How far a running job got, as JSON its handler understands (issue 29.6): a job taken over by
 * another process, or run again after a restart, continues from there instead of starting over
 * and re-applying its change over rows the user changed meanwhile.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('checkpoint', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('checkpoint').execute();
}
