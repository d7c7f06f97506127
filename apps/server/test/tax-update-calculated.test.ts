import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const FILE = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n');
const URL = '/api/imports/v1/tax_calculations/update_tax_calculated';

for (const dialect of DIALECTS) {
  describe(`${dialect}: update_tax_calculated`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    const details = async (client: TestClient) =>
      (await client.get('/api/imports/v1/tax_calculations/details')).body.data;
    const lastJob = async () =>
      JSON.parse(
        (
          await server.ctx.db.kysely
            .selectFrom('jobs')
            .select('result')
            .where('name', '=', 'tax.calculate')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).result ?? '{}',
      );

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('refuses to confirm taxes that were never calculated', async () => {
      const res = await alice.post(URL, { tax_calculated: true });
      expect(res.status).toBe(400);
      expect(res.body.messages[0]).toMatch(/calculate them first/);
    });

    it('rejects a body without the flag', async () => {
      expect((await alice.post(URL, {})).status).toBe(400);
      expect((await alice.post(URL, { tax_calculated: 'no' })).status).toBe(400);
    });

    it('confirms finished results, and false marks them not calculated until the next full run', async () => {
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const ok = await alice.post(URL, { tax_calculated: true });
      expect(ok.body).toEqual({
        status: 'success',
        data: { tax_calculated: true, need_tax_calculation: false },
      });

      const marked = await alice.post(URL, { tax_calculated: false });
      expect(marked.body.data).toEqual({ tax_calculated: false, need_tax_calculation: true });
      expect(await details(alice)).toMatchObject({ tax_calculated: false, need_tax_calculation: true });
      // The results stay readable meanwhile, flagged stale.
      const years = (await alice.get('/api/tax/years')).body.data;
      expect(years.stale).toBe(true);
      expect(years.years.map((y: { year: number }) => y.year)).toContain(2024);

      // The next start runs again (not "nothing changed") and from the first transaction.
      const start = await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      expect(start.body.data.state).toBe('queued');
      await server.ctx.jobs.idle();
      expect((await lastJob()).resumedFrom).toBeUndefined();
      expect(await details(alice)).toMatchObject({ tax_calculated: true, need_tax_calculation: false });
    });

    it("touches only the caller's own results", async () => {
      const res = await bob.post(URL, { tax_calculated: false });
      expect(res.body.data).toEqual({ tax_calculated: null, need_tax_calculation: true });
      expect(await details(alice)).toMatchObject({ tax_calculated: true, need_tax_calculation: false });
    });
  });
}
