import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

/*
 * Issue 35.1/35.2, found walking the product offline: the Safe Harbor allocation record printed
 * cost_basis 0 for a lot bought for pounds on a day without a GBP→USD rate (and no coin price),
 * with no word that the record was incomplete. Wallet A buys 2 ETH for $3,000 (known basis);
 * wallet B buys 0.02 BTC for £680 (no price offline: basis unknown). Both held at the end of 2024.
 */
const WALLETS: Record<string, string[]> = {
  A: ['2023-03-01 10:00:00 UTC,3000,USD,2,ETH,,,3000,USD,,Buy,'],
  B: ['2024-02-01 10:00:00 UTC,680,GBP,0.02,BTC,,,680,GBP,,Buy,'],
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: Safe Harbor record of a lot bought without a price`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('leaves the unknown basis blank (never 0) with an INCOMPLETE first line, and the comparison says unknown', async () => {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'gbp@example.com', password: 'correct horse 9' });
      let first = true;
      for (const [name, rows] of Object.entries(WALLETS)) {
        await client.upload(
          '/api/imports/v1/csv_imports',
          { name: `${name}.csv`, content: [HEADER, ...rows].join('\n') },
          first ? { custom_name: name } : { custom_name: name, new_account: 'true' },
        );
        first = false;
        await server.ctx.jobs.idle();
      }
      // The page's comparison: B's BTC says its basis is unknown; A's ETH is its known $3,000.
      for (const rule of (await client.get('/api/review/allocation_comparison')).body.data.rules) {
        expect(rule.wallets).toEqual([
          { wallet: 'A', asset: 'ETH', amount: '2', cost_basis: '3000.00' },
          { wallet: 'B', asset: 'BTC', amount: '0.02', cost_basis: '0.00', basis_unknown: true },
        ]);
      }
      const csv = await client.request('GET', '/api/review/allocation.csv');
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split('\n');
      expect(lines[0]).toBe(
        '# INCOMPLETE: 1 lot was acquired by a transaction without a price, so its cost basis is unknown (left blank); add the missing prices in Lotwise and download again.',
      );
      expect(lines[1]).toBe(
        'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis,rule_chosen_at',
      );
      const cols = lines[1]!.split(',');
      const rows = lines.slice(2).map((l) => l.split(','));
      const of = (wallet: string) => rows.filter((r) => r[cols.indexOf('wallet')] === wallet);
      expect(
        of('A').map((r) => [
          r[cols.indexOf('asset')],
          r[cols.indexOf('amount')],
          r[cols.indexOf('cost_basis')],
        ]),
      ).toEqual([['ETH', '2', '3000']]);
      expect(
        of('B').map((r) => [
          r[cols.indexOf('asset')],
          r[cols.indexOf('amount')],
          r[cols.indexOf('cost_basis')],
        ]),
      ).toEqual([['BTC', '0.02', '']]);
    });
  });
}
