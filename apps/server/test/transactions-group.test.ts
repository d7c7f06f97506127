import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// A staking round: two ETH withdrawals out, one ETH deposit back and a reward; plus a swap leg pair.
const FILE = [
  HEADER,
  '2024-01-01 00:00:00 UTC,,,10,ETH,,,20000,USD,,Buy,b0',
  '2024-02-01 00:00:00 UTC,2,ETH,,,,,4000,USD,,Withdrawal,o1',
  '2024-02-01 00:05:00 UTC,1,ETH,,,,,2000,USD,,Withdrawal,o2',
  '2024-03-01 00:00:00 UTC,,,3,ETH,,,6000,USD,,Deposit,i1',
  '2024-03-01 00:01:00 UTC,,,0.1,ETH,,,200,USD,,Deposit,i2',
].join('\n');

const LIST = { txns_type: 'all', page: 1, page_size: 20 };

interface ListRow {
  id: number;
  gt_id: number | null;
  is_grouped_transaction: boolean;
  gt_user_defined_type: string | null;
  incoming: { id: number }[];
  outgoing: { id: number }[];
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: groups`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    /** Row ids by tx hash, in the order asked (typed as four: callers ask for up to four). */
    async function ids(email: string, hashes: string[]): Promise<[number, number, number, number]> {
      const rows = await server.ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.tx_hash'])
        .where('u.email', '=', email)
        .where('t.tx_hash', 'in', hashes)
        .execute();
      return hashes.map((h) => Number(rows.find((r) => r.tx_hash === h)?.id)) as [
        number,
        number,
        number,
        number,
      ];
    }
    async function list(client: TestClient): Promise<ListRow[]> {
      return (await client.post('/api/traces/list_transactions_new', LIST)).body.transactions;
    }
    async function row(id: number) {
      return server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['gt_id', 'user_defined_type', 'gt_user_defined_type', 'import_history_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }

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

    it('combines rows into one group shown once with its incoming and outgoing lists, and ungroups it', async () => {
      const [o1, o2, i1] = await ids('alice@example.com', ['o1', 'o2', 'i1']);
      const before = await list(alice);
      expect(before).toHaveLength(5);
      const bobTry = await bob.post('/api/traces/group_transactions', { ids: [o1, o2] });
      expect(bobTry.status).toBe(404);
      const res = await alice.post('/api/traces/group_transactions', { ids: [i1, o2, o1] });
      expect(res.body).toMatchObject({
        status: 'success',
        message: 'Transactions group successful',
        data: { group_id: o1, count: 3 },
      });
      const grouped = await list(alice);
      expect(grouped).toHaveLength(3);
      const group = grouped.find((r) => r.id === o1);
      expect(group?.is_grouped_transaction).toBe(true);
      expect(group?.outgoing.map((l) => l.id).sort()).toEqual([o1, o2].sort());
      expect(group?.incoming.map((l) => l.id)).toEqual([i1]);
      expect(await list(bob)).toHaveLength(5);

      expect((await bob.post('/api/traces/ungroup_transaction/', { id: o1 })).status).toBe(404);
      const un = await alice.post('/api/traces/ungroup_transaction/', { id: o1 });
      expect(un.body).toMatchObject({ status: 'success', data: { count: 3 } });
      expect(await list(alice)).toHaveLength(5);
      expect((await row(o2)).gt_id).toBeNull();
    });

    it('marks an outgoing group as staking lockup and back, and incoming items as reward or return', async () => {
      const [o1, o2, i1, i2] = await ids('alice@example.com', ['o1', 'o2', 'i1', 'i2']);
      await alice.post('/api/traces/group_transactions', { ids: [o1, o2] });
      const lock = await alice.post('/api/transaction/group_staking', { id: o1, type: 'staking_lockup' });
      expect(lock.body.data).toMatchObject({ group_id: o1, count: 2 });
      expect((await row(o2)).user_defined_type).toBe('staking_lockup');
      await alice.post('/api/transaction/group_staking', { id: o1, type: 'external_transfer' });
      expect((await row(o2)).user_defined_type).toBe('external_transfer');
      await alice.post('/api/transaction/group_staking', { id: o1, type: 'staking_lockup' });

      // An incoming item of a group.
      await alice.post('/api/traces/group_transactions', { ids: [i1, i2] });
      expect(
        (await alice.post('/api/transaction/group_staking', { id: i1, type: 'staking_lockup' })).status,
      ).toBe(400);
      await alice.post('/api/transaction/group_staking', { id: i1, type: 'staking_return' });
      await alice.post('/api/transaction/group_staking', { id: i2, type: 'staking_reward' });
      expect((await row(i1)).user_defined_type).toBe('staking_return');
      expect((await row(i2)).user_defined_type).toBe('staking_reward');
      // A withdrawal item cannot be a reward.
      expect(
        (await alice.post('/api/transaction/group_staking', { id: o2, type: 'staking_reward' })).status,
      ).toBe(400);
      expect(
        (await bob.post('/api/transaction/group_staking', { id: i1, type: 'staking_reward' })).status,
      ).toBe(404);
    });

    it('reclassifies a switch-trade group', async () => {
      const [o1, i1] = await ids('alice@example.com', ['o1', 'i1']);
      // i1 leads its own group, so combining merges both groups under the earliest row.
      expect((await alice.post('/api/traces/group_transactions', { ids: [o1, i1] })).body.data.count).toBe(4);
      const res = await alice.post('/api/transaction/reclassify_switch_trade', {
        group_id: o1,
        type: 'liquidity_pool_enter',
      });
      expect(res.body).toMatchObject({ status: 'Success' });
      const group = (await list(alice)).find((r) => r.id === o1);
      expect(group?.gt_user_defined_type).toBe('liquidity_pool_enter');
      const bad = await alice.post('/api/transaction/reclassify_switch_trade', {
        group_id: o1,
        type: 'nonsense',
      });
      expect(bad.status).toBe(400);
      const [bobO1] = await ids('bob@example.com', ['o1']);
      expect(
        (
          await alice.post('/api/transaction/reclassify_switch_trade', {
            group_id: bobO1,
            type: 'switch_trade',
          })
        ).status,
      ).toBe(404);
    });

    it('re-applies groups after a re-import and the annotation reset undoes them', async () => {
      const db = server.ctx.db.kysely;
      const [o1] = await ids('alice@example.com', ['o1']);
      const { import_history_id: historyId } = await row(o1);
      const file = await db
        .selectFrom('import_files')
        .select('id')
        .where('import_history_id', '=', historyId)
        .executeTakeFirstOrThrow();
      await alice.request('DELETE', `/api/imports/v1/import_files/${file.id}`);
      await server.ctx.jobs.idle();
      await alice.upload('/api/imports/v1/csv_imports', { name: 'again.csv', content: FILE });
      await server.ctx.jobs.idle();
      const [n1, n2, m1, m2] = await ids('alice@example.com', ['o1', 'o2', 'i1', 'i2']);
      expect(n1).not.toBe(o1);
      const lead = await row(n1);
      // o1 and i1 were last combined: their two groups merged under o1, with its type.
      expect(lead.gt_id).toBe(n1);
      expect(lead.gt_user_defined_type).toBe('liquidity_pool_enter');
      expect((await row(m1)).gt_id).toBe(n1);
      expect((await row(n2)).gt_id).toBe(n1);
      expect((await row(m2)).gt_id).toBe(n1);
      expect((await row(n2)).user_defined_type).toBe('staking_lockup');
      const listed = await list(alice);
      expect(listed.map((r) => r.id).sort()).toEqual(
        [n1, ...(await ids('alice@example.com', ['b0']))].sort(),
      );
      expect(listed.find((r) => r.id === n1)?.incoming).toHaveLength(2);

      const reset = await alice.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${lead.import_history_id}`,
      );
      expect(reset.status).toBe(200);
      for (const id of [n1, n2, m1, m2]) {
        const r = await row(id);
        expect(r.gt_id).toBeNull();
        expect(r.gt_user_defined_type).toBeNull();
        expect(r.user_defined_type).toBeNull();
      }
      expect(await list(alice)).toHaveLength(5);
    });

    it("leaves a pair's hidden half alone when groups are laid again after a re-import", async () => {
      const db = server.ctx.db.kysely;
      const cold = [HEADER, '2024-02-01 00:10:00 UTC,,,1,ETH,,,2000,USD,,Deposit,c1'].join('\n');
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'cold.csv', content: cold },
        { new_account: 'true', custom_name: 'Cold storage' },
      );
      await server.ctx.jobs.idle();
      const [o2, c1, i1, i2] = await ids('alice@example.com', ['o2', 'c1', 'i1', 'i2']);
      const pair = await alice.post('/api/mark_self_transfers', { buy_id: c1, sell_id: o2 });
      expect(pair.body).toMatchObject({ status: 'success' });
      expect((await row(c1)).gt_id).toBe(o2);
      await alice.post('/api/traces/group_transactions', { ids: [i1, i2] });

      const { import_history_id: historyId } = await row(o2);
      const file = await db
        .selectFrom('import_files')
        .select('id')
        .where('import_history_id', '=', historyId)
        .executeTakeFirstOrThrow();
      await alice.request('DELETE', `/api/imports/v1/import_files/${file.id}`);
      await server.ctx.jobs.idle();
      await alice.upload('/api/imports/v1/csv_imports', { name: 'again.csv', content: FILE });
      await server.ctx.jobs.idle();
      const [n2, c1again, m1, m2] = await ids('alice@example.com', ['o2', 'c1', 'i1', 'i2']);
      expect(c1again).toBe(c1);
      expect((await row(m2)).gt_id).toBe(m1);
      // Re-paired by the pair history, and not taken for an orphaned group member.
      expect((await row(c1)).gt_id).toBe(n2);
      expect((await list(alice)).some((r) => r.id === c1)).toBe(false);
    });
  });
}
