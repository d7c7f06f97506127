import { type MigrationDb, withId } from './helpers.ts';

/**
 * Labs (issue 21): the last market list a provider gave (kept so Labs still answers, with its
 * age, when the provider does not) and each user's research items (at most 6, spec 01 §5).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('market_snapshots'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    /** JSON: the provider's market list as Lotwise reads it (MarketQuote[]). */
    .addColumn('markets', 'text', (c) => c.notNull())
    /** JSON: coin ids of the provider's trending list, in order. */
    .addColumn('trending', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('market_snapshots_provider_idx')
    .on('market_snapshots')
    .columns(['provider', 'fetched_at'])
    .execute();

  await withId(db, db.schema.createTable('research_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    /** JSON: [{ asset, quantity }] (one position of quantity 1 for an asset item). */
    .addColumn('positions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('research_items_user_idx').on('research_items').columns(['user_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('research_items').execute();
  await db.schema.dropTable('market_snapshots').execute();
}
