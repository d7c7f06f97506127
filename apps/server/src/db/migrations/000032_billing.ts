import { type MigrationDb, withId } from './helpers.ts';

/**
 * Billing (issue 20): one row per payment attempt for a plan and tax year (Stripe Checkout),
 * and every webhook event received, by its id, so the same event twice changes nothing and a
 * refund that arrives before its payment is applied when the payment lands.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('billing_purchases'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull())
    /** pending, paid, failed, expired or refunded. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** Decimal text in `currency`, as the catalogue priced it when the payment started. */
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('checkout_session_id', 'varchar(255)', (c) => c.unique())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('receipt_url', 'varchar(1000)')
    /** The accountant's invitation to pay this purchase answers, if any. */
    .addColumn('plan_invitation_id', 'integer', (c) =>
      c.references('plan_invitations.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('billing_purchases_user_idx')
    .on('billing_purchases')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('billing_purchases_intent_idx')
    .on('billing_purchases')
    .column('payment_intent_id')
    .execute();

  await withId(db, db.schema.createTable('billing_events'))
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(80)', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('purchase_id', 'integer', (c) => c.references('billing_purchases.id').onDelete('set null'))
    /** False while the event waits for its purchase (a refund seen before the payment). */
    .addColumn('applied', 'boolean', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_purchases').execute();
}
