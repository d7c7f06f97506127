import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 4: the year picker and Tax Filing defaulted to the calendar's tax year (2025,
 * or 2026 in December) when all of a user's activity was in 2024. The working year the app
 * opens is the latest with a sale or income, before any calculation the latest with a
 * transaction, and only without either the calendar default.
 */
const ONLY_2024 = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-05-10 12:00:00 UTC,20000,USD,1,BTC,,,20000,USD,,Buy,',
  '2024-03-01 12:00:00 UTC,10000,USD,0.2,BTC,,,10000,USD,,Buy,',
].join('\n');

function defaultYear(now = new Date()): number {
  return now.getUTCMonth() === 11 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: the year the app opens is the latest with activity (issue 35.4)`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    async function details(client: TestClient): Promise<number> {
      const res = await client.get('/api/imports/v1/tax_calculations/details');
      expect(res.status).toBe(200);
      return res.body.data.tax_year as number;
    }

    it('before and after a calculation with no sale: the latest year with a transaction, not the calendar default', async () => {
      const alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      // Nothing yet: the calendar's default tax year.
      expect(await details(alice)).toBe(defaultYear());
      await alice.upload('/api/imports/v1/csv_imports', { name: 'koinly.csv', content: ONLY_2024 });
      await server.ctx.jobs.idle();
      expect(await details(alice)).toBe(2024);
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      // Two buys: no sale or income, so still the latest year with a transaction.
      expect(await details(alice)).toBe(2024);

      // Another user's activity is not hers, nor hers his.
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      expect(await details(bob)).toBe(defaultYear());
    });
  });
}
