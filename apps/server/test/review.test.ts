import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

/**
 * Exchange A: two BTC buys, a transfer to wallet B (same hash), a withdrawal nobody received
 * (SentGiftorPurchase), staking income the file labels (ConfirmAllTransaction), ETH sold that
 * was never bought (MissingReceiveWizard), a trade into a coin without a price
 * (PricingWizard), ETHW a few days after the Ethereum fork (MarkForkTransactions), a BTC sale.
 */
const EXCHANGE_A = [
  HEADER,
  '2024-01-10 12:00:00 UTC,40000,USD,1,BTC,,,40000,USD,,Buy,',
  '2024-01-20 12:00:00 UTC,25000,USD,0.5,BTC,,,25000,USD,,Buy,',
  '2024-02-01 10:00:00 UTC,0.5,BTC,,,,,,,,To my wallet,0xfeedbeef',
  '2024-03-01 10:00:00 UTC,0.1,BTC,,,,,5000,USD,,Withdrawal,',
  '2024-04-01 10:00:00 UTC,,,10,DOT,,,50,USD,staking,Staking,',
  '2024-05-01 10:00:00 UTC,2,ETH,6000,USD,,,6000,USD,,Sell,',
  '2024-06-01 10:00:00 UTC,0.01,BTC,500,FOOCOIN,,,,,,Trade,',
  '2022-09-20 10:00:00 UTC,,,1,ETHW,,,,,,Deposit,',
  '2024-09-01 10:00:00 UTC,0.3,BTC,18000,USD,,,18000,USD,,Sell,',
].join('\n');

/** Wallet B: the transfer from A arrives (less a network fee), and SOL nobody sent (MissingSendWizard). */
const WALLET_B = [
  HEADER,
  '2024-02-01 11:00:00 UTC,,,0.4995,BTC,,,,,,From exchange,0xfeedbeef',
  '2024-07-01 10:00:00 UTC,,,2,SOL,,,,,,Deposit,',
].join('\n');

interface FindingJson {
  id: string;
  transaction_ids: number[];
  asset: string;
  amount: string;
  account: string;
  detail: string;
  counterpart: { transaction_id: number } | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: guided review findings and answers`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let db: Kysely<Database>;

    async function calculate() {
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    }
    async function findings(wizard: string): Promise<FindingWizardResult> {
      const res = await alice.get(`/api/review/findings?wizard=${wizard}&per_page=100`);
      expect(res.status).toBe(200);
      return res.body.data;
    }
    interface FindingWizardResult {
      items: FindingJson[];
      total: number;
      choices: { value: string; label: string }[];
    }
    async function disposals(year: number) {
      const res = await alice.get(`/api/tax/years/${year}/disposals?page=1&per_page=100`);
      return res.body.data as Array<{
        transaction_id: number;
        category: string;
        asset: string;
        proceeds: string;
        cost_basis: string;
        gain: string;
      }>;
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      db = server.ctx.db.kysely;
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'exchange-a.csv', content: EXCHANGE_A },
        { custom_name: 'Exchange A' },
      );
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'wallet-b.csv', content: WALLET_B },
        { custom_name: 'Wallet B', new_account: 'true' },
      );
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('before any calculation: the rows themselves give transfers, withdrawals, income and forks', async () => {
      const summary = await alice.get('/api/review/summary');
      expect(summary.body.data.stale).toBe(true);
      const transfers = await findings('SelfTransferWizard');
      expect(transfers.items).toHaveLength(1);
      expect(transfers.items[0]).toMatchObject({
        asset: 'BTC',
        amount: '0.5',
        account: 'Exchange A',
        counterpart: { amount: '0.4995' },
        detail: expect.stringContaining('(0.0005 paid on the way)'),
      });
      expect((await findings('SentGiftorPurchase')).items.map((f) => [f.asset, f.amount])).toEqual([
        ['BTC', '0.1'],
      ]);
      expect((await findings('ConfirmAllTransaction')).items.map((f) => f.asset)).toEqual(['DOT']);
      const forks = await findings('MarkForkTransactions');
      expect(forks.items.map((f) => f.detail)).toEqual([
        '1 ETHW arrived on 2022-09-20, 5 days after ETHW split from ETH (2022-09-15).',
      ]);
      // These need a calculation.
      expect((await findings('MissingSendWizard')).total).toBe(0);
      expect((await findings('PricingWizard')).total).toBe(0);
      // Bob has nothing to review.
      expect((await bob.get('/api/review/summary')).body.data.total).toBe(0);
    });

    it('after a calculation: deposits from nowhere, missing prices and negative balances', async () => {
      await calculate();
      const fromNowhere = await findings('MissingSendWizard');
      expect(fromNowhere.items.map((f) => [f.asset, f.amount])).toEqual([['SOL', '2']]);
      // The coin nobody prices, and the BTC the transfer lost on the way (it needs a BTC price).
      const prices = await findings('PricingWizard');
      expect(prices.items.map((f) => f.asset)).toEqual(['BTC', 'FOOCOIN']);
      const negative = await findings('MissingReceiveWizard');
      expect(negative.items).toHaveLength(1);
      expect(negative.items[0]!.detail).toMatch(/^There was not enough ETH in your Exchange A wallet/);
      expect(negative.items[0]!.amount).toBe('2');
      const summary = (await alice.get('/api/review/summary')).body.data;
      expect(summary.total).toBe(8);
      expect(summary.stale).toBe(false);
    });

    it('each answer is an annotation that moves the numbers', async () => {
      const before = await disposals(2024);
      const gift = (await findings('SentGiftorPurchase')).items[0]!;
      // Another user cannot answer Alice's findings; a wrong choice is refused.
      expect(
        (
          await bob.post('/api/review/decide', {
            wizard: 'SentGiftorPurchase',
            decisions: [{ finding_id: gift.id, choice: 'gift' }],
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await alice.post('/api/review/decide', {
            wizard: 'SentGiftorPurchase',
            decisions: [{ finding_id: gift.id, choice: 'airdrop' }],
          })
        ).status,
      ).toBe(400);
      const answered = await alice.post('/api/review/decide', {
        wizard: 'SentGiftorPurchase',
        decisions: [{ finding_id: gift.id, choice: 'gift' }],
      });
      expect(answered.body.data).toEqual({ applied: 1, remaining: 0 });
      const history = await db
        .selectFrom('annotation_histories')
        .select(['action', 'user_defined_type'])
        .where('user_defined_type', '=', 'gift_sent')
        .execute();
      expect(history).toEqual([{ action: 'type', user_defined_type: 'gift_sent' }]);

      // Every transfer confirmed at once: the Self Transfer dialog's pair.
      const all = await alice.post('/api/review/decide', {
        wizard: 'SelfTransferWizard',
        all: true,
        choice: 'confirm',
      });
      expect(all.body.data).toEqual({ applied: 1, remaining: 0 });
      await alice.post('/api/review/decide', {
        wizard: 'ConfirmAllTransaction',
        all: true,
        choice: 'confirm',
      });
      await alice.post('/api/review/decide', { wizard: 'MarkForkTransactions', all: true, choice: 'fork' });
      await alice.post('/api/review/decide', { wizard: 'MissingSendWizard', all: true, choice: 'income' });
      await alice.post('/api/review/decide', {
        wizard: 'MissingReceiveWizard',
        all: true,
        choice: 'zero_basis',
      });
      const types = await db
        .selectFrom('transactions')
        .select(['received_asset', 'sent_asset', 'user_defined_type'])
        .where('user_defined_type', 'is not', null)
        .orderBy('timestamp')
        .execute();
      expect(types.map((t) => [t.sent_asset ?? t.received_asset, t.user_defined_type])).toEqual([
        ['ETHW', 'fork'],
        ['BTC', 'self_transfer'],
        ['BTC', 'self_transfer'],
        ['BTC', 'gift_sent'],
        ['DOT', 'staking_reward'],
        ['ETH', 'business_or_investment'],
        ['SOL', 'misc_reward'],
      ]);
      // Prices for the SOL (so its income has a value) and for the BTC the transfer lost.
      await alice.upload('/api/prices/files', {
        name: 'prices.csv',
        content: 'date,asset,price,currency\n2024-07-01,SOL,150,USD\n2024-02-01,BTC,42000,USD\n',
      });
      await calculate();
      const after = await disposals(2024);
      expect(after).not.toEqual(before);
      // The 0.1 BTC is a gift now (not taxable), the transfer lost 0.0005 BTC as a fee.
      expect(after.find((d) => d.category === 'gift')).toMatchObject({ asset: 'BTC' });
      expect(after.find((d) => d.category === 'transfer_fee')).toMatchObject({ asset: 'BTC' });
      const year = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2024,
      );
      // Income: 10 DOT worth 50 + 2 SOL at 150.
      expect(year.income).toBe('350.00');
      const summary = (await alice.get('/api/review/summary')).body.data;
      expect(summary.total).toBe(1); // the coin nobody prices
      expect(
        (await alice.post('/api/review/decide', { wizard: 'PricingWizard', all: true, choice: 'fetch' })).body
          .message,
      ).toBe('No price provider is configured; add values by hand or load a price file.');
    });

    it('no noise: an older file after a newer one gives no warning per row; KFEE stays on its trade', async () => {
      const samples = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
      const carol = new TestClient(server.app);
      await carol.post('/api/auth/sign_up', { email: 'carol@example.com', password: 'correct horse 9' });
      for (const name of ['kraken-ledgers-2024.csv', 'kraken-ledgers-legacy.csv']) {
        await carol.upload('/api/imports/v1/csv_imports', {
          name,
          content: readFileSync(resolve(samples, name)),
        });
        await server.ctx.jobs.idle();
      }
      await carol.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const warnings = (await carol.get('/api/tax/years')).body.data.warnings as Array<{ code: string }>;
      expect(warnings.filter((w) => w.code === 'out_of_order')).toEqual([]);
      const kfee = await db
        .selectFrom('transactions')
        .select(['note', 'fee_asset'])
        .where('note', 'like', 'Fee of % KFEE paid with Kraken fee credits%')
        .execute();
      expect(kfee.length).toBeGreaterThan(0);
      expect(kfee.every((r) => r.fee_asset !== 'KFEE')).toBe(true);
    });

    it('Safe Harbor 2025: both allocation rules side by side, the choice dated, the record downloadable', async () => {
      const dave = new TestClient(server.app);
      await dave.post('/api/auth/sign_up', { email: 'dave@example.com', password: 'correct horse 9' });
      // 1 BTC bought cheap in A (2023), 2 BTC dear in B (2024); in 2025, 0.5 BTC sold from A.
      const a = [
        HEADER,
        '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
        '2025-03-01 10:00:00 UTC,0.5,BTC,30000,USD,,,30000,USD,,Sell,',
      ].join('\n');
      const b = [HEADER, '2024-06-10 12:00:00 UTC,120000,USD,2,BTC,,,120000,USD,,Buy,'].join('\n');
      await dave.upload('/api/imports/v1/csv_imports', { name: 'a.csv', content: a }, { custom_name: 'A' });
      await dave.upload(
        '/api/imports/v1/csv_imports',
        { name: 'b.csv', content: b },
        { custom_name: 'B', new_account: 'true' },
      );
      await server.ctx.jobs.idle();
      const comparison = (await dave.get('/api/review/allocation_comparison')).body.data;
      expect(comparison.current).toBe('stay-oldest-first');
      expect(comparison.chosen_at).toBeNull();
      const [stay, lowest] = comparison.rules;
      // Lots stay put: A keeps its 10,000 lot (2023): 30,000 − 5,000 = 25,000, long term.
      expect(stay).toMatchObject({
        rule: 'stay-oldest-first',
        long_term_gain: '25000.00',
        short_term_gain: '0.00',
      });
      expect(stay.wallets).toEqual([
        { wallet: 'A', asset: 'BTC', amount: '1', cost_basis: '10000.00' },
        { wallet: 'B', asset: 'BTC', amount: '2', cost_basis: '120000.00' },
      ]);
      // Lowest cost to the largest holding: the 10,000 lot goes to B (2 BTC), A gets a 60,000 lot
      // of 2024: 30,000 − 30,000 = 0, short term.
      expect(lowest).toMatchObject({
        rule: 'lowest-cost-largest-holding',
        long_term_gain: '0.00',
        short_term_gain: '0.00',
      });
      expect(lowest.wallets).toEqual([
        { wallet: 'A', asset: 'BTC', amount: '1', cost_basis: '60000.00' },
        { wallet: 'B', asset: 'BTC', amount: '2', cost_basis: '70000.00' },
      ]);
      const chosen = await dave.post('/api/review/allocation', { rule: 'lowest-cost-largest-holding' });
      expect(chosen.body.data.rule).toBe('lowest-cost-largest-holding');
      expect(chosen.body.data.chosen_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await dave.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const csv = await dave.request('GET', '/api/review/allocation.csv');
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split('\n');
      expect(lines[0]).toBe(
        'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis,rule_chosen_at',
      );
      expect(
        lines
          .slice(1)
          .every((l) => l.includes('lowest-cost-largest-holding') && l.endsWith(chosen.body.data.chosen_at)),
      ).toBe(true);
      expect((await bob.request('GET', '/api/review/allocation.csv')).status).toBe(404);
    });

    it('real exports: their gaps are found with the rows they come from', async () => {
      const samples = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
      const erin = new TestClient(server.app);
      await erin.post('/api/auth/sign_up', { email: 'erin@example.com', password: 'correct horse 9' });
      for (const name of [
        'kraken-ledgers-2024.csv',
        'kucoin-spot-trade-history.csv',
        'etherscan-normal-transactions.csv',
      ]) {
        await erin.upload(
          '/api/imports/v1/csv_imports',
          { name, content: readFileSync(resolve(samples, name)) },
          name.startsWith('etherscan')
            ? { wallet_address: '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de' }
            : {},
        );
        await server.ctx.jobs.idle();
      }
      await erin.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const of = async (wizard: string) =>
        (await erin.get(`/api/review/findings?wizard=${wizard}&per_page=100`)).body.data
          .items as FindingJson[];
      // Kraken: the BTC withdrawal of 15 March nobody received, and the SOL staking reward.
      expect((await of('SentGiftorPurchase')).map((f) => `${f.amount} ${f.asset}`)).toContain('0.007 BTC');
      expect((await of('ConfirmAllTransaction')).map((f) => `${f.amount} ${f.asset}`)).toContain(
        '0.0021 SOL',
      );
      // Etherscan: 0.75 ETH arrived from an exchange nobody imported.
      expect((await of('MissingSendWizard')).map((f) => `${f.amount} ${f.asset}`)).toContain('0.75 ETH');
      // KuCoin: USDT spent that was never bought.
      expect((await of('MissingReceiveWizard')).map((f) => f.asset)).toEqual(
        expect.arrayContaining(['USDT', 'SOL']),
      );
      // Offline: the EUR rows have no USD rate, the on-chain ETH no price.
      expect((await of('PricingWizard')).length).toBeGreaterThan(5);
    });

    it('walks the wizards in the spec order through the trace calls', async () => {
      const status = (await alice.get('/api/traces/trace_status')).body.data;
      expect(status.need_self_transfer_stitching).toBe(false);
      expect(status.uncompleted_trace_status).toEqual(['PricingWizard', 'SelectLifoFifo']);
      expect((await alice.get('/api/traces/review_entry')).body).toEqual({ wizard_name: 'PricingWizard' });
      const next = await alice.get('/api/traces/next_wizard');
      const id = next.body.id;
      const done = await alice.post(`/api/traces/${id}`, { wizard_name: 'PricingWizard' });
      // Pricing still has its finding, so it stays open; the next after it is the method choice.
      expect(done.body).toEqual({ status: 'success', wizard_name: 'SelectLifoFifo' });
      expect((await alice.post('/api/traces/check_reviewed')).body).toEqual({ status: false });
      const comparison = (await alice.get('/api/review/method_comparison?year=2024')).body.data;
      expect(comparison.methods.map((m: { method: string }) => m.method)).toEqual([
        'fifo',
        'lifo',
        'hifo',
        'lofo',
      ]);
      const byMethod = Object.fromEntries(
        comparison.methods.map((m: { method: string; short_term_gain: string }) => [
          m.method,
          m.short_term_gain,
        ]),
      );
      expect(byMethod.fifo).not.toBe(byMethod.hifo);
      const chosen = await alice.post('/api/review/method', { year: 2024, method: 'hifo' });
      expect(chosen.body.data.method).toBe('2023:fifo,2024:hifo');
      expect((await alice.get('/api/traces/active_year_subscription_status')).body).toMatchObject({
        subscription_stat: 'active',
      });
      expect((await alice.get('/api/traces/has_subscriptions')).body).toEqual({ subscribed: true });
      expect((await alice.get('/api/traces/customer_info')).body).toEqual({
        data: { email: 'alice@example.com' },
      });
      await alice.post('/api/traces/update_trace_to_desired_wizard', { wizard: 'SentGiftorPurchase' });
      expect((await alice.get('/api/traces/trace_status')).body.data.trace_name).toBe('SentGiftorPurchase');
    });
  });
}
