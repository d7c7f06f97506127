import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ONLY_2025 = [HEADER, '2025-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');
const IN_2024 = [HEADER, '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');
/** Bought and sold everything in 2024, with a USD deposit left (fiat is not a holding); 2025 buys again. */
const SOLD_OUT_2024 = [
  HEADER,
  '2024-01-10 12:00:00 UTC,,,500,USD,,,500,USD,,Deposit,',
  '2024-02-01 12:00:00 UTC,100,USD,0.3,LTC,,,100,USD,,Buy,',
  '2024-03-01 12:00:00 UTC,200,USD,0.7,LTC,,,200,USD,,Buy,',
  '2024-09-01 12:00:00 UTC,1,LTC,300,USD,,,300,USD,,Sell,',
  '2025-02-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
].join('\n');
/** Held 0.25 BTC on 31 December 2024, sold in 2025. */
const HELD_AT_END_2024 = [
  HEADER,
  '2024-05-01 12:00:00 UTC,1000,USD,0.5,BTC,,,1000,USD,,Buy,',
  '2024-10-01 12:00:00 UTC,0.25,BTC,600,USD,,,600,USD,,Sell,',
  '2025-03-01 12:00:00 UTC,0.25,BTC,700,USD,,,700,USD,,Sell,',
].join('\n');

/**
 * Issue 35.14: the Safe Harbor 2025 banner is shown where it applies — an account that held
 * crypto at the end of 2024 and has not chosen an allocation rule — and not to a new, empty
 * account, one whose history starts in 2025 or one that sold everything in 2024.
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

    // Not "any transaction before 2025" (found by the walk): what was held at the end of 2024.
    for (const [name, content, held] of [
      ['sold out in 2024', SOLD_OUT_2024, false],
      ['held at the end of 2024', HELD_AT_END_2024, true],
    ] as const) {
      it(`${name}: ${held ? 'applies' : 'does not apply'}, before and after a calculation`, async () => {
        const user = new TestClient(server.app);
        await user.post('/api/auth/sign_up', {
          email: `${name.replace(/\W/g, '')}@example.com`,
          password: 'correct horse 9',
        });
        await user.upload('/api/imports/v1/csv_imports', { name: 'history.csv', content });
        await server.ctx.jobs.idle();
        const status = async () => (await user.get('/api/review/safe_harbor_status')).body.applies;
        expect(await status()).toBe(held);
        await user.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
        await server.ctx.jobs.idle();
        expect(await status()).toBe(held);
      });
    }

    it('is for signed-in users only', async () => {
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/review/safe_harbor_status' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
