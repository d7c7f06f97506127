import { type MigrationDb, withId } from './helpers.ts';

/**
 * Accounts connected by OAuth (issue 33, "Connect with Coinbase"). `oauth_authorizations`: one
 * row per consent started, its state (hashed) bound to the session that started it, the PKCE
 * verifier sealed; used once. `oauth_connections`: the account's access and refresh tokens,
 * sealed like API secrets, and where a resync starts; gone with the account.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('oauth_authorizations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('custom_name', 'varchar(120)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('oauth_authorizations_user')
    .on('oauth_authorizations')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('oauth_connections'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().unique().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('provider_user_id', 'varchar(200)')
    .addColumn('access_token_sealed', 'text')
    .addColumn('refresh_token_sealed', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('scope', 'varchar(400)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('sync_state', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_connections_user_provider')
    .on('oauth_connections')
    .columns(['user_id', 'provider'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('oauth_connections').execute();
  await db.schema.dropTable('oauth_authorizations').execute();
}
