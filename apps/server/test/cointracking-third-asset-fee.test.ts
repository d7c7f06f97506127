import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * A CoinTracking Trade whose fee is in a third asset (issue 35.15): buy 1 ETH with 2,000 USDT,
 * fee 10 BNB, no Other Fee row. The fee is stored as the row's fee (10 BNB) and is a disposal of
 * BNB whose value reduces the trade's proceeds. Reporting USD; prices from a price file.
 *   2024-01-05 buy 100 BNB for $1,000 (basis $10 each); 2024-01-10 buy 3,000 USDT for $3,000.
 *   2024-03-01 the trade, ETH $2,000 and BNB $40 that day (fee value 10 × 40 = $400):
 *     USDT disposed: proceeds 2,000 − 400 = 1,600, basis 2,000 → −400;
 *     fee: 10 BNB, proceeds 400, basis 10 × 10 = 100 → +300; ETH acquired at $2,000.
 *   2024-06-01 sell the 1 ETH for $2,500: proceeds 2,500, basis 2,000 → +500.
 * Year 2024: proceeds 1,600 + 400 + 2,500 = 4,500, gain −400 + 300 + 500 = 400. Before the fix
 * the fee was dropped: no fee on the row, no BNB disposal, USDT proceeds 2,000 (gain 0), gain 500.
 */
const FILE = [
  'Type,Buy Amount,Buy Currency,Sell Amount,Sell Currency,Fee,Fee Currency,Exchange,Trade-Group,Comment,Date,Tx-ID,Buy Value in Account Currency,Sell Value in Account Currency,Liquidity pool',
  'Trade,100,BNB,1000,USD,,,Binance,,,2024-01-05 12:00:00,ct-1,,,',
  'Trade,3000,USDT,3000,USD,,,Binance,,,2024-01-10 12:00:00,ct-2,,,',
  'Trade,1,ETH,2000,USDT,10,BNB,Binance,,Fee in BNB,2024-03-01 09:00:00,ct-3,,,',
  'Trade,2500,USD,1,ETH,,,Binance,,,2024-06-01 09:00:00,ct-4,,,',
].join('\n');
const PRICES =
  'date,asset,price,currency\n2024-03-01,ETH,2000,USD\n2024-03-01,BNB,40,USD\n2024-03-01,USDT,1,USD\n';

interface Line {
  asset: string;
  category: string;
  proceeds: string;
  cost_basis: string;
  gain: string;
}
interface ListRow {
  from_currency: string | null;
  to_currency: string | null;
  fee_amount: string | null;
  fee_currency_code: string | null;
  status: string | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a CoinTracking trade's fee in a third asset is kept and taxed`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'cointracking.csv', content: FILE });
      await server.ctx.jobs.idle();
      expect((await alice.upload('/api/prices/files', { name: 'p.csv', content: PRICES })).status).toBe(200);
    });
    afterAll(() => server.dispose());

    it('stores 10 BNB as the trade’s fee and lists it', async () => {
      const list: ListRow[] = (await alice.post('/api/traces/list_transactions_new', { page_size: 100 })).body
        .transactions;
      const trade = list.find((r) => r.from_currency === 'USDT' && r.to_currency === 'ETH');
      expect(trade).toBeDefined();
      expect(Number(trade?.fee_amount)).toBe(10);
      expect(trade?.fee_currency_code).toBe('BNB');
    });

    it('disposes of the BNB and takes its value off the trade’s proceeds', async () => {
      expect((await alice.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();
      const page = await alice.get('/api/tax/years/2024/disposals?page=1&per_page=20');
      expect(page.status).toBe(200);
      const lines: Line[] = page.body.data;
      const pick = (l: Line | undefined) => l && [Number(l.proceeds), Number(l.cost_basis), Number(l.gain)];
      expect(pick(lines.find((l) => l.category === 'fee'))).toEqual([400, 100, 300]);
      expect(lines.find((l) => l.category === 'fee')?.asset).toBe('BNB');
      expect(pick(lines.find((l) => l.asset === 'USDT'))).toEqual([1600, 2000, -400]);
      expect(pick(lines.find((l) => l.asset === 'ETH'))).toEqual([2500, 2000, 500]);
      const y2024 = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2024,
      );
      // Basis 2,000 (USDT) + 100 (BNB) + 2,000 (ETH) = 4,100; all short term.
      expect(y2024).toMatchObject({
        proceeds: '4500.00',
        cost_basis: '4100.00',
        short_term_gain: '400.00',
        missing_prices: 0,
      });
    });
  });
}
