import type { MigrationDb } from './helpers.ts';

/**
 * Issue 6 (groups): the type a user gave a group (a switch-trade group reclassified as
 * Staking Lockup, Liquidity Pool Exit …), kept on the group's lead row (gt_id = id).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('gt_user_defined_type', 'varchar(32)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('gt_user_defined_type').execute();
}
