import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The transactions page's banners count right (issue 35, item 5: after 8 changes it said "You
 * have recently changed your transaction"): GET /api/can_recalculate says how many transactions
 * were imported and how many were changed (each once) since the latest calculation, and when
 * that calculation was.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ledger = (from: number, count: number) =>
  [
    HEADER,
    ...Array.from(
      { length: count },
      (_, i) =>
        `2024-03-${String(from + i).padStart(2, '0')} 12:00:00 UTC,,,1,DOT,,,7,USD,,Reward ${from + i},`,
    ),
  ].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: what came in or changed since the last calculation`, () => {
    let server: TestServer;
    let alice: TestClient;
    let ids: number[] = [];

    async function importRows(from: number, count: number) {
      const res = await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: `dot-${from}.csv`, content: ledger(from, count) },
        { new_account: 'true', custom_name: `Wallet ${from}` },
      );
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
    }
    const retype = (id: number, type: string) =>
      alice.post(`/api/traces/update_transaction_type/${id}/${type}`);

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await importRows(1, 10);
      const list = await alice.post('/api/traces/list_transactions_new', { page_size: 50 });
      ids = (list.body.transactions as Array<{ id: number }>).map((t) => t.id);
      expect(ids).toHaveLength(10);
    });
    afterAll(() => server.dispose());

    it('counts imports and changed transactions before and after a calculation, each transaction once', async () => {
      expect((await alice.get('/api/can_recalculate')).body).toEqual({
        can_recalculate: true,
        calculated_at: null,
        imported_since: 10,
        changed_since: 0,
      });
      expect((await retype(ids[0]!, 'staking_reward')).status).toBe(200);
      expect((await alice.get('/api/can_recalculate')).body.changed_since).toBe(1);

      expect((await alice.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();
      const calculated = (await alice.get('/api/can_recalculate')).body;
      expect(calculated).toMatchObject({ can_recalculate: false, imported_since: 0, changed_since: 0 });
      expect(calculated.calculated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // Eight transactions changed, one of them twice: eight.
      for (const id of ids.slice(0, 8)) expect((await retype(id, 'airdrop')).status).toBe(200);
      expect((await retype(ids[3]!, 'mined')).status).toBe(200);
      const changed = (await alice.get('/api/can_recalculate')).body;
      expect(changed).toMatchObject({
        changed_since: 8,
        imported_since: 0,
        calculated_at: calculated.calculated_at,
      });

      await importRows(20, 3);
      expect((await alice.get('/api/can_recalculate')).body).toMatchObject({
        can_recalculate: true,
        imported_since: 3,
        changed_since: 8,
      });

      // Another user's changes are not Alice's.
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      expect((await bob.get('/api/can_recalculate')).body).toEqual({
        can_recalculate: false,
        calculated_at: null,
        imported_since: 0,
        changed_since: 0,
      });
    });
  });
}
