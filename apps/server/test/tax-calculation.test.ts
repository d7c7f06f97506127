import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// By hand: 1 BTC bought for 10,000 USD (plus a 10 USD fee: basis 10,010). Half sold on
// 2024-03-01 for 8,000: basis 5,005, gain 2,995, long term (held over a year).
// 0.5 DOT staking reward worth 3.10 USD: income 3.10. 0.2 ETH sold with no ETH bought:
// 0.2 sold without buy, zero basis, short term: gain 500.
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,10,USD,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,reward,Staking,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
  '2024-04-01 09:00:00 UTC,0.2,ETH,500,USD,,,500,USD,,Sell,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: tax calculation`, () => {
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

    it('has nothing to calculate before any import', async () => {
      const details = await alice.get('/api/imports/v1/tax_calculations/details');
      expect(details.body.data).toMatchObject({
        tax_calculated: null,
        need_tax_calculation: true,
        taxable_or_incoming: false,
        total_transactions: 0,
      });
    });

    it('calculates in a job, stores the results and reports them per year', async () => {
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
      const start = await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      expect(start.body.data.state).toBe('queued');
      const traceId: string = start.body.data.trace_id;
      await server.ctx.jobs.idle();

      const check = await alice.get(`/api/traces/check_tax_calculation?id=${traceId}`);
      expect(check.body.data).toMatchObject({ state: 'complete', tax_calculated: true, progress: 100 });
      const years = await alice.get('/api/tax/years');
      expect(years.body.data.stale).toBe(false);
      const y2024 = years.body.data.years.find((y: { year: number }) => y.year === 2024);
      expect(Number(y2024.proceeds)).toBe(8500);
      expect(Number(y2024.cost_basis)).toBe(5005);
      expect(Number(y2024.long_term_gain)).toBe(2995);
      expect(Number(y2024.short_term_gain)).toBe(500);
      expect(Number(y2024.income)).toBe(3.1);
      expect(y2024).toMatchObject({ disposal_count: 2, income_count: 1 });
      expect(years.body.data.warnings.map((w: { code: string }) => w.code)).toContain('sell_without_buy');

      const details = await alice.get('/api/imports/v1/tax_calculations/details');
      expect(details.body.data).toMatchObject({
        tax_calculated: true,
        need_tax_calculation: false,
        taxable_or_incoming: true,
        total_transactions: 4,
        trace_id: traceId,
      });
      const status = await server.ctx.db.kysely.selectFrom('tax_transaction_status').selectAll().execute();
      expect(status).toHaveLength(1);
      expect(Boolean(status[0]?.sell_without_buy)).toBe(true);
      expect(Number(status[0]?.sell_without_buy_quantity)).toBe(0.2);
    });

    it('recalculates nothing when nothing changed, and goes stale after a change', async () => {
      const before = (await alice.get('/api/imports/v1/tax_calculations/details')).body.data.trace_id;
      const again = await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      expect(again.body.data).toEqual({ trace_id: before, state: 'complete' });

      await alice.put('/api/tax/settings', {
        method: 'lifo',
        basis: 'universal',
        allocation_rule: 'stay-oldest-first',
      });
      expect((await alice.get('/api/tax/years')).body.data.stale).toBe(true);
      const forced = await alice.post('/api/recalculate_tax');
      expect(forced.body.data.trace_id).not.toBe(before);
      await server.ctx.jobs.idle();
      const years = await alice.get('/api/tax/years');
      expect(years.body.data.stale).toBe(false);
      // Only the newest calculation's results are kept.
      const calcs = await server.ctx.db.kysely.selectFrom('tax_calculations').select('status').execute();
      expect(calcs.map((c) => c.status)).toEqual(['complete']);
    });

    it('rejects bad settings with a message naming the field', async () => {
      const res = await alice.put('/api/tax/settings', {
        method: 'newest',
        basis: 'universal',
        allocation_rule: 'stay-oldest-first',
      });
      expect(res.status).toBe(400);
      expect(res.body.messages[0]).toMatch(/^method: use fifo, lifo, hifo, lofo/);
    });

    it("keeps each user's calculations to themselves", async () => {
      const trace = (await alice.get('/api/imports/v1/tax_calculations/details')).body.data.trace_id;
      expect((await bob.get(`/api/traces/check_tax_calculation?id=${trace}`)).status).toBe(404);
      expect((await bob.get('/api/tax/years')).body.data.years).toEqual([]);
    });
  });
}
