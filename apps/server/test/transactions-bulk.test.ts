import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../src/realtime/hub.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 25 DOT deposits and 3 ADA deposits (the filter below keeps DOT only), 2 BTC withdrawals, 1 trade.
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  ...Array.from(
    { length: 25 },
    (_, i) => `2024-01-${String(i + 1).padStart(2, '0')} 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,dot${i}`,
  ),
  ...Array.from({ length: 3 }, (_, i) => `2024-02-0${i + 1} 00:00:00 UTC,,,10,ADA,,,4,USD,,Deposit,ada${i}`),
  '2024-03-01 09:00:00 UTC,0.1,BTC,,,,,3000,USD,,Withdrawal,w1',
  '2024-03-02 09:00:00 UTC,0.1,BTC,,,,,3000,USD,,Withdrawal,w2',
  '2024-03-05 09:00:00 UTC,0.2,BTC,3,ETH,,,6000,USD,,Trade,t1',
].join('\n');

const DOT_FILTER = { txns_type: 'buy', page: 1, page_size: 20, search_params: 'DOT' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulk edit`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let aliceId: number;

    async function rows(email: string, asset: string) {
      return server.ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.user_defined_type', 't.ignored', 't.import_history_id'])
        .where('u.email', '=', email)
        .where((eb) => eb.or([eb('t.received_asset', '=', asset), eb('t.sent_asset', '=', asset)]))
        .orderBy('t.id')
        .execute();
    }
    const ids = async (email: string, asset: string) => (await rows(email, asset)).map((r) => Number(r.id));
    const kinds = async (kind: string) =>
      (
        await server.ctx.db.kysely
          .selectFrom('transactions')
          .select('id')
          .where('user_id', '=', aliceId)
          .where('kind', '=', kind)
          .orderBy('id')
          .execute()
      ).map((r) => Number(r.id));

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await bob.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
      const user = await server.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'alice@example.com')
        .executeTakeFirstOrThrow();
      aliceId = Number(user.id);
    });
    afterAll(() => server.dispose());

    it('refuses a mixed selection and marks that are not offered for the kind', async () => {
      const dot = await ids('alice@example.com', 'DOT');
      const withdrawal = (await kinds('withdrawal'))[0];
      const mixed = await alice.post('/api/traces/bulk_update_transactions', {
        ids: [dot[0], withdrawal],
        sub_category: 'staking_reward',
      });
      expect(mixed.status).toBe(400);
      expect(mixed.body.message).toMatch(/every selected transaction/);
      const wrong = await alice.post('/api/transaction/update_selected', {
        type: 'lost',
        selected_txns: dot.slice(0, 2),
      });
      expect(wrong.status).toBe(400);
      expect((await rows('alice@example.com', 'DOT')).every((r) => r.user_defined_type === null)).toBe(true);
    });

    it('marks all-deposit, all-withdrawal and all-trade selections with their own lists', async () => {
      const dot = await ids('alice@example.com', 'DOT');
      const res = await alice.post('/api/traces/bulk_update_transactions', {
        ids: dot.slice(0, 3),
        sub_category: 'staking_reward',
      });
      expect(res.body).toMatchObject({
        status: 'success',
        message: 'Bulk update successful',
        data: { count: 3 },
      });
      const after = await rows('alice@example.com', 'DOT');
      expect(after.slice(0, 3).map((r) => r.user_defined_type)).toEqual(Array(3).fill('staking_reward'));
      expect(after[3]?.user_defined_type).toBeNull();

      const out = await alice.post('/api/transaction/update_selected', {
        type: 'gift_sent',
        selected_txns: await kinds('withdrawal'),
      });
      expect(out.body.data.count).toBe(2);
      const trade = await alice.post('/api/transaction/update_selected', {
        type: 'nft_trade',
        selected_txns: await kinds('trade'),
      });
      expect(trade.body.data.count).toBe(1);
      // Sub-type names of the old client mean their marks: only_buy is Buy.
      const back = await alice.post('/api/traces/bulk_update_transactions', {
        ids: dot.slice(0, 3),
        sub_category: 'only_buy',
      });
      expect(back.body.data.count).toBe(3);
      const reset = await rows('alice@example.com', 'DOT');
      expect(reset[0]?.user_defined_type).toBe('business_or_investment');
    });

    it("never touches another user's rows", async () => {
      const bobDot = await ids('bob@example.com', 'DOT');
      const res = await alice.post('/api/traces/bulk_update_transactions', {
        ids: bobDot.slice(0, 2),
        sub_category: 'airdrop',
      });
      expect(res.status).toBe(404);
      const job = await bob.post('/api/transaction/bulk_by_filter', {
        action: 'type',
        type: 'mined',
        filter: DOT_FILTER,
      });
      expect(job.body.data.total).toBe(25);
      await server.ctx.jobs.idle();
      expect((await rows('alice@example.com', 'DOT')).some((r) => r.user_defined_type === 'mined')).toBe(
        false,
      );
      expect((await rows('bob@example.com', 'DOT')).every((r) => r.user_defined_type === 'mined')).toBe(true);
      expect((await alice.get(`/api/transaction/bulk_status/${job.body.data.job_id}`)).status).toBe(404);
    });

    it('applies an all-pages type change by filter as a job with progress, leaving rows outside the filter alone', async () => {
      const events: Notification[] = [];
      const stop = server.ctx.hub.subscribe(aliceId, (n) => events.push(n));
      const res = await alice.post('/api/transaction/bulk_by_filter', {
        action: 'type',
        type: 'airdrop',
        filter: DOT_FILTER,
      });
      expect(res.body).toMatchObject({ status: 'success', data: { total: 25 } });
      await server.ctx.jobs.idle();
      stop();
      const dot = await rows('alice@example.com', 'DOT');
      expect(dot.every((r) => r.user_defined_type === 'airdrop')).toBe(true);
      expect((await rows('alice@example.com', 'ADA')).every((r) => r.user_defined_type === null)).toBe(true);
      const mine = events.filter(
        (e) => e.data?.name === 'transactions.bulk' && e.data.id === res.body.data.job_id,
      );
      const progress = mine.map((e) => Number(e.data?.progress));
      expect(mine.at(-1)?.data?.status).toBe('succeeded');
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(
        mine.some((e) => e.data?.status === 'running' && String(e.data.message).startsWith('Updating')),
      ).toBe(true);
      const status = await alice.get(`/api/transaction/bulk_status/${res.body.data.job_id}`);
      expect(status.body).toMatchObject({
        status: 'succeeded',
        progress: 100,
        result: { total: 25, updated: 25, skipped: 0 },
      });
    });

    it('refuses an all-pages type change whose filter matches mixed kinds', async () => {
      const res = await alice.post('/api/transaction/bulk_by_filter', {
        action: 'type',
        type: 'airdrop',
        filter: { txns_type: 'all', page: 1, page_size: 20 },
      });
      expect(res.status).toBe(400);
    });

    it('ignores and enables every matching row by filter', async () => {
      const res = await alice.post('/api/transaction/bulk_by_filter', {
        action: 'ignore',
        filter: { ...DOT_FILTER, txns_type: 'all' },
      });
      expect(res.body.data.total).toBe(25);
      await server.ctx.jobs.idle();
      expect((await rows('alice@example.com', 'DOT')).every((r) => Boolean(r.ignored))).toBe(true);
      expect((await rows('alice@example.com', 'ADA')).some((r) => Boolean(r.ignored))).toBe(false);
      expect((await rows('bob@example.com', 'DOT')).some((r) => Boolean(r.ignored))).toBe(false);
      await alice.post('/api/transaction/bulk_by_filter', {
        action: 'enable',
        filter: { ...DOT_FILTER, txns_type: 'all', visibility: ['ignored'] },
      });
      await server.ctx.jobs.idle();
      expect((await rows('alice@example.com', 'DOT')).some((r) => Boolean(r.ignored))).toBe(false);
    });

    it('re-applies bulk changes after a re-import; the annotation reset undoes them', async () => {
      const db = server.ctx.db.kysely;
      const file = await db
        .selectFrom('import_files')
        .select('id')
        .where('user_id', '=', aliceId)
        .executeTakeFirstOrThrow();
      await alice.request('DELETE', `/api/imports/v1/import_files/${file.id}`);
      await server.ctx.jobs.idle();
      expect(await rows('alice@example.com', 'DOT')).toHaveLength(0);
      await alice.upload('/api/imports/v1/csv_imports', { name: 'again.csv', content: FILE });
      await server.ctx.jobs.idle();
      const again = await rows('alice@example.com', 'DOT');
      expect(again).toHaveLength(25);
      expect(again.every((r) => r.user_defined_type === 'airdrop')).toBe(true);
      const trade = await db
        .selectFrom('transactions')
        .select('user_defined_type')
        .where('user_id', '=', aliceId)
        .where('kind', '=', 'trade')
        .executeTakeFirstOrThrow();
      expect(trade.user_defined_type).toBe('nft_trade');

      const reset = await alice.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${again[0]?.import_history_id}`,
      );
      expect(reset.status).toBe(200);
      expect((await rows('alice@example.com', 'DOT')).every((r) => r.user_defined_type === null)).toBe(true);
      expect((await rows('alice@example.com', 'BTC')).every((r) => r.user_defined_type === null)).toBe(true);
      expect((await rows('bob@example.com', 'DOT')).every((r) => r.user_defined_type === 'mined')).toBe(true);
    });

    it('saves the bulk-edit preference with PUT /api/setting and the list returns it', async () => {
      const list = () => alice.post('/api/traces/list_transactions_new', DOT_FILTER);
      expect((await list()).body.bulk_edit_preference).toBeNull();
      const put = await alice.request('PUT', '/api/setting', { bulk_edit_preference: 'all_pages' });
      expect(put.body.status).toBe('success');
      expect((await list()).body.bulk_edit_preference).toBe('all_pages');
      expect(
        (await bob.post('/api/traces/list_transactions_new', DOT_FILTER)).body.bulk_edit_preference,
      ).toBeNull();
      await alice.request('PUT', '/api/setting', { bulk_edit_preference: null });
      expect((await list()).body.bulk_edit_preference).toBeNull();
      expect((await alice.request('PUT', '/api/setting', { bulk_edit_preference: 'x' })).status).toBe(400);
    });
  });
}
