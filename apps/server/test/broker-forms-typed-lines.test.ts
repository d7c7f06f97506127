import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/000052_typed_broker_form_lines.ts';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/${name}`, import.meta.url), 'utf8');

/** A typed line of the paper form (the dialog sends these boxes). */
const line = (asset: string, dateSold: string, proceeds: string) => ({
  form_8949_box: 'G',
  asset,
  asset_code: null,
  asset_name: null,
  units: '1',
  date_acquired: '2025-01-05',
  date_sold: dateSold,
  proceeds,
  cost_basis: '100',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: true,
  proceeds_type: 'gross',
  federal_tax_withheld: null,
  loss_not_allowed: false,
  term: 'short',
  cash_only: true,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
  aggregate_transactions: null,
});

interface CsvRow {
  [column: string]: string;
}

/** The tie-out CSV's rows by column name (no cell here holds a comma). */
function csvRows(body: string): CsvRow[] {
  const [header, ...rows] = body.trim().split('\n');
  const names = header!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((cell, i) => [names[i], cell])));
}

/*
 * Issue 31: a typed form's lines have a line number, their place in the order typed (1-based),
 * shown by the lines call, the tie-out and its CSV's form_line, as an uploaded form's lines have
 * their row in the file. Lines typed before were stored without one: migration 000052 numbers
 * them in the order stored, and leaves an uploaded form's lines as they are.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: a typed form's lines are numbered`, () => {
    let server: TestServer;
    let alice: TestClient;
    let account = 0;
    const type = (lines: unknown[]) =>
      alice.post('/api/tax/broker_forms/typed', { account_id: account, year: 2025, lines });
    const linesOf = async (formId: number) =>
      (await alice.get(`/api/tax/broker_forms/${formId}/lines`)).body.data.lines as Array<{
        asset: string;
        line: number | null;
      }>;
    const tieOutCsv = async () => {
      const res = await alice.request('GET', '/api/tax/years/2025/tie_out.csv');
      expect(res.status).toBe(200);
      return csvRows(String(res.body));
    };

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      account = await aliceWithCoinbase(server, alice);
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('lines typed before get their place in the order typed; an uploaded form keeps its rows', async () => {
      const typed = await type([
        line('SOL', '2025-04-05', '150.00'),
        line('ADA', '2025-04-06', '160.00'),
        line('DOT', '2025-04-07', '170.00'),
      ]);
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      const formId = typed.body.data.form.id as number;
      const uploaded = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'irs-boxes.csv', content: fixture('irs-boxes.csv') },
        { account_id: String(account), year: '2025' },
      );
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const csvForm = uploaded.body.data.form.id as number;
      const csvLines = await linesOf(csvForm);
      expect(csvLines.map((l) => l.line)).toEqual([2, 3, 4]);
      // As a form typed before this change was stored: its lines without a number.
      await server.ctx.db.kysely
        .updateTable('broker_form_lines')
        .set({ line: null })
        .where('form_id', '=', formId)
        .execute();
      expect((await linesOf(formId)).map((l) => l.line)).toEqual([null, null, null]);

      await up(server.ctx.db.kysely);
      expect((await linesOf(formId)).map((l) => [l.asset, l.line])).toEqual([
        ['SOL', 1],
        ['ADA', 2],
        ['DOT', 3],
      ]);
      expect(await linesOf(csvForm)).toEqual(csvLines);
      // Run again (a second start): nothing changes.
      await up(server.ctx.db.kysely);
      expect((await linesOf(formId)).map((l) => l.line)).toEqual([1, 2, 3]);

      const rows = await tieOutCsv();
      const formLine = (asset: string) => rows.find((r) => r.asset === asset)?.form_line;
      expect([formLine('SOL'), formLine('ADA'), formLine('DOT')]).toEqual(['1', '2', '3']);
      expect([formLine('ETH'), formLine('USDC')]).toEqual(['3', '4']);
    });

    it('a form typed now: its lines numbered 1, 2, … on the page’s tie-out and in the CSV', async () => {
      const typed = await type([line('XRP', '2025-05-01', '200.00'), line('DOGE', '2025-05-02', '210.00')]);
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      expect((await linesOf(typed.body.data.form.id)).map((l) => [l.asset, l.line])).toEqual([
        ['XRP', 1],
        ['DOGE', 2],
      ]);
      const page = await alice.get('/api/tax/years/2025/tie_out?per_page=100');
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const broker = (
        page.body.data.lines as Array<{ asset: string; broker: { line: number | null } | null }>
      )
        .filter((l) => l.broker !== null)
        .map((l) => [l.asset, l.broker!.line]);
      expect(broker).toEqual(
        expect.arrayContaining([
          ['XRP', 1],
          ['DOGE', 2],
          ['SOL', 1],
        ]),
      );
      expect(broker.every(([, n]) => typeof n === 'number' && n > 0)).toBe(true);
      const rows = await tieOutCsv();
      expect(
        rows.filter((r) => r.status !== 'lotwise_only').every((r) => /^[1-9][0-9]*$/.test(r.form_line!)),
      ).toBe(true);
      expect(rows.find((r) => r.asset === 'DOGE')?.form_line).toBe('2');
    });
  });
}
