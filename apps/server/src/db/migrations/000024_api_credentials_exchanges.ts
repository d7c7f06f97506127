import type { MigrationDb } from './helpers.ts';

/**
 * More exchanges by API key (issue 18): the passphrase some exchanges pair with a key (KuCoin,
 * OKX, Coinbase Exchange), sealed like the secret; `sync_state`, where a resync of an exchange
 * with several endpoints starts (each source's own cursor, as JSON); and `warning`, what the
 * exchange said about the key's permissions (it can trade or withdraw), shown with the account.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('api_credentials').addColumn('passphrase_sealed', 'text').execute();
  await db.schema.alterTable('api_credentials').addColumn('sync_state', 'text').execute();
  await db.schema.alterTable('api_credentials').addColumn('warning', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('api_credentials').dropColumn('warning').execute();
  await db.schema.alterTable('api_credentials').dropColumn('sync_state').execute();
  await db.schema.alterTable('api_credentials').dropColumn('passphrase_sealed').execute();
}
