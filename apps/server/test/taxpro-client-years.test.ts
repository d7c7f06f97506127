import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 35, item 4: the accountant's page of a client says a year is out of date when the
 * client's results changed since the last calculation, as the client's own Tax Center does
 * (one definition, contracts' yearOutOfDate), beside Incomplete.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [
  HEADER,
  '2023-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2023-09-01 12:00:00 UTC,0.5,LTC,80,USD,,,80,USD,,Sell,',
  '2024-03-01 12:00:00 UTC,,,2,DOT,,,,,reward,Staking,',
  '2024-09-01 12:00:00 UTC,0.5,LTC,90,USD,,,90,USD,,Sell,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: a client's years on the accountant's page`, () => {
    let server: TestServer;
    let alice: TestClient;
    let carol: TestClient;
    let aliceId = 0;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      aliceId = (
        await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' })
      ).body.user.id;
      carol = new TestClient(server.app);
      const cpa = await carol.post('/api/auth/sign_up', {
        email: 'carol@example.com',
        password: 'correct horse 9',
      });
      await server.ctx.users.update(cpa.body.user.id, { roles: 'cpa', onboarded: true });
      await alice.post('/api/customer_cpa', { email: 'carol@example.com' });
      const mail = [...server.mails].reverse().find((m) => m.to === 'carol@example.com')!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
      expect((await carol.post('/api/invitations/accept', { token })).status).toBe(200);
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'ledger.csv', content: LEDGER },
        { new_account: 'true' },
      );
      await server.ctx.jobs.idle();
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('says Incomplete and Out of date per year, from the year the change reaches, as the Tax Center does', async () => {
      const fresh = (await carol.get(`/api/tax_pro/clients/${aliceId}`)).body.data;
      expect(fresh.years).toEqual([
        { year: 2024, missing_prices: 1, out_of_date: false },
        { year: 2023, missing_prices: 0, out_of_date: false },
      ]);
      expect(fresh.stale_reasons).toEqual([]);
      expect(fresh.out_of_date).toBe(false);
      const listed = (await carol.get('/api/tax_pro/clients')).body.data;
      expect(listed.find((c: { id: number }) => c.id === aliceId).out_of_date).toBe(false);

      // Alice chooses HIFO from 2024 on: 2024 is out of date, 2023 is not.
      const put = await alice.request('PUT', '/api/tax/settings', {
        method: '2023:fifo,2024:hifo',
        basis: 'us-2025',
        allocation_rule: 'stay-oldest-first',
      });
      expect(put.status).toBe(200);
      const own = (await alice.get('/api/tax/years')).body.data;
      const stale = (await carol.get(`/api/tax_pro/clients/${aliceId}`)).body.data;
      expect(stale.years).toEqual([
        { year: 2024, missing_prices: 1, out_of_date: true },
        { year: 2023, missing_prices: 0, out_of_date: false },
      ]);
      expect(stale.stale_reasons).toEqual(own.stale_reasons);
      expect(stale.stale_reasons[0]).toContain('HIFO from 2024 on');
      // The client list says it too, as the client's page does (issue 35, item 5).
      expect(stale.out_of_date).toBe(true);
      const list = (await carol.get('/api/tax_pro/clients')).body.data;
      expect(list.find((c: { id: number }) => c.id === aliceId)).toMatchObject({
        out_of_date: true,
        missing_prices: 1,
      });
      // Another accountant sees nothing of Alice.
      const dave = new TestClient(server.app);
      const d = await dave.post('/api/auth/sign_up', {
        email: 'dave@example.com',
        password: 'correct horse 9',
      });
      await server.ctx.users.update(d.body.user.id, { roles: 'cpa', onboarded: true });
      expect((await dave.get(`/api/tax_pro/clients/${aliceId}`)).status).toBe(404);
    });
  });
}
