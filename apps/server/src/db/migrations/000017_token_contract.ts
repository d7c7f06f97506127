import type { MigrationDb } from './helpers.ts';

/**
 * The token leg's identity as the file gives it, "chain:contract" (Etherscan's ContractAddress,
 * Solscan's mint): when several coins share a symbol it decides which one prices the row.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('token_contract', 'varchar(200)').execute();
  await db.schema.alterTable('import_staging').addColumn('token_contract', 'varchar(200)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('import_staging').dropColumn('token_contract').execute();
  await db.schema.alterTable('transactions').dropColumn('token_contract').execute();
}
