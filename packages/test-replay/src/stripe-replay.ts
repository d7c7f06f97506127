import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as Stripe's API documents it (the fields Lotwise reads and a few more). */
export interface ReplaySession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
}

/**
 * Stands in for Stripe in tests (the SDK's host pointed at it): creates Checkout Sessions and
 * answers payment intents in Stripe's documented shapes, serves a stand-in hosted payment page
 * whose Pay button completes the session, and delivers webhook events to the app signed with
 * the SDK's own test-header helper. Records every API request.
 */
export class StripeReplay {
  readonly requests: { method: string; path: string; form: URLSearchParams; idempotencyKey?: string }[] = [];
  readonly sessions = new Map<string, ReplaySession>();
  /** Answer the next API requests with these statuses (a 500, …) before behaving again. */
  readonly faults: number[] = [];
  private server: Server | null = null;
  private sequence = 0;
  private readonly sdk = new Stripe('sk_test_replay');
  url = '';

  constructor(
    private readonly webhook: {
      secret: string;
      /** The app's webhook address (a running server) … */
      url?: string;
      /** … or a way to hand it the request (app.inject in API tests). */
      send?: (payload: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
    },
  ) {}

  /** The app's webhook address, once the app listens. */
  set webhookUrl(url: string) {
    this.webhook.url = url;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        void this.route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://replay'), body, req.headers)
          .then(({ status, headers, text }) => {
            res.writeHead(status, headers);
            res.end(text);
          })
          .catch((error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private next(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_test_${this.sequence.toString().padStart(6, '0')}`;
  }

  private async route(
    method: string,
    url: URL,
    body: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ status: number; headers: Record<string, string>; text: string }> {
    const json = (status: number, value: unknown) => ({
      status,
      headers: { 'content-type': 'application/json', 'request-id': this.next('req') },
      text: JSON.stringify(value),
    });
    if (url.pathname.startsWith('/v1/')) {
      const key = headers['idempotency-key'];
      this.requests.push({
        method,
        path: url.pathname,
        form: new URLSearchParams(method === 'GET' ? url.search : body),
        ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      });
      const fault = this.faults.shift();
      if (fault) {
        return json(fault, { error: { type: 'api_error', message: `Replayed fault ${fault}` } });
      }
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      return json(200, this.createSession(new URLSearchParams(body)));
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && intent?.[1]) return json(200, this.paymentIntent(intent[1]));
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const session = pay?.[1] ? this.sessions.get(pay[1]) : undefined;
    if (pay && !session)
      return { status: 404, headers: { 'content-type': 'text/plain' }, text: 'No such session' };
    if (session && method === 'GET') {
      const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        text: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Checkout (test replay)</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>Pay Lotwise</h1><p data-testid="checkout-amount">${amount}</p><p>${session.customer_email ?? ''}</p>
<form method="post"><button type="submit" style="font-size:18px;padding:10px 24px">Pay ${amount}</button></form>
<p><a href="${session.cancel_url}">Cancel</a></p></body></html>`,
      };
    }
    if (session && method === 'POST') {
      const delivered = await this.deliver(this.completed(session.id));
      if (delivered.status >= 300) {
        return {
          status: 502,
          headers: { 'content-type': 'text/plain' },
          text: `webhook ${delivered.status}`,
        };
      }
      return { status: 303, headers: { location: session.success_url }, text: '' };
    }
    return json(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname})`,
      },
    });
  }

  private createSession(form: URLSearchParams): ReplaySession {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m?.[1]) metadata[m[1]] = value;
    }
    const id = this.next('cs');
    const session: ReplaySession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      customer_email: form.get('customer_email'),
      client_reference_id: form.get('client_reference_id'),
      metadata,
      payment_intent: null,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      url: `${this.url}/pay/${id}`,
      livemode: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  private paymentIntent(id: string) {
    const session = [...this.sessions.values()].find((s) => s.payment_intent === id);
    return {
      id,
      object: 'payment_intent',
      amount: session?.amount_total ?? 0,
      currency: session?.currency ?? 'usd',
      status: 'succeeded',
      metadata: session?.metadata ?? {},
      latest_charge: {
        id: id.replace('pi_', 'ch_'),
        object: 'charge',
        payment_intent: id,
        paid: true,
        refunded: false,
        receipt_url: `https://pay.stripe.com/receipts/payment/${id}`,
      },
    };
  }

  /** An event envelope as Stripe sends it. */
  event(type: string, object: unknown): Stripe.Event {
    return {
      id: this.next('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
  }

  /** checkout.session.completed for a session, paid (the session completes and gets its intent). */
  completed(sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): Stripe.Event {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= this.next('pi');
    session.url = null;
    return this.event('checkout.session.completed', { ...session });
  }

  sessionEvent(type: string, sessionId: string): Stripe.Event {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return this.event(type, { ...session });
  }

  /** charge.refunded for a payment intent (a full refund unless `partial`). */
  refunded(paymentIntentId: string, partial = false): Stripe.Event {
    const session = [...this.sessions.values()].find((s) => s.payment_intent === paymentIntentId);
    const amount = session?.amount_total ?? 0;
    return this.event('charge.refunded', {
      id: paymentIntentId.replace('pi_', 'ch_'),
      object: 'charge',
      payment_intent: paymentIntentId,
      amount,
      amount_refunded: partial ? Math.floor(amount / 2) : amount,
      refunded: !partial,
      paid: true,
      receipt_url: `https://pay.stripe.com/receipts/payment/${paymentIntentId}`,
    });
  }

  /** Posts an event to the app, signed with the SDK's test-header helper (or a given header). */
  async deliver(event: Stripe.Event, signature?: string): Promise<{ status: number; body: unknown }> {
    const payload = JSON.stringify(event);
    const header =
      signature ?? this.sdk.webhooks.generateTestHeaderString({ payload, secret: this.webhook.secret });
    const headers = { 'content-type': 'application/json', 'stripe-signature': header };
    if (this.webhook.send) return this.webhook.send(payload, headers);
    if (!this.webhook.url) throw new Error('StripeReplay: no webhook URL set');
    const res = await fetch(this.webhook.url, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.json().catch(() => null) };
  }
}
