import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FREE_LIMIT_TEXT } from '@lotwise/contracts/billing/billing';
import { StripeReplay } from '@lotwise/test-replay/stripe-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Billing (issue 20) through the app against a replay of Stripe's API (the SDK's host pointed at
 * it), with webhook events signed by the SDK's own test-header helper: the free import limit
 * pauses an import whole, checkout for a plan and tax year, the paid webhook resumes the import
 * with every row once, replays and forged signatures change nothing, events out of order end in
 * the right state, a year's reports need its plan, and billing off (the default) asks for nothing.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** `count` buys of BTC in 2024, one a day from `from` (1-based day of January…). */
const buys = (count: number, from = 1) =>
  [
    HEADER,
    ...Array.from({ length: count }, (_, i) => {
      const day = new Date(Date.UTC(2024, 0, from + i, 12)).toISOString().slice(0, 19).replace('T', ' ');
      return `${day},${100 + i},USD,0.01,BTC,,,,,,,`;
    }),
  ].join('\n');

const plansFile = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'lotwise-plans-'));
  const file = join(dir, 'plans.json');
  writeFileSync(
    file,
    JSON.stringify({
      currency: 'usd',
      free_transaction_limit: 5,
      first_tax_year: 2020,
      plans: [
        { id: 'small', name: 'Small', price: '10.00', transaction_limit: 6, features: ['Reports'] },
        { id: 'big', name: 'Big', price: '25.50', transaction_limit: null, features: ['Reports'] },
      ],
    }),
  );
  return file;
})();

const SECRET = 'whsec_test_lotwise_replay';

for (const dialect of DIALECTS) {
  describe(`${dialect}: plans, the free import limit and Stripe payments`, { timeout: 60_000 }, () => {
    let stripe: StripeReplay;
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    const count = async (email: string) =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions as t')
            .innerJoin('users as u', 'u.id', 't.user_id')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('u.email', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const purchase = (id: number) =>
      server.ctx.db.kysely
        .selectFrom('billing_purchases')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const upload = async (client: TestClient, name: string, content: string) => {
      const res = await client.upload('/api/imports/v1/csv_imports', { name, content });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await server.ctx.jobs.idle();
      return res.body.data as { import_file_id: number; job_id: number };
    };
    const checkout = async (client: TestClient, plan: string, year = 2024) => {
      const res = await client.post('/api/billing/checkout', {
        plan_id: plan,
        tax_year: year,
        call_url: '/',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sessionId = String(res.body.url).split('/pay/')[1] ?? '';
      return { purchaseId: res.body.purchase_id as number, sessionId, url: res.body.url as string };
    };

    beforeAll(async () => {
      stripe = await new StripeReplay({
        secret: SECRET,
        send: async (payload, headers) => {
          const res = await server.app.inject({
            method: 'POST',
            url: '/api/billing/webhook',
            headers,
            payload,
          });
          return { status: res.statusCode, body: res.json() };
        },
      }).start();
      server = await startTestServer(dialect, {
        BILLING: 'stripe',
        BILLING_PLANS_FILE: plansFile,
        STRIPE_SECRET_KEY: 'sk_test_lotwise',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE_URL: stripe.url,
      });
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await stripe.close();
    });

    it('lists the configured plans of a tax year with the user’s count and no plan yet', async () => {
      const status = await server.app.inject({ method: 'GET', url: '/api/billing/status' });
      expect(status.json()).toEqual({ billing_enabled: true });
      const res = await alice.get('/api/billing/plans?tax_year=2024');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        billing_enabled: true,
        tax_year: 2024,
        free_transaction_limit: 5,
        current_plan_id: null,
        transaction_count: 0,
      });
      expect(res.body.plans.map((p: { id: string; price: string }) => `${p.id} ${p.price}`)).toEqual([
        'small 10.00',
        'big 25.50',
      ]);
      expect(res.body.tax_years[res.body.tax_years.length - 1]).toBe(2020);
      expect((await alice.get('/api/traces/has_subscriptions')).body).toEqual({ subscribed: false });
    });

    it('pauses an import that would pass the free limit, storing none of it', async () => {
      await upload(alice, 'first.csv', buys(3));
      expect(await count('alice@example.com')).toBe(3);
      const { import_file_id, job_id } = await upload(alice, 'second.csv', buys(4, 10));
      expect(await count('alice@example.com')).toBe(3);
      const job = await server.ctx.jobsRepo.find(job_id);
      expect(job?.status).toBe('succeeded');
      expect(JSON.parse(String(job?.result))).toMatchObject({ status: 'paused', needed: 7, limit: 5 });
      const file = await server.ctx.db.kysely
        .selectFrom('import_files')
        .selectAll()
        .where('id', '=', import_file_id)
        .executeTakeFirstOrThrow();
      expect(file.status).toBe('paused');
      expect(file.status_message).toBe(FREE_LIMIT_TEXT);
      const staged = await server.ctx.db.kysely.selectFrom('import_staging').selectAll().execute();
      expect(staged).toHaveLength(0);

      const limit = await alice.get('/api/billing/import_limit');
      expect(limit.body).toMatchObject({
        billing_enabled: true,
        limit: 5,
        transaction_count: 3,
        upgrade_possible: true,
      });
      expect(limit.body.paused).toEqual([
        expect.objectContaining({ import_file_id, file_name: 'second.csv', needed: 7 }),
      ]);
      expect((await alice.get('/api/imports/v1/import_histories/payment_required')).body).toEqual({
        payment_required: true,
      });
      // Bob's account sees none of Alice's pause.
      expect((await bob.get('/api/billing/import_limit')).body.paused).toEqual([]);
    });

    it('a year’s reports need its plan: 402 payment_required with the year and a trace id', async () => {
      const res = await alice.get('/api/tax/reports/2024/form-8949.pdf');
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ code: 'payment_required', payment_required: true, tax_year: 2024 });
      expect(res.body.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('checkout → forged webhook refused → paid webhook → the paused import finishes, each row once', async () => {
      const { purchaseId, sessionId, url } = await checkout(alice, 'big');
      expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
      const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
      expect(created?.form.get('line_items[0][price_data][unit_amount]')).toBe('2550');
      expect(created?.form.get('line_items[0][price_data][currency]')).toBe('usd');
      expect(created?.form.get('metadata[purchase_id]')).toBe(String(purchaseId));
      expect(created?.form.get('customer_email')).toBe('alice@example.com');
      expect(created?.idempotencyKey).toBe(`lotwise-purchase-${purchaseId}`);
      expect((await purchase(purchaseId)).status).toBe('pending');

      const event = stripe.completed(sessionId);
      const forged = await stripe.deliver(event, 't=1700000000,v1=deadbeef');
      expect(forged.status).toBe(400);
      expect((await purchase(purchaseId)).status).toBe('pending');

      const paid = await stripe.deliver(event);
      expect(paid).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
      await server.ctx.jobs.idle();
      const row = await purchase(purchaseId);
      expect(row.status).toBe('paid');
      expect(row.receipt_url).toBe(`https://pay.stripe.com/receipts/payment/${row.payment_intent_id}`);
      expect(await count('alice@example.com')).toBe(7);
      expect((await alice.get('/api/billing/import_limit')).body).toMatchObject({ limit: null, paused: [] });
      expect((await alice.get('/api/traces/has_subscriptions')).body).toEqual({ subscribed: true });
      expect((await alice.get('/api/billing/plans?tax_year=2024')).body.current_plan_id).toBe('big');

      // The same event again changes nothing and starts nothing.
      const jobsBefore = await server.ctx.db.kysely.selectFrom('jobs').select('id').execute();
      const again = await stripe.deliver(event);
      expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
      await server.ctx.jobs.idle();
      expect(await server.ctx.db.kysely.selectFrom('jobs').select('id').execute()).toHaveLength(
        jobsBefore.length,
      );
      expect(await count('alice@example.com')).toBe(7);
      expect((await purchase(purchaseId)).updated_at).toBe(row.updated_at);

      // A late 'expired' for the same session does not undo the payment.
      await stripe.deliver(stripe.sessionEvent('checkout.session.expired', sessionId));
      expect((await purchase(purchaseId)).status).toBe('paid');

      const history = await alice.get('/api/billings/billingHistory');
      expect(history.body.data).toEqual([
        expect.objectContaining({
          plan_id: 'big',
          plan_name: 'Big',
          source: 'stripe',
          status: 'paid',
          amount: '25.50',
          currency: 'usd',
          tax_year: 2024,
        }),
      ]);
      expect((await bob.get('/api/billings/billingHistory')).body.data).toEqual([]);

      // Reports of 2024 are now past the payment check (no calculation yet: 404, not 402).
      expect((await alice.get('/api/tax/reports/2024/form-8949.pdf')).status).toBe(404);
      expect((await alice.get('/api/tax/reports/2023/form-8949.pdf')).status).toBe(402);
      // The plan held already cannot be bought twice.
      expect((await alice.post('/api/billing/checkout', { plan_id: 'small', tax_year: 2024 })).status).toBe(
        409,
      );
    });

    it('a refund seen before its payment ends the purchase refunded; failures stay unpaid', async () => {
      const first = await checkout(bob, 'small');
      const completed = stripe.completed(first.sessionId);
      const intent = (completed.data.object as { payment_intent: string }).payment_intent;
      expect((await stripe.deliver(stripe.refunded(intent))).status).toBe(200);
      expect((await purchase(first.purchaseId)).status).toBe('pending');
      await stripe.deliver(completed);
      expect((await purchase(first.purchaseId)).status).toBe('refunded');
      expect((await bob.get('/api/traces/has_subscriptions')).body).toEqual({ subscribed: false });

      const second = await checkout(bob, 'small');
      await stripe.deliver(stripe.sessionEvent('checkout.session.async_payment_failed', second.sessionId));
      expect((await purchase(second.purchaseId)).status).toBe('failed');
      // A partial refund of a later payment leaves its plan in place.
      const third = await checkout(bob, 'small');
      const paid = stripe.completed(third.sessionId);
      await stripe.deliver(paid);
      await stripe.deliver(
        stripe.refunded((paid.data.object as { payment_intent: string }).payment_intent, true),
      );
      expect((await purchase(third.purchaseId)).status).toBe('paid');
      const statuses = (await bob.get('/api/billings/billingHistory')).body.data.map(
        (r: { status: string }) => r.status,
      );
      expect(statuses.sort()).toEqual(['failed', 'paid', 'refunded']);
    });

    it('an accountant’s invitation to pay is answered when the client buys that plan and year', async () => {
      const aliceId = (await server.ctx.users.findByEmail('alice@example.com'))!.id;
      const bobId = (await server.ctx.users.findByEmail('bob@example.com'))!.id;
      // The invitation as /tax_pro/invite_client_to_pay records it (taxpro.test.ts covers the call).
      const invitation = await server.ctx.db.kysely
        .insertInto('plan_invitations')
        .values({
          cpa_user_id: bobId,
          customer_user_id: aliceId,
          tax_year: 2023,
          plan_id: 'small',
          status: 'sent',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { purchaseId, sessionId } = await checkout(alice, 'small', 2023);
      expect((await purchase(purchaseId)).plan_invitation_id).toBe(invitation.id);
      await stripe.deliver(stripe.completed(sessionId));
      const answered = await server.ctx.db.kysely
        .selectFrom('plan_invitations')
        .select('status')
        .where('id', '=', invitation.id)
        .executeTakeFirstOrThrow();
      expect(answered.status).toBe('paid');
      expect((await alice.get('/api/tax/reports/2023/form-8949.pdf')).status).toBe(404);
    });

    it('says so when Stripe does not answer, and refuses plans the year does not sell', async () => {
      stripe.faults.push(500, 500, 500);
      const res = await bob.post('/api/billing/checkout', { plan_id: 'big', tax_year: 2024 });
      expect(res.status).toBe(500);
      expect(res.body.message).toMatch(
        /^Stripe service is not currently responding, please try again in a bit\./,
      );
      const unknown = await bob.post('/api/billing/checkout', { plan_id: 'gold', tax_year: 2024 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('There is no gold plan for tax year 2024.');
    });
  });
}

describe('billing off (the default)', () => {
  let server: TestServer;
  let carol: TestClient;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    carol = new TestClient(server.app);
    await carol.post('/api/auth/sign_up', { email: 'carol@example.com', password: 'correct horse 9' });
  });
  afterAll(() => server.dispose());

  it('asks for nothing: no limit, every year subscribed, no checkout, reports not held back', async () => {
    expect((await carol.get('/api/billing/plans')).body).toMatchObject({ billing_enabled: false });
    // Public: the logged-out pages hide Choose Plan from it too.
    const status = await server.app.inject({ method: 'GET', url: '/api/billing/status' });
    expect([status.statusCode, status.json()]).toEqual([200, { billing_enabled: false }]);
    expect((await carol.get('/api/billing/import_limit')).body).toMatchObject({ limit: null, paused: [] });
    expect((await carol.get('/api/traces/has_subscriptions')).body).toEqual({ subscribed: true });
    expect((await carol.get('/api/traces/active_year_subscription_status')).body.subscription_stat).toBe(
      'active',
    );
    const res = await carol.post('/api/billing/checkout', { plan_id: 'pro', tax_year: 2024 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Billing is off on this instance: every feature is included.');
    expect((await carol.get('/api/tax/reports/2024/form-8949.pdf')).status).toBe(404);
    const webhook = await server.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);
  });
});

describe('sqlite file: a large upload through the import writer pauses whole; an admin grant resumes it', () => {
  let server: TestServer;
  let dave: TestClient;
  let root: TestClient;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lotwise-billing-writer-'));
    server = await startTestServer('sqlite', {
      DATABASE_URL: `sqlite:${join(dir, 'lotwise.db')}`,
      // Every upload takes the parse worker → import writer path.
      IMPORT_WORKER_MIN_BYTES: '0',
      BILLING: 'stripe',
      BILLING_PLANS_FILE: plansFile,
      STRIPE_SECRET_KEY: 'sk_test_lotwise',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
    });
    dave = new TestClient(server.app);
    root = new TestClient(server.app);
    await dave.post('/api/auth/sign_up', { email: 'dave@example.com', password: 'correct horse 9' });
    await root.post('/api/auth/sign_up', { email: 'root@example.com', password: 'correct horse 9' });
    const rootUser = await server.ctx.users.findByEmail('root@example.com');
    await server.ctx.users.update(rootUser!.id, { roles: 'admin' });
  });
  afterAll(() => server.dispose());

  it('stores nothing past the limit, then every row once after the grant', async () => {
    const rows = () =>
      server.ctx.db.kysely
        .selectFrom('transactions')
        .select('dedupe_key')
        .execute()
        .then((r) => r.length);
    const res = await dave.upload('/api/imports/v1/csv_imports', { name: 'big.csv', content: buys(8) });
    expect(res.status).toBe(200);
    await server.ctx.jobs.idle();
    expect(await rows()).toBe(0);
    const job = await server.ctx.jobsRepo.find(res.body.data.job_id);
    expect(JSON.parse(String(job?.result))).toMatchObject({ status: 'paused', needed: 8, limit: 5 });
    expect(await server.ctx.db.kysely.selectFrom('import_errors').selectAll().execute()).toEqual([]);

    const daveUser = await server.ctx.users.findByEmail('dave@example.com');
    const grant = await root.post(`/api/admin/users/${daveUser!.id}/grant_plan`, {
      tax_year: 2024,
      plan_id: 'small',
    });
    expect(grant.status).toBe(200);
    await server.ctx.jobs.idle();
    expect(await rows()).toBe(8);
    const history = (await dave.get('/api/billings/billingHistory')).body.data;
    expect(history).toEqual([expect.objectContaining({ source: 'admin', plan_id: 'small', status: 'paid' })]);
    const unknown = await root.post(`/api/admin/users/${daveUser!.id}/grant_plan`, {
      tax_year: 2024,
      plan_id: 'x',
    });
    expect(unknown.status).toBe(400);
  });
});
