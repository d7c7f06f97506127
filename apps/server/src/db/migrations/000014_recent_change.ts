import type { MigrationDb } from './helpers.ts';

/**
 * The list's "recently changed" notice reads the newest annotation per user on every list
 * call; with (user_id, created_at) that is one index probe instead of a scan of the user's
 * history (which a bulk change over all pages can make a million rows long).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('annotation_histories_user_recent_idx')
    .on('annotation_histories')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('annotation_histories_user_recent_idx').execute();
}
