import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ONE_BUY = [HEADER, '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');

/**
 * Found by the walk (issue 35): /review on a brand-new, empty account said "Recalculate your
 * taxes" with nothing to calculate; a price file of one price said "Loaded 1 prices".
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: nothing to calculate on an empty account; one price is a price`, () => {
    let server: TestServer;
    let alice: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('an empty account has nothing to (re)calculate; once it has rows it has', async () => {
      const summary = async () => (await alice.get('/api/review/summary')).body.data;
      expect(await summary()).toMatchObject({ stale: false, calculated_at: null });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc.csv', content: ONE_BUY });
      await server.ctx.jobs.idle();
      expect(await summary()).toMatchObject({ stale: true, calculated_at: null });
    });

    it('says "Loaded 1 price" and "Removed 1 price"', async () => {
      const loaded = await alice.upload('/api/prices/files', {
        name: 'ltc.csv',
        content: 'date,asset,price,currency\n2024-03-01,LTC,100,USD\n',
      });
      expect(loaded.status).toBe(200);
      expect(loaded.body.message).toBe('Loaded 1 price for LTC. Recalculate your taxes to use it.');
      const origin = (loaded.body.data as { origin: string }).origin;
      const removed = await alice.request('DELETE', `/api/prices/files?origin=${encodeURIComponent(origin)}`);
      expect(removed.body.message).toBe('Removed 1 price. Recalculate your taxes to update them.');
    });
  });
}
