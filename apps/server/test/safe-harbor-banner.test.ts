import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ONLY_2025 = [HEADER, '2025-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');
const IN_2024 = [HEADER, '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');

/**
 * Issue 35.14: the Safe Harbor 2025 banner is shown where it applies — an account with
 * transactions before 1 January 2025 that has not chosen an allocation rule — and not to a new,
 * empty account or one whose history starts in 2025.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: where the Safe Harbor banner applies`, () => {
    let server: TestServer;
    let alice: TestClient;
    const applies = async () => (await alice.get('/api/review/safe_harbor_status')).body.applies;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('not for a new, empty account, nor for a history that starts in 2025', async () => {
      expect(await applies()).toBe(false);
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc-2025.csv', content: ONLY_2025 });
      await server.ctx.jobs.idle();
      expect(await applies()).toBe(false);
    });

    it('for transactions before 2025 until a rule is chosen', async () => {
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc-2024.csv', content: IN_2024 });
      await server.ctx.jobs.idle();
      expect(await applies()).toBe(true);
      expect((await alice.post('/api/review/allocation', { rule: 'stay-oldest-first' })).status).toBe(200);
      expect(await applies()).toBe(false);
    });

    it('is for signed-in users only', async () => {
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/review/safe_harbor_status' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
