import { type MigrationDb, withId } from './helpers.ts';

/**
 * Tax professionals (issue 19): accountant links between a customer and an accountant (either
 * may invite the other by e-mail; a single-use token accepts), every request made while
 * impersonating (the client can read it), invitations to pay, admin-granted plans, and a
 * disabled flag an admin sets on an account.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('accountant_links'))
    .addColumn('customer_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('customer_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('cpa_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('cpa_email', 'varchar(254)', (c) => c.notNull())
    /** 'customer' or 'cpa': who sent the invitation. */
    .addColumn('invited_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('accountant_links_customer_idx')
    .on('accountant_links')
    .columns(['customer_user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('accountant_links_cpa_idx')
    .on('accountant_links')
    .columns(['cpa_user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('accountant_links_emails_idx')
    .on('accountant_links')
    .columns(['customer_email', 'cpa_email'])
    .execute();

  await withId(db, db.schema.createTable('impersonation_events'))
    .addColumn('customer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('impersonation_events_customer_idx')
    .on('impersonation_events')
    .columns(['customer_user_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('plan_invitations'))
    .addColumn('cpa_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('plan_grants'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull())
    /** 'admin' for a hand grant; billing adds its own sources. */
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_grants_user_year_uq')
    .on('plan_grants')
    .columns(['user_id', 'tax_year'])
    .unique()
    .execute();

  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  for (const table of ['plan_grants', 'plan_invitations', 'impersonation_events', 'accountant_links'])
    await db.schema.dropTable(table).execute();
}
