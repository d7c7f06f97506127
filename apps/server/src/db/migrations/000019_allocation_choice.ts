import type { MigrationDb } from './helpers.ts';

/** When the user chose their Safe Harbor allocation rule (Rev. Proc. 2024-28 asks for a dated record). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('allocation_chosen_at', 'varchar(32)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('allocation_chosen_at').execute();
}
