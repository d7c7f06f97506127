import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// Ledger: 1 BTC bought for 10,000 (+10 fee, basis 10,010); 0.5 sold for 8,000 (basis 5,005 left);
// 0.5 DOT staking reward worth 3.10 (no buy or sell of DOT: no price).
const LEDGER = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,10,USD,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,reward,Staking,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n');
// Second account: 0.25 BTC for 5,000 (the latest BTC price: 20,000) and 2 ETH for 4,000.
const OTHER = [
  HEADER,
  '2024-05-01 12:00:00 UTC,5000,USD,0.25,BTC,,,5000,USD,,Buy,',
  '2024-06-01 12:00:00 UTC,4000,USD,2,ETH,,,4000,USD,,Buy,',
].join('\n');

interface Row {
  asset: string;
  account: string | null;
  account_id: number | null;
  quantity: string;
  cost_basis: string;
  market_value: string | null;
  unrealised_gain: string | null;
  price_source: { date: string } | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

for (const dialect of DIALECTS) {
  describe(`${dialect}: holdings`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let otherId: number;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('is empty, not in progress, before any calculation', async () => {
      const list = await alice.post('/api/users/crypto_assets?page=1&per_page=20', {});
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({
        status: 'success',
        currency: 'USD',
        holding_in_progress: false,
        calculated_at: null,
        data: { holdings: [], assets_total: 0, group_id: null, total_holdings: '0' },
      });
      const totals = await alice.post('/api/users/crypto_assets/total_holdings', { all: true });
      expect(totals.body.data).toMatchObject({ assets_count: 0, allocation: [], total_market_value: '0' });
    });

    it('reports holding_in_progress while a calculation waits', async () => {
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: LEDGER });
      const other = await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'other.csv', content: OTHER },
        { new_account: 'true', custom_name: 'Cold storage' },
      );
      otherId = other.body.data.import_history_id;
      await server.ctx.jobs.idle();
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      const during = await alice.get('/api/users/crypto_assets/holding_in_progress');
      expect(during.body).toEqual({ status: 'success', holding_in_progress: true });
      expect((await bob.get('/api/users/crypto_assets/holding_in_progress')).body.holding_in_progress).toBe(
        false,
      );
      await server.ctx.jobs.idle();
      const after = await alice.get('/api/users/crypto_assets/holding_in_progress');
      expect(after.body.holding_in_progress).toBe(false);
    });

    it('lists holdings per asset with cost basis and a price from the latest transaction', async () => {
      const list = await alice.post('/api/users/crypto_assets?page=1&per_page=20', {});
      expect(list.body).toMatchObject({ holding_in_progress: false, stale: false });
      const rows: Row[] = list.body.data.holdings;
      expect(rows.map((r) => r.asset)).toEqual(['BTC', 'ETH', 'DOT']);
      const [btc, eth, dot] = rows;
      expect(num(btc!.quantity)).toBe(0.75);
      expect(num(btc!.cost_basis)).toBe(10005);
      expect(num(btc!.market_value)).toBe(15000);
      expect(num(btc!.unrealised_gain)).toBe(4995);
      expect(btc!.price_source?.date.slice(0, 10)).toBe('2024-05-01');
      expect(btc!.account).toBeNull();
      expect([num(eth!.market_value), num(eth!.unrealised_gain)]).toEqual([4000, 0]);
      expect(dot).toMatchObject({ market_value: null, unrealised_gain: null, price_source: null });
      expect(num(dot!.cost_basis)).toBe(3.1);
      expect(list.body.data).toMatchObject({ assets_total: 3, group_id: null });
      expect(num(list.body.data.total_holdings)).toBe(19000);
      expect(list.body.meta).toEqual({ current_page: 1, per_page: 20, total_count: 3, total_pages: 1 });
    });

    it('pages, splits per account and filters by account', async () => {
      const page2 = await alice.post('/api/users/crypto_assets?page=2&per_page=2', {});
      expect(page2.body.data.holdings.map((r: Row) => r.asset)).toEqual(['DOT']);
      expect(page2.body.meta).toMatchObject({ current_page: 2, total_pages: 2 });

      const split = await alice.post('/api/users/crypto_assets?page=1&per_page=20', { is_source: true });
      const keys = split.body.data.holdings.map((r: Row) => `${r.asset}@${r.account}`);
      expect(keys).toEqual([
        'BTC@Universal CSV',
        'BTC@Cold storage',
        'ETH@Cold storage',
        'DOT@Universal CSV',
      ]);
      const cold = split.body.data.holdings.find((r: Row) => r.account === 'Cold storage');
      expect(cold.account_id).toBe(otherId);

      const filtered = await alice.post(`/api/users/crypto_assets?page=1&per_page=20&account=${otherId}`, {
        is_source: 'true',
      });
      expect(filtered.body.data.group_id).toBe(otherId);
      const rows: Row[] = filtered.body.data.holdings;
      expect(rows.map((r) => r.asset)).toEqual(['BTC', 'ETH']);
      expect([num(rows[0]!.quantity), num(rows[0]!.cost_basis), num(rows[0]!.market_value)]).toEqual([
        0.25, 5000, 5000,
      ]);
    });

    it('totals: portfolio value, allocation and unrealised gain by acquisition year', async () => {
      const totals = await alice.post('/api/users/crypto_assets/total_holdings', { all: true });
      const t = totals.body.data;
      expect(num(t.total_market_value)).toBe(19000);
      expect(num(t.total_cost_basis)).toBe(14008.1);
      expect(num(t.priced_cost_basis)).toBe(14005);
      expect(num(t.unrealised_gain)).toBe(4995);
      expect(t.unpriced_assets).toEqual(['DOT']);
      expect(t.allocation).toEqual([
        { asset: 'BTC', market_value: '15000', percent: '78.95' },
        { asset: 'ETH', market_value: '4000', percent: '21.05' },
      ]);
      const years = t.unrealised_by_year.map((y: { year: number; unrealised_gain: string }) => [
        y.year,
        num(y.unrealised_gain),
      ]);
      expect(years).toEqual([
        [2023, 4995],
        [2024, 0],
      ]);
      const one = await alice.post('/api/users/crypto_assets/total_holdings', { account: otherId });
      expect(num(one.body.data.total_market_value)).toBe(9000);
    });

    it("keeps users apart: no one sees or filters by another user's holdings", async () => {
      const list = await bob.post('/api/users/crypto_assets?page=1&per_page=20', {});
      expect(list.body.data).toMatchObject({ holdings: [], assets_total: 0, total_holdings: '0' });
      const foreign = await bob.post(`/api/users/crypto_assets?account=${otherId}`, {});
      expect(foreign.status).toBe(404);
      const totals = await bob.post('/api/users/crypto_assets/total_holdings', { all: true });
      expect(totals.body.data.assets_count).toBe(0);
      const foreignTotals = await bob.post('/api/users/crypto_assets/total_holdings', { account: otherId });
      expect(foreignTotals.status).toBe(404);
    });

    it('needs a session and validates the query', async () => {
      const anon = new TestClient(server.app);
      expect((await anon.post('/api/users/crypto_assets', {})).status).toBe(401);
      expect((await anon.get('/api/users/crypto_assets/holding_in_progress')).status).toBe(401);
      expect((await anon.post('/api/users/crypto_assets/total_holdings', {})).status).toBe(401);
      expect((await alice.post('/api/users/crypto_assets?per_page=500', {})).status).toBe(400);
    });
  });
}
