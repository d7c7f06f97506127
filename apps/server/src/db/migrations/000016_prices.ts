import { decimalType, type MigrationDb, withBigId, withId } from './helpers.ts';

/**
 * The local price table (issue 15): daily (or minute) prices per asset and quote currency,
 * fetched once per (asset, day) and shared by every user of the instance (user_id 0), or a
 * user's own uploaded prices (user_id set; they win for that user). FX rates are prices too
 * (EUR in USD, …). Windows a provider had nothing for are remembered a while, and coins the
 * providers told us about are kept to tell symbols apart.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withBigId(db, db.schema.createTable('prices'))
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('quote', 'varchar(8)', (c) => c.notNull())
    /** HH:MM (UTC) for a minute's price, '' for the day's. */
    .addColumn('minute', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('chain', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('contract', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    /** 0: shared by everyone; otherwise the user whose own price it is. */
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', decimalType(db), (c) => c.notNull())
    .addColumn('provider_id', 'varchar(128)')
    .addColumn('origin', 'varchar(160)', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Reads are `asset IN (…) AND day BETWEEN …`: one index range per asset.
  await db.schema
    .createIndex('prices_identity_uq')
    .on('prices')
    .columns(['asset', 'day', 'quote', 'minute', 'chain', 'contract', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('prices_user_origin_idx').on('prices').columns(['user_id', 'origin']).execute();
  // A recalculation asks which days' prices changed since the last one.
  await db.schema.createIndex('prices_fetched_at_idx').on('prices').columns(['fetched_at']).execute();

  await withId(db, db.schema.createTable('price_misses'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('asset', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_misses_asset_idx')
    .on('price_misses')
    .columns(['provider', 'asset'])
    .execute();

  await withId(db, db.schema.createTable('price_assets'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('coin_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('symbol', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('rank', 'integer')
    /** JSON: chain slug → contract address. */
    .addColumn('platforms', 'text')
    .addColumn('icon_url', 'varchar(500)')
    .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_assets_coin_uq')
    .on('price_assets')
    .columns(['provider', 'coin_id'])
    .unique()
    .execute();
  await db.schema.createIndex('price_assets_symbol_idx').on('price_assets').columns(['symbol']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('price_assets').execute();
  await db.schema.dropTable('price_misses').execute();
  await db.schema.dropTable('prices').execute();
}
