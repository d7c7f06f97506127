import type Stripe from 'stripe';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { Catalogue } from './catalogue.ts';
import { createCheckout } from './stripe-gateway.ts';

/** Only same-site paths come back from the pricing page's callUrl. */
const safePath = (url: string | undefined) =>
  url?.startsWith('/') && !url.startsWith('//') ? url : undefined;

/**
 * Starts a payment: a pending purchase at the catalogue's price of the moment, then a Stripe
 * Checkout session for it. The purchase becomes paid only through the signed webhook.
 */
export async function startPurchase(
  ctx: AppContext,
  stripe: Stripe,
  user: { id: number; email: string },
  input: { planId: string; taxYear: number; callUrl: string | undefined },
): Promise<{ url: string; purchaseId: number }> {
  const { catalogue } = ctx.billing;
  const plan = catalogue.plan(input.taxYear, input.planId);
  if (!plan) {
    throw new AppError(
      'validation_failed',
      `There is no ${input.planId} plan for tax year ${input.taxYear}.`,
      {
        field: 'plan_id',
      },
    );
  }
  const held = await ctx.billing.planFor(user.id, input.taxYear);
  if (held && catalogue.rank(input.taxYear, held.plan_id) >= catalogue.rank(input.taxYear, plan.id)) {
    const name = catalogue.plan(input.taxYear, held.plan_id)?.name ?? held.plan_id;
    throw new AppError('conflict', `You already have the ${name} plan for ${input.taxYear}.`);
  }
  const invitation = await ctx.db.kysely
    .selectFrom('plan_invitations')
    .select('id')
    .where('customer_user_id', '=', user.id)
    .where('tax_year', '=', input.taxYear)
    .where('plan_id', '=', plan.id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  const now = nowIso();
  const purchase = await ctx.db.kysely
    .insertInto('billing_purchases')
    .values({
      user_id: user.id,
      tax_year: input.taxYear,
      plan_id: plan.id,
      status: 'pending',
      amount: plan.price,
      currency: plan.currency,
      plan_invitation_id: invitation?.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const back = safePath(input.callUrl);
  const base = ctx.config.publicUrl;
  let session: { id: string; url: string };
  try {
    session = await createCheckout(stripe, {
      purchaseId: purchase.id,
      userId: user.id,
      email: user.email,
      planId: plan.id,
      planName: plan.name,
      taxYear: input.taxYear,
      currency: plan.currency,
      unitAmount: Catalogue.minorUnits(plan.price),
      successUrl: `${base}/settings/billing-history?checkout=success`,
      cancelUrl: `${base}/settings/billing-history?checkout=cancelled${back ? `&callUrl=${encodeURIComponent(back)}` : ''}`,
    });
  } catch (error) {
    await ctx.db.kysely
      .updateTable('billing_purchases')
      .set({ status: 'failed', updated_at: nowIso() })
      .where('id', '=', purchase.id)
      .execute();
    throw new AppError(
      'internal',
      `Stripe service is not currently responding, please try again in a bit. (${(error as Error).message})`,
    );
  }
  await ctx.db.kysely
    .updateTable('billing_purchases')
    .set({ checkout_session_id: session.id })
    .where('id', '=', purchase.id)
    .execute();
  return { url: session.url, purchaseId: purchase.id };
}
