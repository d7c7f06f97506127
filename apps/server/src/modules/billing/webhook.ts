import type { Kysely, Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database, PurchaseStatus } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import { AppError } from '../../http/errors.ts';

/** A purchase only moves forward: a late 'expired' never undoes a payment, nor a payment a refund. */
const RANK: Record<PurchaseStatus, number> = { pending: 0, failed: 1, expired: 1, paid: 2, refunded: 3 };

interface Effect {
  status: PurchaseStatus;
  purchaseId: number | null;
  paymentIntentId: string | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const purchaseIdOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.purchase_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What an event means for a purchase; null for events Lotwise does not act on. */
function effectOf(event: Stripe.Event): Effect | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const status: PurchaseStatus | null =
        event.type === 'checkout.session.expired'
          ? 'expired'
          : event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
              ? 'paid'
              : null; // completed but paid later (bank debit): the async event decides
      return status
        ? {
            status,
            purchaseId: purchaseIdOf(session.metadata),
            paymentIntentId: idOf(session.payment_intent),
          }
        : null;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return { status: 'failed', purchaseId: purchaseIdOf(intent.metadata), paymentIntentId: intent.id };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund leaves the plan in place; only a full refund ends it.
      if (!charge.refunded) return null;
      return { status: 'refunded', purchaseId: null, paymentIntentId: idOf(charge.payment_intent) };
    }
    default:
      return null;
  }
}

export interface WebhookOutcome {
  duplicate: boolean;
  /** Set when a purchase became paid: its user's paused imports may resume. */
  paid?: { purchaseId: number; userId: number; paymentIntentId: string | null };
  refunded?: { userId: number };
}

/**
 * Verifies a Stripe webhook with the SDK (the signing secret) and applies it once: the event id
 * is recorded in the same database transaction as its effect, so a replay changes nothing. A
 * refund seen before its payment waits and is applied when the payment lands.
 */
export async function handleStripeWebhook(
  db: Kysely<Database>,
  stripe: Stripe,
  secret: string,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch (error) {
    throw new AppError('validation_failed', `Webhook signature rejected: ${(error as Error).message}`);
  }
  const effect = effectOf(event);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({
        event_id: event.id,
        type: event.type,
        payment_intent_id: effect?.paymentIntentId ?? null,
        purchase_id: null,
        applied: effect === null,
        received_at: nowIso(),
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { duplicate: true };
    if (!effect) return { duplicate: false };

    const purchase = await findPurchase(trx, effect);
    if (!purchase) return { duplicate: false }; // waits (applied = false) for its purchase
    await trx
      .updateTable('billing_events')
      .set({ purchase_id: purchase.id, applied: true })
      .where('id', '=', inserted.id)
      .execute();
    return applyEffect(trx, purchase, effect);
  });
}

async function findPurchase(trx: Transaction<Database>, effect: Effect) {
  let query = trx.selectFrom('billing_purchases').selectAll();
  if (effect.purchaseId !== null) query = query.where('id', '=', effect.purchaseId);
  else if (effect.paymentIntentId) query = query.where('payment_intent_id', '=', effect.paymentIntentId);
  else return undefined;
  return query.executeTakeFirst();
}

async function applyEffect(
  trx: Transaction<Database>,
  purchase: { id: number; user_id: number; status: PurchaseStatus; payment_intent_id: string | null },
  effect: Effect,
): Promise<WebhookOutcome> {
  if (RANK[effect.status] <= RANK[purchase.status]) return { duplicate: false };
  const now = nowIso();
  const paymentIntentId = purchase.payment_intent_id ?? effect.paymentIntentId;
  await trx
    .updateTable('billing_purchases')
    .set({
      status: effect.status,
      payment_intent_id: paymentIntentId,
      updated_at: now,
      ...(effect.status === 'paid' ? { paid_at: now } : {}),
    })
    .where('id', '=', purchase.id)
    .execute();
  if (effect.status === 'refunded') return { duplicate: false, refunded: { userId: purchase.user_id } };
  if (effect.status !== 'paid') return { duplicate: false };

  // A refund that arrived before this payment's completion.
  const waiting = paymentIntentId
    ? await trx
        .selectFrom('billing_events')
        .select('id')
        .where('payment_intent_id', '=', paymentIntentId)
        .where('type', '=', 'charge.refunded')
        .where('applied', '=', false)
        .executeTakeFirst()
    : undefined;
  if (waiting) {
    await trx
      .updateTable('billing_events')
      .set({ purchase_id: purchase.id, applied: true })
      .where('id', '=', waiting.id)
      .execute();
    await trx
      .updateTable('billing_purchases')
      .set({ status: 'refunded', updated_at: now })
      .where('id', '=', purchase.id)
      .execute();
    return { duplicate: false, refunded: { userId: purchase.user_id } };
  }
  return { duplicate: false, paid: { purchaseId: purchase.id, userId: purchase.user_id, paymentIntentId } };
}
