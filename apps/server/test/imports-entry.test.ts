import { csvCell } from '@lotwise/engine/csv-cell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

describe('CSV export cells', () => {
  it('defuses spreadsheet formulas and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('0.5')).toBe('0.5');
    expect(csvCell(null)).toBe('');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: manual entry, exchanges and CSV download`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('saves a manual transaction into the Manual account', async () => {
      const res = await alice.post('/api/manual_entry', {
        date: '2024-03-01T10:00:00Z',
        type: 'buy',
        from_currency: 'usd',
        from_amount: '1000',
        to_currency: 'BTC',
        to_amount: '0.02',
        fee_amount: '0',
        comment: '=cmd|calc',
      });
      expect(res.body).toMatchObject({ status: 'success', message: 'Transaction saved successfully.' });
      const accounts = (await alice.get('/api/imports/v2/import_histories')).body.data;
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({ account_name: 'Manual', type: 'manual', total_transactions: 1 });
    });

    it('names every invalid field of a manual entry', async () => {
      const res = await alice.post('/api/manual_entry', {
        date: 'yesterday',
        type: 'trade',
        from_amount: '-1',
        to_currency: 'ETH',
        fee_amount: '0.1',
        comment: 'x'.repeat(1001),
      });
      expect(res.status).toBe(400);
      expect(res.body.messages).toEqual(
        expect.arrayContaining([
          'date: must be a date and time in UTC, like 2024-03-01T10:00:00Z',
          'from_amount: must be a number of 0 or more, like 0.25',
          'comment: must be at most 1000 characters',
        ]),
      );
    });

    it('searches the exchanges it can import', async () => {
      const res = await alice.get('/api/imports/v1/exchanges/search?q=krak');
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ name: 'Kraken', slug: 'kraken', type: 'exchange' });
      expect(res.body.data[0].formats.map((f: { id: string }) => f.id)).toEqual(
        expect.arrayContaining(['kraken-ledgers', 'kraken-trades']),
      );
      const one = await alice.get(`/api/imports/v1/exchanges/${res.body.data[0].id}`);
      expect(one.body.data.name).toBe('Kraken');
      expect((await alice.get('/api/imports/v1/exchanges/9999')).status).toBe(404);
    });

    it('downloads transactions as CSV with formulas defused, only the owner', async () => {
      const accounts = (await alice.get('/api/imports/v2/import_histories')).body.data;
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/transaction/download_users_transactions/${accounts[0].id}`,
        headers: { cookie: `lotwise_session=${alice.cookie('lotwise_session')}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="user_transaction_data.csv"');
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash,Type,Account,Id',
      );
      expect(lines[1]).toMatch(
        /^2024-03-01 10:00:00 UTC,1000,USD,0.02,BTC,,,,,,'=cmd\|calc,,buy,Manual,\d+$/,
      );
      const forbidden = await server.app.inject({
        method: 'GET',
        url: `/api/transaction/download_users_transactions/${accounts[0].id}`,
        headers: { cookie: `lotwise_session=${bob.cookie('lotwise_session')}` },
      });
      expect(forbidden.statusCode).toBe(404);
    });
  });
}
