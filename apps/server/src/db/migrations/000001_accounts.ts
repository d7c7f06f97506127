import { boolDefault, boolType, type MigrationDb, withId } from './helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  const bool = boolType(db);
  await withId(db, db.schema.createTable('users'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('username', 'varchar(60)')
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('roles', 'varchar(64)', (c) => c.notNull().defaultTo('customer'))
    .addColumn('onboarded', bool, boolDefault(db, false))
    .addColumn('transaction_uploaded', bool, boolDefault(db, false))
    .addColumn('combined_page', bool, boolDefault(db, false))
    .addColumn('resync_reminder', bool, boolDefault(db, false))
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull().defaultTo('US'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('mfa_enabled', bool, boolDefault(db, false))
    .addColumn('mfa_secret', 'text')
    .addColumn('mfa_pending_secret', 'text')
    .addColumn('safe_harbor_dismissed', bool, boolDefault(db, false))
    .addColumn('email_notifications', bool, boolDefault(db, true))
    .addColumn('switch_notifications', bool, boolDefault(db, false))
    .addColumn('bulk_edit_preference', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_id_idx').on('recovery_codes').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['recovery_codes', 'password_resets', 'mfa_challenges', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
