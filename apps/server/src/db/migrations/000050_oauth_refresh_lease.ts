import type { MigrationDb } from './helpers.ts';

/**
 * One refresh at a time per OAuth connection (issue 33): Coinbase's refresh tokens are single-use,
 * so two syncs refreshing the same connection at once made one of them fail and end the account
 * as "Sign-in expired". A sync claims the refresh by setting `refreshing_until` (compare-and-swap
 * on the token it read); the other waits and re-reads the new token. A claim left by a killed
 * process lapses at that time.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('oauth_connections').addColumn('refreshing_until', 'varchar(32)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('oauth_connections').dropColumn('refreshing_until').execute();
}
