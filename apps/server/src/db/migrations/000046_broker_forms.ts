import { boolDefault, boolType, decimalType, type MigrationDb, withBigId, withId } from './helpers.ts';

/**
 * Forms 1099-DA (issue 31): a form per account (the exchange that issued it) and tax year, and
 * its lines box by box. The fingerprint is unique per user: the same form twice adds nothing.
 */
export async function up(db: MigrationDb): Promise<void> {
  const bool = boolType(db);
  const decimal = decimalType(db);
  await withId(db, db.schema.createTable('broker_forms'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_history_id', 'integer', (c) =>
      c.notNull().references('import_histories.id').onDelete('cascade'),
    )
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)')
    .addColumn('layout', 'varchar(40)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('broker_forms_user_fingerprint', ['user_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('broker_forms_user_year')
    .on('broker_forms')
    .columns(['user_id', 'tax_year'])
    .execute();

  await withBigId(db, db.schema.createTable('broker_form_lines'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('broker_forms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer')
    .addColumn('form_8949_box', 'varchar(1)')
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('asset_code', 'varchar(64)')
    .addColumn('asset_name', 'varchar(200)')
    .addColumn('units', decimal)
    .addColumn('date_acquired', 'varchar(10)')
    .addColumn('date_sold', 'varchar(10)', (c) => c.notNull())
    .addColumn('proceeds', decimal, (c) => c.notNull())
    .addColumn('cost_basis', decimal)
    .addColumn('accrued_market_discount', decimal)
    .addColumn('wash_sale_loss_disallowed', decimal)
    .addColumn('basis_reported', bool, boolDefault(db, false))
    .addColumn('proceeds_type', 'varchar(8)')
    .addColumn('federal_tax_withheld', decimal)
    .addColumn('loss_not_allowed', bool, boolDefault(db, false))
    .addColumn('term', 'varchar(10)')
    .addColumn('cash_only', bool, boolDefault(db, false))
    .addColumn('customer_provided', bool, boolDefault(db, false))
    .addColumn('noncovered', bool, boolDefault(db, false))
    .addColumn('aggregate', 'varchar(12)')
    .addColumn('aggregate_transactions', 'integer')
    .execute();
  await db.schema
    .createIndex('broker_form_lines_form')
    .on('broker_form_lines')
    .columns(['form_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('broker_form_lines').execute();
  await db.schema.dropTable('broker_forms').execute();
}
