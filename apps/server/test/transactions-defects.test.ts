import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDIT_MESSAGES } from '@lotwise/contracts/transactions/edit/update-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Issue 22: the defects found trying the transactions and tax pages as a new user. */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// The exchange: BTC bought, a trade at 15:02:37 without a value, 0.015 BTC sent out on 02/14,
// 120 ETH → SOL trades with no value (each a missing price, the ETH an unknown basis) and
// income spelled four ways.
const TRADES = Array.from({ length: 120 }, (_, i) => {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(5 + Math.floor(i / 28)).padStart(2, '0');
  return `2024-${month}-${day} 08:00:00 UTC,0.1,ETH,1,SOL,,,,,,Trade,`;
});
const EXCHANGE = [
  HEADER,
  '2024-01-05 10:00:00 UTC,5000,USD,0.1,BTC,,,5000,USD,,Buy,',
  '2024-01-10 15:02:37 UTC,0.01,BTC,0.2,ETH,,,,,,Trade,',
  '2024-02-14 10:00:00 UTC,0.015,BTC,,,,,,,,Withdrawal,',
  '2024-02-20 00:00:00 UTC,,,1,DOT,,,5,USD,interest,Interest,',
  '2024-02-21 00:00:00 UTC,,,1,DOT,,,6,USD,Interest,Interest,',
  '2024-02-22 00:00:00 UTC,,,1,DOT,,,7,USD,Staking rewards,Staking,',
  '2024-02-23 00:00:00 UTC,,,1,DOT,,,8,USD,reward,Reward,',
  ...TRADES,
].join('\n');
// Cold storage: receives before the send, for more than was sent, long after, and the real one.
const COLD = [
  HEADER,
  '2024-02-01 10:00:00 UTC,,,0.02,BTC,,,,,,Deposit,',
  '2024-02-14 11:00:00 UTC,,,0.0149,BTC,,,,,,Deposit,',
  '2024-02-15 10:00:00 UTC,,,0.02,BTC,,,,,,Deposit,',
  '2024-04-30 10:00:00 UTC,,,0.0148,BTC,,,,,,Deposit,',
].join('\n');
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

interface ListRow {
  id: number;
  sub_type: string;
  total: string | null;
  ignored?: boolean;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: transactions and tax pages (issue 22)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let aliceId: number;

    const db = () => server.ctx.db.kysely;
    async function rowOf(where: { sent?: string; received?: string; amount?: string; at?: string }) {
      const rows = await db()
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', aliceId)
        .$if(where.sent !== undefined, (q) => q.where('sent_asset', '=', where.sent ?? ''))
        .$if(where.received !== undefined, (q) => q.where('received_asset', '=', where.received ?? ''))
        .orderBy('timestamp')
        .execute();
      const hit = rows.find(
        (r) =>
          (where.amount === undefined ||
            Number(r.sent_amount ?? r.received_amount) === Number(where.amount)) &&
          (where.at === undefined || r.timestamp.startsWith(where.at)),
      );
      if (!hit) throw new Error(`no row ${JSON.stringify(where)}`);
      return hit;
    }
    const list = (body: Record<string, unknown>) =>
      alice.post('/api/traces/list_transactions_new', { txns_type: 'all', page: 1, page_size: 50, ...body });
    async function calculate() {
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
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
      await server.ctx.jobs.idle();
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'alice@example.com')
        .executeTakeFirstOrThrow();
      aliceId = Number(user.id);
      await calculate();
    });
    afterAll(() => server.dispose());

    it('1: saves a manual price on an imported 15:02:37 row, keeping its time; a changed time keeps the step', async () => {
      const trade = await rowOf({ sent: 'BTC', at: '2024-01-10' });
      expect(trade.timestamp).toBe('2024-01-10T15:02:37Z');
      const body = {
        id: Number(trade.id),
        date: '01/10/2024 15:02',
        from_currency: 'BTC',
        from_amount: '0.01',
        from_per_token_price: '50000',
        manual_per_token_price: true,
        to_currency: 'ETH',
        to_amount: '0.2',
        fee: '0',
        fee_currency: null,
        comment: '',
        us_based: false,
      };
      const saved = await alice.post('/api/transaction/updatev5', body);
      expect(saved.status).toBe(200);
      const after = await rowOf({ sent: 'BTC', at: '2024-01-10' });
      expect(after.timestamp).toBe('2024-01-10T15:02:37Z');
      // The Total column shows the value the price gave (it stayed '—').
      const shown = (await list({ id: Number(trade.id) })).body.transactions as ListRow[];
      expect(shown.map((r) => [r.id, r.total === null ? null : Number(r.total)])).toEqual([
        [Number(trade.id), 500],
      ]);
      // A date the user changes still takes 15-minute steps.
      const moved = await alice.post('/api/transaction/updatev5', { ...body, date: '01/10/2024 15:07' });
      expect(moved.status).toBe(400);
      expect(moved.body.messages).toEqual([EDIT_MESSAGES.dateStep]);
    });

    it('4: offers only receives at or after the send, within the window, of no more than was sent', async () => {
      const send = await rowOf({ sent: 'BTC', at: '2024-02-14' });
      const res = await alice.get(`/api/probable_self_transfers/${send.id}`);
      expect(res.status).toBe(200);
      const offered = res.body.data.transactions.map((c: { amount: string; date: string }) => [
        c.amount,
        c.date.slice(0, 10),
      ]);
      expect(offered).toEqual([['0.0149', '2024-02-14']]);
      // Pairing the impossible one is refused.
      const early = await rowOf({ received: 'BTC', at: '2024-02-01' });
      const refused = await alice.post('/api/mark_self_transfers', {
        buy_id: Number(early.id),
        sell_id: Number(send.id),
      });
      expect(refused.status).toBe(400);
      const bigger = await rowOf({ received: 'BTC', at: '2024-02-15' });
      expect(
        (
          await alice.post('/api/mark_self_transfers', {
            buy_id: Number(bigger.id),
            sell_id: Number(send.id),
          })
        ).status,
      ).toBe(400);
    });

    it('4: the window is configurable (SELF_TRANSFER_WINDOW_DAYS)', async () => {
      if (dialect !== 'sqlite') return;
      const wide = await startTestServer(dialect, { SELF_TRANSFER_WINDOW_DAYS: '90' });
      try {
        const carol = new TestClient(wide.app);
        await carol.post('/api/auth/sign_up', { email: 'carol@example.com', password: 'correct horse 9' });
        await carol.upload('/api/imports/v1/csv_imports', { name: 'exchange.csv', content: EXCHANGE });
        await carol.upload(
          '/api/imports/v1/csv_imports',
          { name: 'cold.csv', content: COLD },
          { new_account: 'true', custom_name: 'Cold storage' },
        );
        await wide.ctx.jobs.idle();
        const send = await wide.ctx.db.kysely
          .selectFrom('transactions')
          .select('id')
          .where('sent_asset', '=', 'BTC')
          .where('timestamp', 'like', '2024-02-14%')
          .executeTakeFirstOrThrow();
        const res = await carol.get(`/api/probable_self_transfers/${send.id}`);
        expect(res.body.data.transactions.map((c: { amount: string }) => c.amount)).toEqual([
          '0.0149',
          '0.0148',
        ]);
      } finally {
        await wide.dispose();
      }
    });

    it('5: the year gives the true warning count, grouped, the same as the PDF', async () => {
      await calculate();
      const res = await alice.get('/api/tax/years/2024');
      expect(res.status).toBe(200);
      const detail = res.body.data;
      expect(detail.warnings_total).toBeGreaterThan(100);
      expect(detail.warnings.length).toBeLessThanOrEqual(100);
      const groups = detail.warning_groups as { code: string; label: string; count: number }[];
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(detail.warnings_total);
      expect(groups.map((g) => g.label)).toEqual(
        expect.arrayContaining(['Missing price', 'Unknown cost basis']),
      );
      // Biggest group first.
      expect([...groups].sort((a, b) => b.count - a.count)).toEqual(groups);
      // Each warning names its row, so the page can link to it.
      expect(detail.warnings.every((w: { transaction_id: number | null }) => w.transaction_id !== null)).toBe(
        true,
      );
      if (hasPoppler) {
        const cookies = (alice as unknown as { cookies: Map<string, string> }).cookies;
        const pdf = await server.app.inject({
          method: 'GET',
          url: '/api/tax/reports/2024/tax-report.pdf',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        const dir = mkdtempSync(join(tmpdir(), 'lotwise-warnings-'));
        writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
        const text = spawnSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).stdout;
        expect(text).toContain(`Warnings: ${detail.warnings_total} `);
      }
    });

    it('5: a warning links to its one row (id filter), and only for its owner', async () => {
      const detail = (await alice.get('/api/tax/years/2024')).body.data;
      const target = detail.warnings[0].transaction_id as number;
      const one = await list({ id: target });
      expect(one.body.transactions_count).toBe(1);
      expect(one.body.transactions.map((r: ListRow) => r.id)).toEqual([target]);
      const other = await bob.post('/api/traces/list_transactions_new', {
        txns_type: 'all',
        page: 1,
        page_size: 50,
        id: target,
      });
      expect(other.body.transactions_count).toBe(0);
    });

    it('6: need_review lists every row with a finding; the Missing price box counts what its click lists', async () => {
      const review = await list({ txns_type: 'need_review', page_size: 100 });
      const missing = await list({ statuses: [{ value: 'need_review' }], page_size: 100 });
      const either = await list({
        statuses: [{ value: 'need_review' }, { value: 'sell_without_buy' }],
        page_size: 100,
      });
      const stats = (await alice.get('/api/transaction/stats?show_ignored=false')).body;
      // The 120 valueless trades (less the one priced by hand) and the valueless BTC rows wait for a price.
      expect(missing.body.transactions_count).toBeGreaterThanOrEqual(119);
      expect(stats.errors_count).toBe(missing.body.transactions_count);
      // The shortcut lists every finding: missing prices and sells without a buy.
      expect(review.body.transactions_count).toBe(either.body.transactions_count);
      expect(review.body.transactions_count).toBeGreaterThanOrEqual(missing.body.transactions_count);
      expect(stats.swb_count).toBeGreaterThan(0);
    });

    it('7: income spelled four ways is two types, in the list and in the year', async () => {
      const income = await list({ statuses: [{ value: 'income' }] });
      const dot = (income.body.transactions as ListRow[]).filter((r) => r.sub_type !== 'only_incoming');
      expect(new Set(dot.map((r) => r.sub_type))).toEqual(new Set(['interest_received', 'staking_reward']));
      // Filtering by the type finds every spelling of it.
      const interest = await list({ type: 'interest_received' });
      expect(interest.body.transactions_count).toBe(2);
      const staking = await list({ type: 'staking_reward' });
      expect(staking.body.transactions_count).toBe(2);
      const detail = (await alice.get('/api/tax/years/2024')).body.data;
      const byType = detail.income_by_type.map((t: { type: string; count: number; value: string }) => [
        t.type,
        t.count,
        Number(t.value),
      ]);
      expect(byType).toEqual([
        ['interest_received', 2, 11],
        ['staking_reward', 2, 15],
      ]);
    });

    it('3: an all-pages change can be undone in one step, and only by its owner', async () => {
      const filter = { txns_type: 'all', page: 1, page_size: 20, search_params: 'SOL' };
      const before = await db()
        .selectFrom('transactions')
        .select(['id', 'ignored'])
        .where('user_id', '=', aliceId)
        .where('received_asset', '=', 'SOL')
        .execute();
      expect(before.length).toBe(120);
      expect(before.every((r) => !r.ignored)).toBe(true);
      const job = await alice.post('/api/transaction/bulk_by_filter', { action: 'ignore', filter });
      expect(job.body.data.total).toBe(120);
      await server.ctx.jobs.idle();
      const ignored = await db()
        .selectFrom('transactions')
        .select('ignored')
        .where('user_id', '=', aliceId)
        .where('received_asset', '=', 'SOL')
        .execute();
      expect(ignored.every((r) => Boolean(r.ignored))).toBe(true);
      expect((await bob.post(`/api/transaction/bulk_undo/${job.body.data.job_id}`, {})).status).toBe(404);
      const undo = await alice.post(`/api/transaction/bulk_undo/${job.body.data.job_id}`, {});
      expect(undo.status).toBe(200);
      await server.ctx.jobs.idle();
      const status = await alice.get(`/api/transaction/bulk_status/${undo.body.data.job_id}`);
      expect(status.body).toMatchObject({ status: 'succeeded', result: { updated: 120 } });
      const back = await db()
        .selectFrom('transactions')
        .select('ignored')
        .where('user_id', '=', aliceId)
        .where('received_asset', '=', 'SOL')
        .execute();
      expect(back.every((r) => !r.ignored)).toBe(true);
    });
  });
}
