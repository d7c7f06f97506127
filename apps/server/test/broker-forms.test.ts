import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/${name}`, import.meta.url), 'utf8');

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [HEADER, '2025-03-01 12:00:00 UTC,20000,USD,0.5,BTC,,,20000,USD,,Buy,'].join('\n');

/** A typed line: the paper form's boxes (the dialog sends these). */
const TYPED = {
  form_8949_box: 'G',
  asset: 'SOL',
  asset_code: null,
  asset_name: 'Solana',
  units: '10',
  date_acquired: '2025-01-05',
  date_sold: '2025-04-05',
  proceeds: '1500.25',
  cost_basis: '1000',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: true,
  proceeds_type: 'gross',
  federal_tax_withheld: '10.5',
  loss_not_allowed: false,
  term: 'short',
  cash_only: true,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
  aggregate_transactions: null,
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: Forms 1099-DA (import, typed entry, box 4)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let account = 0;
    let bobAccount = 0;

    async function signUpWithAccount(email: string) {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      await client.upload(
        '/api/imports/v1/csv_imports',
        { name: 'coinbase.csv', content: LEDGER },
        {
          custom_name: 'Coinbase',
        },
      );
      await server.ctx.jobs.idle();
      const id = (await client.get('/api/imports/v2/import_histories')).body.data[0].id as number;
      return { client, id };
    }
    const lineCount = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('broker_form_lines')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      server = await startTestServer(dialect);
      ({ client: alice, id: account } = await signUpWithAccount('alice@example.com'));
      ({ client: bob, id: bobAccount } = await signUpWithAccount('bob@example.com'));
    });
    afterAll(() => server.dispose());

    it('imports a TaxBit-layout form for an account and year; the same file again adds nothing', async () => {
      const first = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'coinbase-1099da.csv', content: fixture('taxbit-form-data.csv') },
        { account_id: String(account), year: '2025' },
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.created).toBe(true);
      // 30,000.00 + 6,400.50 + 1,500.00 in box 1f; box 4 only on the ETH line.
      expect(first.body.data.form).toMatchObject({
        account_id: account,
        account_name: 'Coinbase',
        tax_year: 2025,
        source: 'csv',
        file_name: 'coinbase-1099da.csv',
        layout: 'taxbit-1099da',
        lines: 3,
        proceeds: '37900.50',
        federal_tax_withheld: '24.00',
      });
      const again = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'renamed.csv', content: fixture('taxbit-form-data.csv') },
        { account_id: String(account), year: '2025' },
      );
      expect(again.status).toBe(200);
      expect(again.body.data.created).toBe(false);
      expect(again.body.data.form.id).toBe(first.body.data.form.id);
      expect(again.body.message).toContain('already imported; nothing was added');
      expect(await lineCount()).toBe(3);

      const lines = await alice.get(`/api/tax/broker_forms/${first.body.data.form.id}/lines`);
      expect(
        lines.body.data.lines.map((l: { asset: string; proceeds: string; line: number }) => [
          l.line,
          l.asset,
          l.proceeds,
        ]),
      ).toEqual([
        [2, 'BTC', '30000'],
        [3, 'ETH', '6400.5'],
        [4, 'USDC', '1500'],
      ]);
      expect(lines.body.data.lines[1]).toMatchObject({
        date_acquired: 'VARIOUS',
        cost_basis: null,
        noncovered: true,
        term: 'long',
        federal_tax_withheld: '24',
      });
      expect(lines.body.data.lines[2]).toMatchObject({ aggregate: 'stablecoin', units: null });
    });

    it('bad rows are refused with their line and column, and nothing is stored', async () => {
      const broken = fixture('irs-boxes.csv').replace('06/02/2025', '06/31/2025').replace('$6400.50', 'lots');
      const res = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'broken.csv', content: broken },
        { account_id: String(account), year: '2025' },
      );
      expect(res.status).toBe(400);
      expect(res.body.messages).toEqual([
        'Line 2, column "Box 1e Date sold or disposed": "06/31/2025" is not a calendar day',
        'Line 3, column "Box 1f Proceeds": "lots" is not a number',
      ]);
      expect(res.body.message).toBe(
        'broken.csv: 2 rows have problems; nothing was imported. Line 2, column "Box 1e Date sold or disposed": "06/31/2025" is not a calendar day',
      );
      // Another year's form: each line says it was sold outside the year.
      const wrongYear = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'fdx.csv', content: fixture('fdx-digital-asset.csv') },
        { account_id: String(account), year: '2026' },
      );
      expect(wrongYear.status).toBe(400);
      expect(wrongYear.body.messages[0]).toBe(
        'Line 2, column "dateOfSale": sold 2025-06-02, not in tax year 2026',
      );
      expect(await lineCount()).toBe(3);
      expect((await alice.get('/api/tax/broker_forms?year=2025')).body.data.forms).toHaveLength(1);
    });

    it('another user’s account, or a year before 1099-DA, is refused', async () => {
      const foreign = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'x.csv', content: fixture('fdx-digital-asset.csv') },
        { account_id: String(bobAccount), year: '2025' },
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe('account_id: no such account of yours');
      const early = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'x.csv', content: fixture('fdx-digital-asset.csv') },
        { account_id: String(account), year: '2024' },
      );
      expect(early.status).toBe(400);
      expect(early.body.message).toBe('year: Form 1099-DA exists from tax year 2025');
      expect(await lineCount()).toBe(3);
    });

    it('a form typed in from paper: stored once, its box 4 added to the year’s withholding', async () => {
      const body = { account_id: account, year: 2025, lines: [TYPED] };
      const typed = await alice.post('/api/tax/broker_forms/typed', body);
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      expect(typed.body.data).toMatchObject({
        created: true,
        form: {
          source: 'typed',
          layout: 'typed',
          lines: 1,
          proceeds: '1500.25',
          federal_tax_withheld: '10.50',
        },
      });
      expect((await alice.post('/api/tax/broker_forms/typed', body)).body.data.created).toBe(false);
      const outside = await alice.post('/api/tax/broker_forms/typed', {
        ...body,
        lines: [
          { ...TYPED, date_acquired: '2024-12-01', date_sold: '2024-12-31' },
          { ...TYPED, units: null },
        ],
      });
      expect(outside.status).toBe(400);
      expect(outside.body.messages).toEqual([
        'Line 1, column "Box 1e": sold 2024-12-31, not in tax year 2025',
        'Line 2, column "Box 1c": the number of units (box 1c) is missing',
      ]);
      const badBox = await alice.post('/api/tax/broker_forms/typed', {
        ...body,
        lines: [{ ...TYPED, proceeds: '-4' }],
      });
      expect(badBox.status).toBe(400);
      // The year's summary: $24.00 (CSV form) + $10.50 (typed form).
      const year = await alice.get('/api/tax/broker_forms?year=2025');
      expect(year.body.data.federal_tax_withheld).toBe('34.50');
      expect(year.body.data.forms).toHaveLength(2);
      expect((await alice.get('/api/tax/broker_forms?year=2026')).body.data).toEqual({
        forms: [],
        federal_tax_withheld: '0.00',
      });
    });

    it('a typed line is checked as a CSV row is: every problem named by line and box, nothing stored', async () => {
      const before = await lineCount();
      const res = await alice.post('/api/tax/broker_forms/typed', {
        account_id: account,
        year: 2025,
        lines: [
          { ...TYPED, date_sold: '2025-02-30' },
          { ...TYPED, date_acquired: '2025-05-01' },
          { ...TYPED, asset: '=HYPERLINK("x")' },
          { ...TYPED, units: '0' },
          { ...TYPED, units: '0.000', date_acquired: 'VARIOUS' },
          TYPED,
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.messages).toEqual([
        'Line 1, column "Box 1e": "2025-02-30" is not a calendar day',
        'Line 2, column "Box 1d": acquired 2025-05-01, after the date sold 2025-04-05',
        'Line 3, column "Asset symbol": "=HYPERLINK("X")" is not an asset code Lotwise can match',
        'Line 4, column "Box 1c": "0" is not a number of units: box 1c must be more than 0',
        'Line 5, column "Box 1c": "0.000" is not a number of units: box 1c must be more than 0',
      ]);
      expect(res.body.message).toBe('Line 1, column "Box 1e": "2025-02-30" is not a calendar day');
      expect(await lineCount()).toBe(before);
      // Sold and acquired the same day, VARIOUS, an aggregate line without units: all accepted.
      const fine = await alice.post('/api/tax/broker_forms/typed', {
        account_id: account,
        year: 2025,
        lines: [
          { ...TYPED, date_acquired: '2025-04-05' },
          { ...TYPED, date_acquired: 'VARIOUS' },
          {
            ...TYPED,
            asset: 'USDC',
            units: null,
            date_acquired: null,
            aggregate: 'stablecoin',
            aggregate_transactions: 3,
          },
        ],
      });
      expect(fine.status, JSON.stringify(fine.body)).toBe(200);
      const lines = (await alice.get(`/api/tax/broker_forms/${fine.body.data.form.id}/lines`)).body.data
        .lines;
      expect(
        lines.map((l: { date_acquired: string | null; aggregate: string | null }) => [
          l.date_acquired,
          l.aggregate,
        ]),
      ).toEqual([
        ['2025-04-05', null],
        ['VARIOUS', null],
        [null, 'stablecoin'],
      ]);
      expect((await alice.request('DELETE', `/api/tax/broker_forms/${fine.body.data.form.id}`)).status).toBe(
        200,
      );
    });

    it('nobody else reads or removes a form; its owner removes it with its lines', async () => {
      const [form] = (await alice.get('/api/tax/broker_forms?year=2025')).body.data.forms;
      expect((await bob.get(`/api/tax/broker_forms/${form.id}/lines`)).status).toBe(404);
      expect((await bob.request('DELETE', `/api/tax/broker_forms/${form.id}`)).status).toBe(404);
      expect((await bob.get('/api/tax/broker_forms?year=2025')).body.data.forms).toEqual([]);
      expect(await lineCount()).toBe(4);
      expect((await alice.request('DELETE', `/api/tax/broker_forms/${form.id}`)).status).toBe(200);
      expect(await lineCount()).toBe(1);
      expect((await alice.get(`/api/tax/broker_forms/${form.id}/lines`)).status).toBe(404);
    });
  });
}
