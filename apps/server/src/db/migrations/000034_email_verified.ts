import type { MigrationDb } from './helpers.ts';

/**
 * When the user last proved control of their e-mail address by spending a link mailed to it
 * (an invitation's token, a password reset): invitations addressed to that e-mail show in the
 * banner only then (issue 32).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
