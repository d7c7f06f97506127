import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 1 BTC bought for 10,000; 0.5 DOT arrives worth 3.10 (a plain deposit: no income);
// half the BTC sold for 8,000 (basis 5,000, gain 3,000, long term).
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n');

interface Year {
  year: number;
  proceeds: string;
  income: string;
  long_term_gain: string;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: row menu changes and their effect on the tax engine`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    async function rowId(email: string, where: { received?: string; sent?: string }): Promise<number> {
      const row = await server.ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select('t.id')
        .where('u.email', '=', email)
        .$if(where.received !== undefined, (q) => q.where('t.received_asset', '=', where.received ?? ''))
        .$if(where.sent !== undefined, (q) => q.where('t.sent_asset', '=', where.sent ?? ''))
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }

    async function year2024(client: TestClient): Promise<Year> {
      await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const years = (await client.get('/api/tax/years')).body.data;
      expect(years.stale).toBe(false);
      return years.years.find((y: Year) => y.year === 2024) ?? { year: 2024, proceeds: '0', income: '0' };
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

    it('starts with a sale and no income', async () => {
      const y = await year2024(alice);
      expect(Number(y.proceeds)).toBe(8000);
      expect(Number(y.income)).toBe(0);
    });

    for (const type of [
      'staking_reward',
      'airdrop',
      'mined',
      'interest_received',
      'payment',
      'misc_reward',
    ]) {
      it(`marking a deposit as ${type} creates income; marking it as not ${type} removes it`, async () => {
        const id = await rowId('alice@example.com', { received: 'DOT' });
        const res = await alice.post(`/api/traces/update_transaction_type/${id}/${type}`);
        expect(res.body).toMatchObject({
          status: 'success',
          data: { is_transfer_type: false, user_defined_type: type },
        });
        expect(Number((await year2024(alice)).income)).toBe(3.1);
        const back = await alice.post(`/api/traces/update_transaction_type/${id}/${type}`);
        expect(back.body.data.user_defined_type).toBe('business_or_investment');
        expect(Number((await year2024(alice)).income)).toBe(0);
      });
    }

    for (const type of ['gift_sent', 'donation_501c3', 'ignore']) {
      it(`marking a withdrawal as ${type} removes it from gains`, async () => {
        const id = await rowId('alice@example.com', { sent: 'BTC' });
        await alice.post(`/api/traces/update_transaction_type/${id}/${type}`);
        const y = await year2024(alice);
        expect(Number(y.proceeds)).toBe(0);
        const reset = type === 'ignore' ? 'ignore_reset' : type;
        await alice.post(`/api/traces/update_transaction_type/${id}/${reset}`);
        expect(Number((await year2024(alice)).proceeds)).toBe(8000);
      });
    }

    it('refuses types the menu does not offer (a sell cannot become incoming income)', async () => {
      const id = await rowId('alice@example.com', { sent: 'BTC' });
      const res = await alice.post(`/api/traces/update_transaction_type/${id}/staking_reward`);
      expect(res.status).toBe(400);
      const edit = await alice.post(`/api/traces/update_transaction_type/${id}/edit`);
      expect(edit.status).toBe(400);
    });

    it('reports transfer types and resets them to external_transfer', async () => {
      const id = await rowId('alice@example.com', { received: 'DOT' });
      const res = await alice.post(`/api/traces/update_transaction_type/${id}/self_transfer`);
      expect(res.body.data.is_transfer_type).toBe(true);
      const back = await alice.post(`/api/traces/update_transaction_type/${id}/self_transfer`);
      expect(back.body.data).toMatchObject({
        is_transfer_type: false,
        user_defined_type: 'external_transfer',
      });
    });

    it('ignores and enables rows in bulk, touching updated_at (the calculation goes stale)', async () => {
      const id = await rowId('alice@example.com', { sent: 'BTC' });
      await year2024(alice);
      const res = await alice.post('/api/traces/toggle_group_transaction_type_ignore', {
        ids: [id],
        is_ignore: true,
      });
      expect(res.body).toMatchObject({ status: 'success', message: 'Bulk ignore successful' });
      expect((await alice.get('/api/tax/years')).body.data.stale).toBe(true);
      expect(Number((await year2024(alice)).proceeds)).toBe(0);
      await alice.post('/api/traces/toggle_group_transaction_type_ignore', { ids: id, is_ignore: 'false' });
      expect(Number((await year2024(alice)).proceeds)).toBe(8000);
    });

    it('re-applies a change when the same transaction is imported again, and the reset undoes it', async () => {
      const id = await rowId('alice@example.com', { received: 'DOT' });
      await alice.post(`/api/traces/update_transaction_type/${id}/staking_reward`);
      const db = server.ctx.db.kysely;
      const file = await db
        .selectFrom('import_files')
        .select(['id', 'user_id'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(file.user_id).toBe(
        (
          await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'alice@example.com')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await alice.request('DELETE', `/api/imports/v1/import_files/${file.id}`);
      await server.ctx.jobs.idle();
      await alice.upload('/api/imports/v1/csv_imports', { name: 'again.csv', content: FILE });
      await server.ctx.jobs.idle();
      const again = await db
        .selectFrom('transactions')
        .selectAll()
        .where('received_asset', '=', 'DOT')
        .where('user_id', '=', file.user_id)
        .executeTakeFirstOrThrow();
      expect(again.user_defined_type).toBe('staking_reward');
      expect(Number((await year2024(alice)).income)).toBe(3.1);

      const bobReset = await bob.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${again.import_history_id}`,
      );
      expect(bobReset.status).toBe(404);
      const reset = await alice.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${again.import_history_id}`,
      );
      expect(reset.body).toMatchObject({
        status: 'success',
        message: 'Annotation histories cleanup is done. You need to recalculate your tax.',
      });
      const after = await db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', again.id)
        .executeTakeFirstOrThrow();
      expect(after.user_defined_type).toBeNull();
      expect(Number((await year2024(alice)).income)).toBe(0);
    });

    it('deletes manual rows only', async () => {
      await alice.post('/api/manual_entry', {
        date: '2024-05-01T10:00:00Z',
        type: 'buy',
        from_currency: 'USD',
        from_amount: '100',
        to_currency: 'ETH',
        to_amount: '0.05',
      });
      const manual = await rowId('alice@example.com', { received: 'ETH' });
      const imported = await rowId('alice@example.com', { received: 'BTC' });
      expect((await alice.post('/api/traces/delete_transaction', { ids: [imported] })).status).toBe(400);
      expect((await bob.post('/api/traces/delete_transaction', { ids: [manual] })).status).toBe(404);
      const res = await alice.post('/api/traces/delete_transaction', { ids: manual });
      expect(res.body).toMatchObject({
        status: 'success',
        message:
          'You have deleted your transaction data, you must re-calculate your gains to see the proper changes.',
        data: { count: 1 },
      });
    });

    it("never touches another user's rows", async () => {
      const id = await rowId('alice@example.com', { sent: 'BTC' });
      const before = await server.ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect((await bob.post(`/api/traces/update_transaction_type/${id}/gift_sent`)).status).toBe(404);
      expect((await bob.post(`/api/traces/update_transaction_type/${id}/gift_sent`)).status).toBe(404);
      const toggle = await bob.post('/api/traces/toggle_group_transaction_type_ignore', {
        ids: [id],
        is_ignore: true,
      });
      expect(toggle.status).toBe(404);
      const after = await server.ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect(Number((await year2024(bob)).proceeds)).toBe(8000);
    });
  });
}
