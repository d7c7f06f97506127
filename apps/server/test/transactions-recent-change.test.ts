import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const FILE = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
].join('\n');

// spec 02 §2: 'You have recently changed your transaction…' follows the list's transactions_updated.
for (const dialect of DIALECTS) {
  describe(`${dialect}: the list's transactions_updated (recent change notice)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    const updated = async (client: TestClient): Promise<boolean> => {
      const res = await client.post('/api/traces/list_transactions_new', {});
      expect(res.status).toBe(200);
      return res.body.transactions_updated;
    };
    const dotId = async (client: TestClient): Promise<number> => {
      const res = await client.post('/api/traces/list_transactions_new', {});
      return res.body.transactions.find((t: { to_currency: string }) => t.to_currency === 'DOT').id;
    };

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await bob.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('is false after an import alone', async () => {
      expect(await updated(alice)).toBe(false);
    });

    it('turns true after a change, for that user only', async () => {
      const res = await alice.post(
        `/api/traces/update_transaction_type/${await dotId(alice)}/staking_reward`,
      );
      expect(res.body.status).toBe('success');
      expect(await updated(alice)).toBe(true);
      expect(await updated(bob)).toBe(false);
    });

    it('turns false once a calculation has taken the change in, and true again after the next one', async () => {
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      expect(await updated(alice)).toBe(false);
      const ids = [await dotId(alice)];
      const res = await alice.post('/api/traces/toggle_group_transaction_type_ignore', {
        ids,
        is_ignore: true,
      });
      expect(res.body.status).toBe('success');
      expect(await updated(alice)).toBe(true);
    });
  });
}
