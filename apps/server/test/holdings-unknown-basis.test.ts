import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 2: Labs' "Your ETH" and the dashboard's cost basis counted a lot bought
 * without a price as $0. Offline, an ETH staking reward with no value leaves a lot whose basis
 * is unknown; half of it is sold for $1,500. Checked by hand:
 *   BTC: 1 bought for $40,000, held; basis $40,000, market 1 × $60,000 → gain $20,000.
 *   ETH: 0.5 held from the unpriced reward (basis unknown); the sale's basis is unknown too, so
 *   its realised gain is unknown — never $1,500 − $0.
 *   Totals: portfolio value 60,000 + 0.5 × 3,000 = $61,500; cost basis Unknown (ETH named);
 *   unrealised gain only where the basis is known: $20,000.
 */
const HISTORY = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-01-10 12:00:00 UTC,40000,USD,1,BTC,,,40000,USD,,Buy,',
  '2024-02-01 12:00:00 UTC,,,1,ETH,,,,,staking,Reward,',
  '2024-04-01 12:00:00 UTC,0.5,ETH,1500,USD,,,1500,USD,,Sell,',
].join('\n');

const today = new Date().toISOString().slice(0, 10);
const LATEST = `date,asset,price,currency\n${today},BTC,60000,USD\n${today},ETH,3000,USD\n`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: a cost basis resting on a missing price is Unknown, never $0 (issue 35.2)`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      expect((await server.ctx.prices.loadFile(Buffer.from(LATEST), 'latest.csv', { userId: null })).ok).toBe(
        true,
      );
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'koinly.csv', content: HISTORY });
      await server.ctx.jobs.idle();
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('the dashboard totals and the holdings rows say the ETH basis is unknown', async () => {
      const totals = await alice.post('/api/users/crypto_assets/total_holdings', { all: true });
      expect(totals.status).toBe(200);
      expect(totals.body.data).toMatchObject({
        total_cost_basis: null,
        basis_unknown_assets: ['ETH'],
        total_market_value: '61500',
        unrealised_gain: '20000',
        priced_cost_basis: '40000',
      });
      // No year's unrealised figure includes the unknown lot.
      expect(totals.body.data.unrealised_by_year).toEqual([
        { year: 2024, cost_basis: '40000', market_value: '60000', unrealised_gain: '20000' },
      ]);

      const rows = await alice.post('/api/users/crypto_assets', {});
      const byAsset = Object.fromEntries(
        (rows.body.data.holdings as Array<{ asset: string }>).map((r) => [r.asset, r]),
      );
      expect(byAsset.ETH).toMatchObject({
        quantity: '0.5',
        cost_basis: null,
        market_value: '1500',
        unrealised_gain: null,
        basis_unknown_lots: 1,
      });
      expect(byAsset.BTC).toMatchObject({
        cost_basis: '40000',
        unrealised_gain: '20000',
        basis_unknown_lots: 0,
      });
    });

    it("Labs' Your ETH says Unknown with the reason; Your BTC is known", async () => {
      const eth = await alice.get('/api/labs/price/ETH?range=1M');
      expect(eth.status).toBe(200);
      expect(eth.body.gains).toMatchObject({
        realised: null,
        holding: { quantity: '0.5', cost_basis: null, market_value: '1500', unrealised_gain: null },
      });
      expect(eth.body.gains.unknown_note).toBe(
        'Unknown: a sale of ETH rests on a missing price, so the realised gain is unknown; a lot you hold was bought without a price, so the cost basis and unrealised gain are unknown. Add the missing prices, then calculate again.',
      );
      const btc = await alice.get('/api/labs/price/BTC?range=1M');
      expect(btc.body.gains).toMatchObject({
        realised: '0.00',
        unknown_note: null,
        holding: { cost_basis: '40000', unrealised_gain: '20000' },
      });
    });

    it('another user sees none of it', async () => {
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      const eth = await bob.get('/api/labs/price/ETH?range=1M');
      expect(eth.body.gains).toMatchObject({ calculated_at: null, holding: null, unknown_note: null });
    });
  });
}
