import {
  billingHistory,
  billingStatus,
  importLimitStatus,
  importPaymentRequired,
  listPlans,
  startCheckout,
} from '@lotwise/contracts/billing/billing';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute, publicRoute } from '../../http/route.ts';
import { defaultTaxYear } from '../tax/engine.service.ts';
import { startPurchase } from './checkout.service.ts';
import { resumePausedImports } from './resume-imports.ts';
import { createStripe, receiptOf } from './stripe-gateway.ts';
import { handleStripeWebhook } from './webhook.ts';

export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Plans, checkout, the Stripe webhook, billing history and the free import limit (issue 20). */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = ctx.config.billing;
  const stripe: Stripe | undefined = settings.mode === 'stripe' ? createStripe(settings) : undefined;
  const { billing } = ctx;
  const customers = { roles: ['customer'] as const, rolesMessage: 'Billing is for customer accounts.' };

  publicRoute(app, billingStatus, async () => ({ billing_enabled: billing.enabled }));

  authedRoute(app, listPlans, async ({ auth, query }) => {
    const latest = new Date().getUTCFullYear();
    const year = query.tax_year ?? defaultTaxYear(auth.user.timezone);
    const [held, count] = await Promise.all([
      billing.planFor(auth.user.id, year),
      billing.transactionCount(auth.user.id, year),
    ]);
    return {
      billing_enabled: billing.enabled,
      tax_year: year,
      tax_years: billing.catalogue.taxYears(latest),
      free_transaction_limit: billing.catalogue.freeTransactionLimit,
      plans: billing.catalogue.plans(year),
      current_plan_id: held?.plan_id ?? null,
      transaction_count: count,
    };
  });

  authedRoute(
    app,
    startCheckout,
    async ({ auth, body }) => {
      if (!stripe)
        throw new AppError('conflict', 'Billing is off on this instance: every feature is included.');
      const { url, purchaseId } = await startPurchase(ctx, stripe, auth.user, {
        planId: body.plan_id,
        taxYear: body.tax_year,
        callUrl: body.call_url,
      });
      return { status: 'success' as const, url, purchase_id: purchaseId };
    },
    customers,
  );

  authedRoute(app, billingHistory, async ({ auth }) => {
    const rows = await billing.history(auth.user.id);
    const current = defaultTaxYear(auth.user.timezone);
    return {
      billing_enabled: billing.enabled,
      current_tax_year: current,
      year: rows[0]?.tax_year ?? current,
      data: rows,
    };
  });

  authedRoute(app, importLimitStatus, async ({ auth }) => {
    const [limit, count, paused] = await Promise.all([
      billing.importLimit(auth.user.id),
      billing.transactionCount(auth.user.id),
      billing.pausedImports(auth.user.id),
    ]);
    const year = defaultTaxYear(auth.user.timezone);
    const needed = Math.max(count, ...paused.map((p) => count + p.rows_parsed));
    return {
      billing_enabled: billing.enabled,
      limit,
      transaction_count: count,
      paused: paused.map((p) => ({
        import_file_id: p.id,
        import_history_id: p.import_history_id,
        account_name: p.custom_name ?? p.account_name,
        file_name: p.file_name,
        needed: count + p.rows_parsed,
      })),
      upgrade_possible: billing.catalogue.fitting(year, needed) !== undefined,
      tax_year: year,
    };
  });

  authedRoute(app, importPaymentRequired, async ({ auth }) => ({
    payment_required: (await billing.pausedImports(auth.user.id)).length > 0,
  }));

  // Stripe's webhook: no session, no CSRF token; the signature over the raw body is the check.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
      if (!stripe || settings.mode !== 'stripe') throw new AppError('not_found', 'Billing is off');
      const signature = request.headers['stripe-signature'];
      const outcome = await handleStripeWebhook(
        ctx.db.kysely,
        stripe,
        settings.webhookSecret,
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      if (outcome.paid) await afterPayment(ctx, stripe, outcome.paid, request.log);
      if (outcome.refunded)
        ctx.hub.publish(outcome.refunded.userId, { channel: 'imports', event: 'plan_changed' });
      return { received: true, duplicate: outcome.duplicate };
    });
  });
}

/** A payment landed: its receipt, the accountant's invitation answered, paused imports resumed. */
async function afterPayment(
  ctx: AppContext,
  stripe: Stripe,
  paid: { purchaseId: number; userId: number; paymentIntentId: string | null },
  log: FastifyBaseLogger,
): Promise<void> {
  if (paid.paymentIntentId) {
    try {
      const receipt = await receiptOf(stripe, paid.paymentIntentId);
      if (receipt) {
        await ctx.db.kysely
          .updateTable('billing_purchases')
          .set({ receipt_url: receipt })
          .where('id', '=', paid.purchaseId)
          .execute();
      }
    } catch (error) {
      // The payment stands without its receipt link; Stripe e-mails the receipt anyway.
      log.warn({ err: error, purchase: paid.purchaseId }, 'Stripe receipt lookup failed');
    }
  }
  const purchase = await ctx.db.kysely
    .selectFrom('billing_purchases')
    .select('plan_invitation_id')
    .where('id', '=', paid.purchaseId)
    .executeTakeFirst();
  if (purchase?.plan_invitation_id) {
    await ctx.db.kysely
      .updateTable('plan_invitations')
      .set({ status: 'paid' })
      .where('id', '=', purchase.plan_invitation_id)
      .execute();
  }
  await resumePausedImports(ctx, paid.userId);
  ctx.hub.publish(paid.userId, { channel: 'imports', event: 'plan_changed' });
}
