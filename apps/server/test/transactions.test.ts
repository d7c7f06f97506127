import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTransaction } from '../src/db/schema.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const NOW = '2026-01-01T00:00:00.000Z';

type Seed = Partial<NewTransaction> & { kind: string; timestamp: string };

async function seed(server: TestServer, email: string, rows: Seed[], account = 'Coinbase') {
  const db = server.ctx.db.kysely;
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const history = await db
    .insertInto('import_histories')
    .values({
      user_id: user.id,
      account_name: account,
      account_slug: account.toLowerCase(),
      type: account === 'Manual' ? 'manual' : 'csv',
      custom_name: null,
      us_based: false,
      import_status: 'complete',
      wallet_address: null,
      last_synced_at: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, r] of rows.entries()) {
    const row = await db
      .insertInto('transactions')
      .values({
        user_id: user.id,
        import_history_id: history.id,
        import_file_id: null,
        dedupe_key: `${account}-${i}-${r.timestamp}`,
        ignored: false,
        created_at: NOW,
        updated_at: NOW,
        ...r,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return { userId: user.id, historyId: history.id, ids };
}

const ALICE_ROWS: Seed[] = [
  {
    timestamp: '2024-01-05T10:00:00.000Z',
    kind: 'buy',
    sent_asset: 'USD',
    sent_amount: '1000',
    received_asset: 'BTC',
    received_amount: '0.025',
    fiat_currency: 'USD',
    fiat_value: '1000',
  },
  {
    timestamp: '2024-02-10T10:00:00.000Z',
    kind: 'sell',
    sent_asset: 'BTC',
    sent_amount: '0.01',
    received_asset: 'EUR',
    received_amount: '450',
  },
  {
    timestamp: '2024-03-15T10:00:00.000Z',
    kind: 'trade',
    sent_asset: 'BTC',
    sent_amount: '0.005',
    received_asset: 'ETH',
    received_amount: '0.1',
  },
  {
    timestamp: '2024-04-20T10:00:00.000Z',
    kind: 'income',
    received_asset: 'DOT',
    received_amount: '9',
    label: 'staking_reward',
  },
  {
    timestamp: '2024-05-25T10:00:00.000Z',
    kind: 'deposit',
    received_asset: 'ETH',
    received_amount: '10',
    to_address: '0xabc123def456',
  },
  {
    timestamp: '2024-06-30T10:00:00.000Z',
    kind: 'withdrawal',
    sent_asset: 'ETH',
    sent_amount: '2',
    ignored: true,
  },
  {
    timestamp: '2024-07-04T10:00:00.000Z',
    kind: 'buy',
    sent_asset: 'USD',
    sent_amount: '50',
    received_asset: 'PUNK#42',
    received_amount: '1',
    fiat_currency: 'USD',
    fiat_value: '50',
  },
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: transactions list`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let aliceIds: number[];
    let bobIds: number[];
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      aliceIds = (await seed(server, 'alice@example.com', ALICE_ROWS)).ids;
      bobIds = (
        await seed(server, 'bob@example.com', [
          { timestamp: '2024-01-01T00:00:00.000Z', kind: 'buy', received_asset: 'BTC', received_amount: '5' },
          { timestamp: '2024-01-02T00:00:00.000Z', kind: 'sell', sent_asset: 'BTC', sent_amount: '1' },
        ])
      ).ids;
    });
    afterAll(() => server.dispose());

    const list = (client: TestClient, body: object = {}, query = '') =>
      client.post(`/api/traces/list_transactions_new${query}`, body);

    it('lists only the signed-in user’s rows, newest first, with the §3 fields', async () => {
      const res = await list(alice);
      expect(res.status).toBe(200);
      expect(res.body.transactions_count).toBe(7);
      expect(res.body.transactions.map((t: { id: number }) => t.id)).toEqual([...aliceIds].reverse());
      expect(res.body.transactions.some((t: { id: number }) => bobIds.includes(t.id))).toBe(false);
      const buy = res.body.transactions.find((t: { id: number }) => t.id === aliceIds[0]);
      expect(buy).toMatchObject({
        type: 'buy',
        from_currency: 'USD',
        to_currency: 'BTC',
        to_amount: '0.025',
        total: '1000',
        status: 'ok',
        exchange: 'Coinbase',
      });
      expect(Number(buy.total)).toBe(1000);
      expect(res.body.transactions_ids[String(aliceIds[5])]).toBe(true);
      expect(res.body.other_transactions_ids).toEqual([]);
      expect(res.body.currency).toBe('USD');
      const bobs = await list(bob);
      expect(bobs.body.transactions_count).toBe(2);
      expect(bobs.body.transactions.map((t: { id: number }) => t.id).sort()).toEqual([...bobIds].sort());
    });

    it('filters by category, ?type, sub type, status, visibility, dates, search and source', async () => {
      const count = async (body: object, query = '') =>
        (await list(alice, body, query)).body.transactions_count;
      expect(await count({ txns_type: 'buy' })).toBe(4);
      expect(await count({}, '?type=Withdrawal')).toBe(2);
      expect(await count({ txns_type: 'trade' })).toBe(1);
      expect(await count({ txns_type: 'ignore' })).toBe(1);
      expect(await count({ txns_type: 'buy', type: 'staking_reward' })).toBe(1);
      expect(await count({ txns_type: 'buy', type: 'only_buy' })).toBe(2);
      // Missing price before any calculation: no fiat value and no fiat leg.
      expect(await count({ txns_type: 'need_review' })).toBe(3);
      expect(await count({ statuses: [{ value: 'income', label: 'Income' }] })).toBe(1);
      expect(await count({ statuses: [{ value: 'notes' }] })).toBe(3);
      expect(await count({ visibility: ['cryptocurrency', 'nft', 'lptokens', 'valid'] })).toBe(6);
      expect(await count({ visibility: ['nft', 'valid'] })).toBe(1);
      expect(await count({ visibility: ['ignored'] })).toBe(1);
      expect(await count({ visibility: ['cryptocurrency', 'valid'] })).toBe(5);
      expect(await count({ start_date: '2024-02-10', end_date: '2024-04-20' })).toBe(3);
      expect(await count({ start_date: '2024-02-11T00:00:00', end_date: 'null' })).toBe(5);
      expect(await count({ search_params: 'eth' })).toBe(3);
      expect(await count({ search_params: '0xabc' })).toBe(1);
      expect(await count({ search_params: 'coinbase' })).toBe(7);
      expect(await count({ search_params: false })).toBe(7);
      const sources = (await alice.get('/api/exchanges/')).body.data;
      expect(sources).toHaveLength(1);
      expect(await count({ exchanges: [{ value: sources[0].value, label: 'Coinbase', type: 'csv' }] })).toBe(
        7,
      );
      expect(await count({ grouped_exchange: [sources[0].group_id] })).toBe(7);
      expect(await count({ methods: ['api'] })).toBe(0);
      expect(await count({ methods: ['csv'] })).toBe(7);
      // Bob's account id gives Alice nothing.
      const bobSources = (await bob.get('/api/exchanges/')).body.data;
      expect(await count({ exchanges: [{ value: bobSources[0].value }] })).toBe(0);
    });

    it('sorts quantities numerically and pages', async () => {
      const res = await list(alice, { sort_attribute: 'to_currency_quantity', sort_order: 'desc' });
      const amounts = res.body.transactions.map((t: { to_amount: string | null }) => t.to_amount);
      expect(amounts.slice(0, 6).map(Number)).toEqual([450, 10, 9, 1, 0.1, 0.025]);
      expect(amounts[6]).toBeNull();
      const asc = await list(alice, { sort_attribute: 'from_currency_quantity', sort_order: 'asc' });
      expect(
        asc.body.transactions
          .map((t: { from_amount: string | null }) => t.from_amount)
          .slice(2)
          .map(Number),
      ).toEqual([0.005, 0.01, 2, 50, 1000]);
      const rows = Array.from({ length: 45 }, (_, i) => ({
        timestamp: `2023-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        kind: 'deposit',
        received_asset: 'SOL',
        received_amount: String(i + 1),
      }));
      await seed(server, 'bob@example.com', rows, 'Kraken');
      const page3 = await list(bob, { page: 3, page_size: 20 });
      expect(page3.body.transactions_count).toBe(47);
      expect(page3.body.transactions).toHaveLength(7);
      expect(page3.body.other_transactions_ids).toHaveLength(40);
      expect((await list(bob, { page_size: 25 })).status).toBe(400);
    });

    it('returns a group once with its incoming, outgoing and fee rows', async () => {
      const db = server.ctx.db.kysely;
      const [lead, second] = [aliceIds[1] as number, aliceIds[2] as number];
      await db.updateTable('transactions').set({ gt_id: lead }).where('id', 'in', [lead, second]).execute();
      const res = await list(alice);
      expect(res.body.transactions_count).toBe(6);
      const group = res.body.transactions.find((t: { id: number }) => t.id === lead);
      expect(group.is_grouped_transaction).toBe(true);
      expect(group.outgoing.map((l: { id: number }) => l.id)).toEqual([lead, second]);
      await db.updateTable('transactions').set({ gt_id: null }).where('id', 'in', [lead, second]).execute();
    });

    it('counts stats, visibility, methods and sources per user', async () => {
      const stats = (await alice.get('/api/transaction/stats?show_ignored=false')).body;
      expect(stats).toMatchObject({
        total: 6,
        buys_count: 4,
        sells_count: 1,
        trades_count: 1,
        errors_count: 3,
        income_count: 1,
        swb_count: 0,
        exchanges_count: 1,
      });
      expect((await alice.get('/api/transaction/stats?show_ignored=true')).body.total).toBe(7);
      expect((await bob.get('/api/transaction/stats')).body.total).toBe(47);
      expect((await alice.get('/api/transaction/visibility_stats')).body).toEqual({
        cryptocurrency: 6,
        nft: 1,
        lptokens: 0,
        valid: 6,
        ignored: 1,
      });
      expect((await bob.get('/api/transaction/visibility_stats')).body.valid).toBe(47);
      expect((await alice.get('/api/transaction/method_list')).body.data).toEqual([
        { value: 'csv', label: 'CSV', count: 7 },
      ]);
      expect((await bob.get('/api/transaction/method_list')).body.data[0].count).toBe(47);
      expect((await bob.get('/api/exchanges/')).body.data.map((s: { label: string }) => s.label)).toEqual([
        'Coinbase',
        'Kraken',
      ]);
      expect(
        (await alice.get('/api/manual_entry/exchanges_list')).body.data.map((s: { name: string }) => s.name),
      ).toEqual(['Coinbase']);
    });

    it('answers flags, recalculation state and drill, and drill never shows another user’s row', async () => {
      expect((await alice.get('/api/feature_toggles/group_ui_status')).body).toEqual({ status: true });
      expect((await alice.get('/api/feature_toggles/txn_editor_revamp')).body).toEqual({
        txn_editor_revamp: true,
      });
      expect((await alice.get('/api/feature_toggles/feature_status?feature=visibility_filter')).body).toEqual(
        { status: true },
      );
      expect((await alice.get('/api/can_recalculate')).body).toMatchObject({ can_recalculate: true });
      expect((await alice.get('/api/gua_completion_status')).body).toEqual({ gua_completion_status: true });
      const mine = await alice.get(`/api/transaction/drill?id=${aliceIds[1]}&forward=true`);
      expect(mine.body).toMatchObject({
        status: 'success',
        data: { transaction_id: aliceIds[1], available: false },
      });
      expect((await bob.get(`/api/transaction/drill?id=${aliceIds[1]}&forward=true`)).status).toBe(404);
      const anon = new TestClient(server.app);
      expect((await anon.post('/api/traces/list_transactions', {})).status).toBe(401);
      expect((await anon.get('/api/transaction/stats')).status).toBe(401);
    });

    it('reads missing price and insufficient balance from the latest calculation once there is one', async () => {
      const db = server.ctx.db.kysely;
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'alice@example.com')
        .executeTakeFirstOrThrow();
      const calc = await db
        .insertInto('tax_calculations')
        .values({
          user_id: user.id,
          trace_id: `t-${dialect}`,
          job_id: null,
          status: 'complete',
          settings: '{}',
          input_version: 'x',
          allocation: null,
          error: null,
          created_at: NOW,
          finished_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('tax_transaction_status')
        .values({
          calc_id: calc.id,
          user_id: user.id,
          transaction_id: aliceIds[1] as number,
          status: 'error',
          missing_price: false,
          sell_without_buy: true,
          sell_without_buy_quantity: '0.01',
        })
        .execute();
      const res = await list(alice, { txns_type: 'sell_without_buy' });
      expect(res.body.transactions.map((t: { id: number }) => t.id)).toEqual([aliceIds[1]]);
      expect(res.body.transactions[0]).toMatchObject({ is_sell_without_buy: true, tax_calculated: true });
      expect(res.body.has_sell_without_buy).toBe(true);
      expect((await alice.get('/api/transaction/stats')).body).toMatchObject({
        swb_count: 1,
        errors_count: 0,
        has_sell_without_buy: true,
      });
      expect((await bob.get('/api/transaction/stats')).body).toMatchObject({ swb_count: 0 });
      expect((await list(bob, { txns_type: 'sell_without_buy' })).body.transactions_count).toBe(0);

      // A row without a price and without the balance needs review once, not twice: the
      // transactions page's banner and its All Errors tab count what the tab lists (issue 35, item 5).
      await db
        .insertInto('tax_transaction_status')
        .values({
          calc_id: calc.id,
          user_id: user.id,
          transaction_id: aliceIds[2] as number,
          status: 'error',
          missing_price: true,
          sell_without_buy: true,
          sell_without_buy_quantity: '1',
        })
        .execute();
      const both = (await alice.get('/api/transaction/stats')).body;
      expect(both).toMatchObject({ errors_count: 1, swb_count: 2, review_count: 2 });
      const errorsTab = await list(alice, {
        statuses: [{ value: 'need_review' }, { value: 'sell_without_buy' }],
      });
      expect(errorsTab.body.transactions_count).toBe(both.review_count);
    });
  });
}
