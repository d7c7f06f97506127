import { calculate } from '@lotwise/engine/calculate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineInput } from '../src/modules/tax/engine-input.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// Exchange account: 1 BTC bought, 0.5 BTC withdrawn (worth 15,000), and a BTC deposit of its own.
const EXCHANGE = [
  HEADER,
  '2024-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-03-01 10:00:00 UTC,0.5,BTC,,,,,15000,USD,,Withdrawal,',
  '2024-03-01 11:00:00 UTC,,,0.5,BTC,,,15000,USD,,Deposit,',
].join('\n');
// Cold storage: deposits near the withdrawal. Exact amount a day later, close amount 30 min
// later, far amount 5 min later, another asset at the same minute, and one far outside the window.
const COLD = [
  HEADER,
  '2024-03-02 10:00:00 UTC,,,0.5,BTC,,,15000,USD,,Deposit,',
  '2024-03-01 10:30:00 UTC,,,0.4995,BTC,,,14985,USD,,Deposit,',
  '2024-03-01 10:05:00 UTC,,,0.3,BTC,,,9000,USD,,Deposit,',
  '2024-03-01 10:00:00 UTC,,,1,ETH,,,3000,USD,,Deposit,',
  '2024-09-01 10:00:00 UTC,,,0.5,BTC,,,15000,USD,,Deposit,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: self transfer, switch trade and rebrand pairs`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let aliceId: number;

    const db = () => server.ctx.db.kysely;
    async function idOf(userId: number, asset: string, amount: string, sent = false): Promise<number> {
      const rows = await db()
        .selectFrom('transactions')
        .select(['id', 'sent_amount', 'received_amount'])
        .where('user_id', '=', userId)
        .where(sent ? 'sent_asset' : 'received_asset', '=', asset)
        .orderBy('id')
        .execute();
      const hit = rows.find((r) => Number(sent ? r.sent_amount : r.received_amount) === Number(amount));
      if (!hit) throw new Error(`no ${asset} ${amount}`);
      return Number(hit.id);
    }
    const row = (id: number) =>
      db().selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    async function list(client: TestClient) {
      const res = await client.post('/api/traces/list_transactions_new', {
        txns_type: 'all',
        page: 1,
        page_size: 100,
        sort_order: 'asc',
        sort_attribute: 'transaction_at',
      });
      expect(res.status).toBe(200);
      return res.body.transactions as Array<Record<string, unknown>>;
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'exchange.csv', content: EXCHANGE });
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'cold.csv', content: COLD },
        { new_account: 'true', custom_name: 'Cold storage' },
      );
      await bob.upload('/api/imports/v1/csv_imports', { name: 'exchange.csv', content: EXCHANGE });
      await server.ctx.jobs.idle();
      aliceId = (
        await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'alice@example.com')
          .executeTakeFirstOrThrow()
      ).id;
    });
    afterAll(() => server.dispose());

    it('ranks self-transfer candidates by amount closeness, then time (other accounts, same asset)', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const res = await alice.get(`/api/probable_self_transfers/${w}`);
      expect(res.status).toBe(200);
      expect(res.body.data.transaction).toMatchObject({
        id: w,
        direction: 'sell',
        currency: 'BTC',
        amount: '0.5',
      });
      const got = res.body.data.transactions.map((c: { amount: string; date: string; exchange: string }) => [
        c.amount,
        c.date.slice(0, 16),
        c.exchange,
      ]);
      expect(got).toEqual([
        ['0.5', '2024-03-02T10:00', 'Cold storage'],
        ['0.4995', '2024-03-01T10:30', 'Cold storage'],
        ['0.3', '2024-03-01T10:05', 'Cold storage'],
      ]);
      // The reverse: a deposit's candidates are withdrawals.
      const d = await idOf(aliceId, 'BTC', '0.4995');
      const back = await alice.get(`/api/probable_self_transfers/${d}`);
      expect(back.body.data.transactions.map((c: { id: number }) => c.id)).toEqual([w]);
    });

    it("refuses another user's rows and asks for a pair when none is chosen", async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const d = await idOf(aliceId, 'BTC', '0.4995');
      expect((await bob.get(`/api/probable_self_transfers/${w}`)).status).toBe(404);
      expect((await bob.post('/api/mark_self_transfers', { buy_id: d, sell_id: w })).status).toBe(404);
      const none = await alice.post('/api/mark_self_transfers', { sell_id: w });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Please select a matching pair below.');
      // Same-account BTC deposit: not a self transfer.
      const own = await idOf(aliceId, 'BTC', '0.5');
      const same = await alice.post('/api/mark_self_transfers', { buy_id: own, sell_id: w });
      expect(same.status).toBe(400);
    });

    it('pairs a withdrawal with a deposit: one merged row, engine pairId, transfer fee disposal; revert undoes it', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const d = await idOf(aliceId, 'BTC', '0.4995');
      const before = calculate(await loadEngineInput(db(), aliceId), {});
      expect(before.years['2024']?.disposals ?? []).toEqual([]);

      const res = await alice.post('/api/mark_self_transfers', { buy_id: d, sell_id: w });
      expect(res.body).toMatchObject({ status: 'success', data: { partner_id: d } });
      const merged = res.body.data.updated_row;
      expect(merged).toMatchObject({
        id: w,
        type: 'transfer',
        user_defined_type: 'self_transfer',
        pair_kind: 'self_transfer',
        from_currency: 'BTC',
        from_amount: '0.5',
        to_currency: 'BTC',
        to_amount: '0.4995',
        partner: { id: d, exchange: 'Cold storage' },
      });
      const [a, b] = [await row(w), await row(d)];
      expect(a.pair_id).toBe(b.pair_id);
      expect(a.pair_id).not.toBeNull();
      expect([a.pair_kind, b.user_defined_type]).toEqual(['self_transfer', 'self_transfer']);

      // The list shows the pair once, merged; the partner row is gone from the list and counts.
      const rows = await list(alice);
      expect(rows.filter((r) => r.id === d)).toEqual([]);
      expect(rows.find((r) => r.id === w)).toMatchObject({ to_amount: '0.4995', type: 'transfer' });
      const stats = (await alice.get('/api/transaction/stats?show_ignored=false')).body;
      expect(stats.data?.total ?? stats.total).toBe(rows.length);
      // Neither is offered as a candidate any more.
      const other = await idOf(aliceId, 'BTC', '0.3');
      const cands = (await alice.get(`/api/probable_self_transfers/${other}`)).body.data.transactions;
      expect(cands.map((c: { id: number }) => c.id)).not.toContain(w);

      // Engine: the halves are one pair; the 0.0005 BTC that did not arrive is a transfer fee (15 at 30,000/BTC).
      const input = await loadEngineInput(db(), aliceId);
      expect(input.find((t) => t.id === String(w))?.pairId).toBe(a.pair_id);
      const after = calculate(input, {});
      expect(after.years['2024']?.disposals.map((l) => [l.txId, l.category, l.amount, l.proceeds])).toEqual([
        [String(w), 'transfer_fee', '0.0005', '15'],
      ]);
      expect(after.warnings.filter((x) => x.code === 'bad_pair')).toEqual([]);

      // Revert (the merged row's only menu item) parts both rows.
      const revert = await alice.post(`/api/traces/update_transaction_type/${w}/self_transfer`);
      expect(revert.body.data).toMatchObject({
        is_transfer_type: false,
        user_defined_type: 'external_transfer',
      });
      for (const r of [await row(w), await row(d)]) {
        expect([r.pair_id, r.pair_kind, r.user_defined_type, r.gt_id]).toEqual([
          null,
          null,
          'external_transfer',
          null,
        ]);
      }
      expect((await list(alice)).some((r) => r.id === d)).toBe(true);
    });

    it('ignores and enables a pair as a whole; the hidden half is not a group to ungroup', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const d = await idOf(aliceId, 'BTC', '0.4995');
      await alice.post('/api/mark_self_transfers', { buy_id: d, sell_id: w });
      expect((await alice.post('/api/traces/ungroup_transaction/', { id: d })).status).toBe(404);
      expect((await row(d)).gt_id).toBe(w);
      await alice.post('/api/traces/toggle_group_transaction_type_ignore', { ids: [w], is_ignore: true });
      expect([(await row(w)).ignored, (await row(d)).ignored].map(Boolean)).toEqual([true, true]);
      const ignored = calculate(await loadEngineInput(db(), aliceId), {});
      expect(ignored.warnings.filter((x) => x.code === 'bad_pair')).toEqual([]);
      await alice.post('/api/traces/toggle_group_transaction_type_ignore', { ids: [w], is_ignore: false });
      expect([(await row(w)).ignored, (await row(d)).ignored].map(Boolean)).toEqual([false, false]);
      expect((await row(d)).pair_id).toBe((await row(w)).pair_id);
      await alice.post(`/api/traces/update_transaction_type/${w}/self_transfer`);
      expect((await row(d)).pair_id).toBeNull();
    });

    it('creates the missing half as a manual row and pairs it', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const res = await alice.post('/api/mark_self_transfers', { sell_id: w, create_manual: true });
      expect(res.body.status).toBe('success');
      const made = await row(res.body.data.partner_id);
      expect(made).toMatchObject({
        kind: 'deposit',
        received_asset: 'BTC',
        timestamp: (await row(w)).timestamp,
      });
      expect(Number(made.received_amount)).toBe(0.5);
      expect(res.body.data.updated_row.partner.exchange_name).toBe('Manual');
      await alice.post(`/api/traces/update_transaction_type/${w}/self_transfer`);
      await alice.post('/api/traces/delete_transaction', { ids: [made.id] });
    });

    it('switch trade (different assets, manual_switch_trade) and rebrand pairs, each reset by its own revert', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const eth = await idOf(aliceId, 'ETH', '1');
      const cands = (await alice.get(`/api/transaction/probable_switch_trades/${w}`)).body.data.transactions;
      expect(cands.map((c: { currency: string }) => c.currency)).toEqual(['ETH']);
      expect((await alice.post('/api/transaction/mark_switch_trades', {})).body.message).toBe(
        'Please select a matching pair below.',
      );
      const sw = await alice.post('/api/transaction/mark_switch_trades', { buy_id: eth, sell_id: w });
      expect(sw.body.data.updated_row).toMatchObject({
        user_defined_type: 'switch_trade',
        pair_kind: 'switch_trade',
        manual_switch_trade: true,
        to_currency: 'ETH',
      });
      // Engine: a trade across accounts — BTC disposed of at the ETH's value (3,000).
      const traded = calculate(await loadEngineInput(db(), aliceId), {});
      expect(
        traded.years['2024']?.disposals.map((l) => [l.txId, l.category, l.proceeds, l.costBasis]),
      ).toEqual([[String(w), 'trade', '3000', '5000']]);
      await alice.post(`/api/traces/update_transaction_type/${w}/switch_trade`);
      expect((await row(eth)).pair_id).toBeNull();

      const rb = await alice.post('/api/transaction/mark_rebrand', { buy_id: eth, sell_id: w });
      expect(rb.body.data.updated_row).toMatchObject({ user_defined_type: 'swap', pair_kind: 'swap' });
      const carried = calculate(await loadEngineInput(db(), aliceId), {});
      expect(carried.years['2024']?.disposals ?? []).toEqual([]);
      await alice.post(`/api/traces/update_transaction_type/${w}/swap`);
      expect([(await row(w)).user_defined_type, (await row(eth)).pair_id]).toEqual([
        'external_transfer',
        null,
      ]);
    });

    it('re-pairs after the account is imported again, and the annotation reset un-pairs', async () => {
      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const d = await idOf(aliceId, 'BTC', '0.4995');
      await alice.post('/api/mark_self_transfers', { buy_id: d, sell_id: w });
      const cold = await row(d);
      const file = cold.import_file_id!;
      await alice.request('DELETE', `/api/imports/v1/import_files/${file}`);
      await server.ctx.jobs.idle();
      // The half left behind is released (shown again, no pair).
      expect((await row(w)).pair_id).toBeNull();
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'cold-again.csv', content: COLD },
        { import_history_id: String(cold.import_history_id) },
      );
      await server.ctx.jobs.idle();
      const d2 = await idOf(aliceId, 'BTC', '0.4995');
      const [a, b] = [await row(w), await row(d2)];
      expect(a.pair_id).not.toBeNull();
      expect(b.pair_id).toBe(a.pair_id);
      expect(b.gt_id).toBe(w);

      const reset = await alice.request('DELETE', `/api/annotation_history/reset?eid=${b.import_history_id}`);
      expect(reset.body.status).toBe('success');
      const [a2, b2] = [await row(w), await row(d2)];
      expect([a2.pair_id, b2.pair_id, b2.gt_id]).toEqual([null, null, null]);
      expect(b2.user_defined_type).toBeNull();
      // The withdrawal (other account) went back to its type before the pair: external_transfer from the revert above.
      expect(a2.user_defined_type).toBe('external_transfer');
    });

    it('lists exchanges with counts and deletes one (its edits too); the partner elsewhere comes apart', async () => {
      const listed = await alice.get('/api/transaction/exchanges');
      expect(listed.body.data.email).toBe('alice@example.com');
      // Exchange, Cold storage and the Manual account the Create Manual test made.
      expect(listed.body.data.exchanges_count).toBe(listed.body.data.exchanges.length);
      const cold = listed.body.data.exchanges.find((e: { name: string }) => e.name === 'Cold storage');
      expect(cold.transactions_count).toBe(5);
      expect((await bob.get('/api/transaction/exchanges')).body.data.exchanges_count).toBe(1);
      expect((await bob.request('DELETE', `/api/transaction/${cold.id}`)).status).toBe(404);

      const w = await idOf(aliceId, 'BTC', '0.5', true);
      const d = await idOf(aliceId, 'BTC', '0.4995');
      const before = (await row(w)).user_defined_type;
      await alice.post('/api/mark_self_transfers', { buy_id: d, sell_id: w });
      const res = await alice.request('DELETE', `/api/transaction/${cold.id}`);
      expect(res.body).toMatchObject({
        status: 'success',
        message:
          'Your Exchange transactions are now being deleted. This may take a few moments. You need to recalculate your tax.',
      });
      await server.ctx.jobs.idle();
      const left = await alice.get('/api/transaction/exchanges');
      expect(left.body.data.exchanges.map((e: { name: string }) => e.name)).not.toContain('Cold storage');
      const kept = await row(w);
      // Back to its type before the pair.
      expect([kept.pair_id, kept.gt_id, kept.user_defined_type]).toEqual([null, null, before]);
      const notes = await db()
        .selectFrom('annotation_histories')
        .select(['action', 'import_history_id'])
        .where('user_id', '=', aliceId)
        .orderBy('id', 'desc')
        .execute();
      expect(notes.some((n) => n.import_history_id === cold.id)).toBe(false);
      expect(notes[0]?.action).toBe('unpair');
    });
  });
}
