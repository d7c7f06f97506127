import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 100 BNB bought for 1,000 (10 each) and 1 BTC for 10,000; half the BTC sold for 8,000 with a
// fee of 1 BNB that has no price anywhere: Missing Price until the user gives the fee a price.
const FILE = [
  HEADER,
  '2024-01-05 12:00:00 UTC,1000,USD,100,BNB,,,1000,USD,,Buy,',
  '2024-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,1,BNB,8000,USD,,Sell,',
].join('\n');

interface Line {
  asset: string;
  category: string;
  proceeds: string;
  cost_basis: string;
  gain: string;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: the editor's fee per-token price reaches the calculation`, () => {
    let server: TestServer;
    let alice: TestClient;

    async function calculate(): Promise<Line[]> {
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const page = await alice.get('/api/tax/years/2024/disposals?page=1&per_page=10');
      expect(page.status).toBe(200);
      return page.body.data;
    }

    async function sellRow() {
      const res = await alice.post('/api/traces/list_transactions_new', {});
      return res.body.transactions.find((t: { from_currency: string }) => t.from_currency === 'BTC');
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('a fee with no price is Missing Price; the fee price values it and clears the error', async () => {
      const before = await calculate();
      const feeBefore = before.find((l) => l.category === 'fee')!;
      expect(feeBefore).toMatchObject({ asset: 'BNB', cost_basis: '10' });
      expect(Number(feeBefore.proceeds)).toBe(0);
      expect((await sellRow()).status).toBe('error');

      const row = await sellRow();
      const saved = await alice.post('/api/transaction/updatev5', {
        id: row.id,
        date: row.date,
        from_currency: 'BTC',
        from_amount: '0.5',
        to_currency: 'USD',
        to_amount: '8000',
        fee: '1',
        fee_currency: 'BNB',
        fee_per_token_price: '12',
        manual_per_token_price: true,
        comment: '',
        us_based: false,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.updated_rows[0].fee_per_token_price).toMatch(/^12(\.0*)?$/);

      const after = await calculate();
      const fee = after.find((l) => l.category === 'fee')!;
      const sale = after.find((l) => l.category === 'sale')!;
      // Fee: 1 BNB at 12 against a basis of 10. Sale: 8,000 − the fee's 12 against 5,000.
      expect([Number(fee.proceeds), Number(fee.gain)]).toEqual([12, 2]);
      expect([Number(sale.proceeds), Number(sale.cost_basis), Number(sale.gain)]).toEqual([7988, 5000, 2988]);
      expect((await sellRow()).status).not.toBe('error');
    });
  });
}
