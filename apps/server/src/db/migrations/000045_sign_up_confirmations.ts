import type { MigrationDb } from './helpers.ts';

/**
 * Sign-ups waiting for their e-mailed link (issue 32): the account exists but nobody can sign
 * in to it until the link is spent with the password chosen at that sign-up, which each row
 * keeps (argon2id), so a second sign-up for the same address cannot set the first one's password.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('sign_up_confirmations')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_up_confirmations_user_id')
    .on('sign_up_confirmations')
    .column('user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sign_up_confirmations').execute();
}
