import type { MigrationDb } from './helpers.ts';

/**
 * Incremental tax recalculation (issue 7): the engine's lot state at the start of each tax
 * year, stored with a fingerprint of the transactions before that day, so a later
 * calculation resumes from the latest year whose history is unchanged. Warnings and
 * statuses get the tax year of their transaction so the years from the resume point can be
 * replaced while the earlier ones stay.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('tax_checkpoints')
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** Settings and account names the state was computed with. */
    .addColumn('basis_key', 'varchar(64)', (c) => c.notNull())
    /** Count, id sum, latest change and ignored count of the rows before `day`. */
    .addColumn('fingerprint', 'varchar(200)', (c) => c.notNull())
    /** The engine's Checkpoint as JSON. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_checkpoints_pk', ['calc_id', 'year'])
    .execute();
  await db.schema.alterTable('tax_warnings').addColumn('year', 'integer').execute();
  await db.schema.alterTable('tax_transaction_status').addColumn('year', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('tax_transaction_status').dropColumn('year').execute();
  await db.schema.alterTable('tax_warnings').dropColumn('year').execute();
  await db.schema.dropTable('tax_checkpoints').execute();
}
