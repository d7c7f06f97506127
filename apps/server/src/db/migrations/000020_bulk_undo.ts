import type { MigrationDb } from './helpers.ts';

/**
 * The all-pages bulk change that made an annotation (issue 22): its entries can then be found
 * and the change undone in one step.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('annotation_histories').addColumn('bulk_job_id', 'integer').execute();
  await db.schema
    .createIndex('annotation_histories_bulk_job_idx')
    .on('annotation_histories')
    .columns(['user_id', 'bulk_job_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('annotation_histories_bulk_job_idx').execute();
  await db.schema.alterTable('annotation_histories').dropColumn('bulk_job_id').execute();
}
