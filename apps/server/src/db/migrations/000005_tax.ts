import { boolDefault, boolType, decimalType, type MigrationDb, withBigId, withId } from './helpers.ts';

/** Tax settings on the user, and the stored results of tax calculations (one set per calculation). */
export async function up(db: MigrationDb): Promise<void> {
  const bool = boolType(db);
  const decimal = decimalType(db);

  await db.schema
    .alterTable('users')
    .addColumn('tax_method', 'varchar(200)', (c) => c.notNull().defaultTo('fifo'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('tax_basis', 'varchar(16)', (c) => c.notNull().defaultTo('us-2025'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('allocation_rule', 'varchar(40)', (c) => c.notNull().defaultTo('stay-oldest-first'))
    .execute();

  await withId(db, db.schema.createTable('tax_calculations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trace_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('job_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('input_version', 'varchar(200)', (c) => c.notNull())
    .addColumn('transaction_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allocation', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('tax_calculations_user_idx')
    .on('tax_calculations')
    .columns(['user_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('tax_year_summaries'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('proceeds', decimal, (c) => c.notNull())
    .addColumn('cost_basis', decimal, (c) => c.notNull())
    .addColumn('short_term_gain', decimal, (c) => c.notNull())
    .addColumn('long_term_gain', decimal, (c) => c.notNull())
    .addColumn('income', decimal, (c) => c.notNull())
    .addColumn('disposal_count', 'integer', (c) => c.notNull())
    .addColumn('income_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_year_summaries_calc_idx')
    .on('tax_year_summaries')
    .columns(['calc_id', 'year'])
    .execute();

  await withBigId(db, db.schema.createTable('tax_disposals'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', decimal, (c) => c.notNull())
    .addColumn('acquired_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('disposed_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('disposed_timestamp', 'varchar(32)', (c) => c.notNull())
    .addColumn('proceeds', decimal, (c) => c.notNull())
    .addColumn('cost_basis', decimal, (c) => c.notNull())
    .addColumn('gain', decimal, (c) => c.notNull())
    .addColumn('term', 'varchar(5)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('taxable', bool, boolDefault(db, true))
    .addColumn('wallet', 'varchar(160)', (c) => c.notNull())
    .addColumn('lots', 'text', (c) => c.notNull())
    .addColumn('sell_without_buy', decimal)
    .addColumn('missing_price', bool, boolDefault(db, false))
    .addColumn('fair_market_value', decimal)
    .execute();
  await db.schema
    .createIndex('tax_disposals_calc_idx')
    .on('tax_disposals')
    .columns(['calc_id', 'year', 'id'])
    .execute();

  await withBigId(db, db.schema.createTable('tax_income'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', decimal, (c) => c.notNull())
    .addColumn('value', decimal, (c) => c.notNull())
    .addColumn('received_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('wallet', 'varchar(160)', (c) => c.notNull())
    .addColumn('missing_price', bool, boolDefault(db, false))
    .execute();
  await db.schema
    .createIndex('tax_income_calc_idx')
    .on('tax_income')
    .columns(['calc_id', 'year', 'id'])
    .execute();

  await withBigId(db, db.schema.createTable('tax_holdings'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('wallet', 'varchar(160)', (c) => c.notNull())
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', decimal, (c) => c.notNull())
    .addColumn('cost_basis', decimal, (c) => c.notNull())
    .addColumn('acquired_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('lot_id', 'varchar(80)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_holdings_calc_idx')
    .on('tax_holdings')
    .columns(['calc_id', 'asset'])
    .execute();

  await withBigId(db, db.schema.createTable('tax_warnings'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('affects', 'text')
    .execute();
  await db.schema
    .createIndex('tax_warnings_calc_idx')
    .on('tax_warnings')
    .columns(['calc_id', 'id'])
    .execute();

  // Only transactions that are not fine: missing price (status error) or sell without buy.
  await withBigId(db, db.schema.createTable('tax_transaction_status'))
    .addColumn('calc_id', 'integer', (c) => c.notNull().references('tax_calculations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('missing_price', bool, boolDefault(db, false))
    .addColumn('sell_without_buy', bool, boolDefault(db, false))
    .addColumn('sell_without_buy_quantity', decimal)
    .execute();
  await db.schema
    .createIndex('tax_transaction_status_idx')
    .on('tax_transaction_status')
    .columns(['calc_id', 'transaction_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'tax_transaction_status',
    'tax_warnings',
    'tax_holdings',
    'tax_income',
    'tax_disposals',
    'tax_year_summaries',
    'tax_calculations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['allocation_rule', 'tax_basis', 'tax_method']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
