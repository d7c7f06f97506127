import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 29.7: a gift sent and a donation with no price anywhere. The engine's unknown fair
 * market value reached the numeric column as the word 'unknown': PostgreSQL refused the whole
 * calculation with a raw SQL error, SQLite kept the word. Unknown is NULL (the donation's
 * missing_price warning is its reason) on both databases, and the year calculates.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,1000,USD,100,ZZQ,,,1000,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,10,ZZQ,,,,,,,,Withdrawal,g1',
  '2024-03-02 09:00:00 UTC,5,ZZQ,,,,,,,,Withdrawal,d1',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: a gift or donation with no price`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('stores an unknown fair market value as NULL and the year still calculates', async () => {
      const rows = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['id', 'tx_hash'])
        .where('tx_hash', 'in', ['g1', 'd1'])
        .execute();
      const id = (hash: string) => Number(rows.find((r) => r.tx_hash === hash)!.id);
      for (const [hash, type] of [
        ['g1', 'gift_sent'],
        ['d1', 'donation_501c3'],
      ] as const) {
        const res = await alice.post(`/api/traces/update_transaction_type/${id(hash)}/${type}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();

      const job = await server.ctx.db.kysely
        .selectFrom('jobs')
        .select(['status', 'error'])
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'succeeded', error: null });

      const stored = await server.ctx.db.kysely
        .selectFrom('tax_disposals')
        .select(['transaction_id', 'category', 'fair_market_value', 'cost_basis'])
        .where('category', 'in', ['gift', 'donation'])
        .orderBy('transaction_id')
        .execute();
      expect(stored.map((d) => [Number(d.transaction_id), d.category, d.fair_market_value])).toEqual([
        [id('g1'), 'gift', null],
        [id('d1'), 'donation', null],
      ]);
      expect(stored.map((d) => Number(d.cost_basis))).toEqual([100, 50]);
      // The reason: the donation's missing price is a warning of the year.
      const warnings = await server.ctx.db.kysely
        .selectFrom('tax_warnings')
        .select(['code', 'transaction_id'])
        .where('code', '=', 'missing_price')
        .execute();
      expect(warnings.map((w) => Number(w.transaction_id))).toEqual([id('d1')]);

      const year = await alice.get('/api/tax/years/2024');
      expect(year.status).toBe(200);
      const form = await alice.get('/api/tax/reports/2024/form-8283.csv');
      expect(form.status).toBe(200);
      expect(String(form.body)).toContain(',unknown,');
    });
  });
}
