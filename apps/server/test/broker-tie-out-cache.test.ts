import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/tie-out/${name}`, import.meta.url), 'utf8');

interface Line {
  status: string;
  asset: string;
  account: string;
  broker: { date_sold: string } | null;
  reasons: Array<{ code: string; text: string; wallet?: string }>;
}

/** The 5 SOL sold on 1 December 2025 (Lotwise only until a form lists it), typed from paper. */
const SOL_LINE = {
  form_8949_box: 'J',
  asset: 'SOL',
  asset_code: null,
  asset_name: 'Solana',
  units: '5',
  date_acquired: '2024-02-02',
  date_sold: '2025-12-01',
  proceeds: '900',
  cost_basis: '600',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: true,
  proceeds_type: 'gross',
  federal_tax_withheld: null,
  loss_not_allowed: false,
  term: 'long',
  cash_only: true,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
  aggregate_transactions: null,
};

/**
 * The tie-out is kept between the page's calls (tie-out-cache.ts); a kept answer must never
 * outlive what it came from. Each step changes one input and reads the tie-out again through
 * its route: the answer follows at once.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: the tie-out kept between calls`, () => {
    let server: TestServer;
    let client: TestClient;
    let coinbase = 0;
    let ledger = 0;
    const tieOut = async () => {
      const res = await client.get('/api/tax/years/2025/tie_out?per_page=100');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        forms: number;
        calculated_at: string;
        lines: Line[];
        totals: { by_status: Array<{ status: string; count: number }> };
      };
    };
    const count = (t: Awaited<ReturnType<typeof tieOut>>, status: string) =>
      t.totals.by_status.find((s) => s.status === status)!.count;
    const recalculate = async () => {
      await client.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    };

    beforeAll(async () => {
      server = await startTestServer(dialect);
      client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'cache@example.com', password: 'correct horse 9' });
      await client.post('/api/currency', { currency: 'USD', timezone: 'America/New_York' });
      await client.upload(
        '/api/imports/v1/csv_imports',
        { name: 'coinbase.csv', content: fixture('coinbase-ledger.csv') },
        { custom_name: 'Coinbase' },
      );
      await server.ctx.jobs.idle();
      await client.upload(
        '/api/imports/v1/csv_imports',
        { name: 'ledger.csv', content: fixture('ledger-wallet.csv') },
        { custom_name: 'Ledger', new_account: 'true' },
      );
      await server.ctx.jobs.idle();
      const accounts = (await client.get('/api/imports/v2/import_histories')).body.data as Array<{
        id: number;
        custom_name: string;
      }>;
      coinbase = accounts.find((a) => a.custom_name === 'Coinbase')!.id;
      ledger = accounts.find((a) => a.custom_name === 'Ledger')!.id;
      const form = await client.upload(
        '/api/tax/broker_forms',
        { name: 'coinbase-1099da-2025.csv', content: fixture('coinbase-1099da-2025.csv') },
        { account_id: String(coinbase), year: '2025' },
      );
      expect(form.status, JSON.stringify(form.body)).toBe(200);
      await recalculate();
    });
    afterAll(() => server.dispose());

    it('the same answer twice; a new form, then its removal, change it at once', async () => {
      const first = await tieOut();
      expect(await tieOut()).toEqual(first);
      expect(first.forms).toBe(1);
      const sol = (t: typeof first) =>
        t.lines.find((l) => l.asset === 'SOL' && l.reasons.some((r) => r.code === 'not_on_form'));
      expect(sol(first)?.status).toBe('lotwise_only');

      const typed = await client.post('/api/tax/broker_forms/typed', {
        account_id: coinbase,
        year: 2025,
        lines: [SOL_LINE],
      });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      const withTyped = await tieOut();
      expect(withTyped.forms).toBe(2);
      expect(sol(withTyped)).toBeUndefined();
      expect(count(withTyped, 'matches')).toBe(count(first, 'matches') + 1);
      expect(count(withTyped, 'lotwise_only')).toBe(count(first, 'lotwise_only') - 1);

      const removed = await client.request('DELETE', `/api/tax/broker_forms/${typed.body.data.form.id}`);
      expect(removed.status).toBe(200);
      expect(await tieOut()).toEqual(first);
    });

    it('a recalculation changes it at once (here: the sales dated in UTC instead of New York)', async () => {
      const before = await tieOut();
      const late = before.lines.find((l) => l.reasons.some((r) => r.code === 'timezone'))!;
      expect(late.broker?.date_sold).toBe('2025-06-30');
      await client.post('/api/currency', { currency: 'USD', timezone: 'UTC' });
      await recalculate();
      const after = await tieOut();
      expect(after.calculated_at).not.toBe(before.calculated_at);
      // The broker's 30 June is no day of the sale in UTC (1 July): on the form only, and the
      // sale in Lotwise only.
      expect(after.lines.some((l) => l.reasons.some((r) => r.code === 'timezone'))).toBe(false);
      expect(count(after, 'form_only')).toBe(count(before, 'form_only') + 1);
      expect(count(after, 'lotwise_only')).toBe(count(before, 'lotwise_only') + 1);
      await client.post('/api/currency', { currency: 'USD', timezone: 'America/New_York' });
      await recalculate();
      expect((await tieOut()).lines.map((l) => [l.status, l.reasons])).toEqual(
        before.lines.map((l) => [l.status, l.reasons]),
      );
    });

    it('a recalculation that resumes in the same stored calculation changes it at once', async () => {
      const calcs = () =>
        server.ctx.db.kysely.selectFrom('tax_calculations').select(['id', 'status']).orderBy('id').execute();
      const before = await tieOut();
      const [calc] = await calcs();
      const solProceeds = (t: typeof before) =>
        t.lines.find((l) => l.asset === 'SOL' && l.status === 'lotwise_only') as unknown as {
          lotwise_proceeds: string;
        };
      expect(solProceeds(before).lotwise_proceeds).toBe('900.00');
      // A late edit (as tax-incremental.test.ts makes them): 2025 is worked out again in place.
      await server.ctx.db.kysely
        .updateTable('transactions')
        .set({ received_amount: '950', fiat_value: '950', updated_at: new Date().toISOString() })
        .where('received_amount', '=', '900')
        .where('sent_asset', '=', 'SOL')
        .execute();
      await recalculate();
      expect(await calcs()).toEqual([calc]);
      const job = await server.ctx.db.kysely
        .selectFrom('jobs')
        .select('result')
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(job.result ?? '{}').resumedFrom).toBe(2025);
      expect(solProceeds(await tieOut()).lotwise_proceeds).toBe('950.00');
    });

    it('an account renamed, or a sale’s fee changed, shows in the reasons without a recalculation', async () => {
      const before = await tieOut();
      const eth = (t: typeof before) =>
        t.lines.find((l) => l.asset === 'ETH' && l.status === 'basis_differs')!;
      expect(eth(before).reasons[0]!.wallet).toBe('Ledger');
      const renamed = await client.put('/api/imports/v2/import_histories/update_name', {
        id: ledger,
        custom_name: 'Ledger Nano',
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(eth(await tieOut()).reasons[0]!.wallet).toBe('Ledger Nano');

      // The tie-out reads each sale's fee as the transaction has it now (as it always has).
      expect(before.lines[1]!.reasons[0]!.code).toBe('fees');
      const sale = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select('id')
        .where('fee_amount', 'is not', null)
        .where('import_history_id', '=', coinbase)
        .executeTakeFirstOrThrow();
      await server.ctx.db.kysely
        .updateTable('transactions')
        .set({ fee_amount: '60' })
        .where('id', '=', sale.id)
        .execute();
      const changed = await tieOut();
      expect(changed.lines[1]!.status).toBe('proceeds_differ');
      expect(changed.lines[1]!.reasons[0]!.code).toBe('proceeds_value');
    });
  });
}
