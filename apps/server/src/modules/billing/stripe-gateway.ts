import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a replay server in tests). */
  apiBaseUrl: string | undefined;
}

/** Stripe's official SDK, pointed at STRIPE_API_BASE_URL when one is given. */
export function createStripe(settings: StripeSettings): Stripe {
  const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** What the checkout needs to know of a purchase. */
export interface CheckoutRequest {
  purchaseId: number;
  userId: number;
  email: string;
  planId: string;
  planName: string;
  taxYear: number;
  currency: string;
  /** Smallest currency units. */
  unitAmount: number;
  successUrl: string;
  cancelUrl: string;
}

/** A Stripe-hosted Checkout page for one plan and tax year; the purchase id travels in metadata. */
export async function createCheckout(
  stripe: Stripe,
  request: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const metadata = {
    purchase_id: String(request.purchaseId),
    user_id: String(request.userId),
    plan_id: request.planId,
    tax_year: String(request.taxYear),
  };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: String(request.userId),
      customer_email: request.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.unitAmount,
            product_data: { name: `Lotwise ${request.planName} plan, tax year ${request.taxYear}` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    },
    // A retried request (network trouble) must not open a second session for the purchase.
    { idempotencyKey: `lotwise-purchase-${request.purchaseId}` },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

/** The receipt of a paid payment intent, when Stripe has one. */
export async function receiptOf(stripe: Stripe, paymentIntentId: string): Promise<string | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
  const charge = intent.latest_charge;
  return charge && typeof charge === 'object' ? (charge.receipt_url ?? null) : null;
}
