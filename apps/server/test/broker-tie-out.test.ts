import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { download, pageTexts } from './support/pdf-text.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/tie-out/${name}`, import.meta.url), 'utf8');

interface Line {
  status: string;
  asset: string;
  broker: { date_sold: string } | null;
  disposals: Array<{ id: number; transaction_id: number }>;
  reasons: Array<{ code: string; text: string; wallet?: string }>;
  form_8949: {
    box: string;
    proceeds: string;
    cost_basis: string;
    code: string;
    adjustment: string;
    gain: string;
  } | null;
}

/**
 * Issue 31's tie-out on constructed files (fixtures/1099-da/tie-out): Coinbase's 2025 ledger,
 * a Ledger wallet that sends it 2 ETH, and Coinbase's 1099-DA of 12 lines. The user is in New
 * York; FIFO, per-wallet (us-2025). Each line below: its status, its reasons, and its Form 8949
 * row [box, (d), (e), (f), (g), (h)], worked out by hand in the comments.
 */
const EXPECTED: Array<
  [string, string, string, string[], [string, string, string, string, string, string] | null]
> = [
  // 0.2 of the 1 BTC bought for $40,000: basis $8,000, sold for $10,000. G: no adjustment.
  ['matches', 'BTC', '2025-02-01', [], ['G', '10000.00', '8000.00', '', '', '2000.00']],
  // Sold 0.1 BTC for $5,000 with a $50 fee: Lotwise's proceeds $4,950; the broker's gross $5,000.
  // (d) 5,000 as on the form, E with (g) −50: (h) = 5,000 − 4,000 − 50 = 950 = Lotwise's gain.
  ['proceeds_differ', 'BTC', '2025-03-01', ['fees'], ['G', '5000.00', '4000.00', 'E', '-50.00', '950.00']],
  // 2 ETH bought in Ledger at $3,000 each and sent to Coinbase; the broker shows $7,000 (their
  // value on arrival), basis not reported (H). (e) the correct $6,000, B with (g) 0: (h) 1,000.
  [
    'basis_differs',
    'ETH',
    '2025-04-01',
    ['transferred_in', 'customer_provided'],
    ['H', '7000.00', '6000.00', 'B', '0.00', '1000.00'],
  ],
  // Sold 02:00 UTC on 1 July = 30 June in New York, the day the broker prints: the same sale.
  ['matches', 'BTC', '2025-06-30', ['timezone'], ['G', '6000.00', '4000.00', '', '', '2000.00']],
  // 100 ADA bought in 2024 for $50, sold for $80; the broker's basis $60 (reported, J).
  // (e) 60 as on the form, B with (g) 60 − 50 = +10: (h) = 80 − 60 + 10 = 30.
  ['basis_differs', 'ADA', '2025-05-01', ['allocation'], ['J', '80.00', '60.00', 'B', '10.00', '30.00']],
  // 10 LINK bought 2024 for $150, sold for $200; the broker says $210, noncovered, no basis (K).
  // (d) 210, O with (g) 200 − 210 = −10, (e) 150: (h) = 210 − 150 − 10 = 50.
  [
    'proceeds_differ',
    'LINK',
    '2025-05-20',
    ['proceeds_value', 'noncovered'],
    ['K', '210.00', '150.00', 'O', '-10.00', '50.00'],
  ],
  // 10 SOL bought 2 January 2024: long-term; the broker says short (G). Part II, box J, code T.
  ['term_differs', 'SOL', '2025-06-01', ['term'], ['J', '1500.00', '1000.00', 'T', '0.00', '500.00']],
  // 5 DOT sold that Lotwise never saw bought (basis 0); the broker's basis $25 (G).
  // (e) 25, B with (g) 25 − 0 = 25: (h) = 30 − 25 + 25 = 30.
  [
    'basis_differs',
    'DOT',
    '2025-08-01',
    ['missing_acquisition'],
    ['G', '30.00', '25.00', 'B', '25.00', '30.00'],
  ],
  // FIFO basis $4,000; the broker's $4,500 with $100 in box 1i. (g) 4,500 − 4,000 = +500.
  [
    'basis_differs',
    'BTC',
    '2025-09-01',
    ['lot_choice', 'wash_sale'],
    ['G', '7000.00', '4500.00', 'B', '500.00', '3000.00'],
  ],
  // Aggregate stablecoin line (QS, 2 transactions): the $300 and $200 USDC sales; basis blank
  // and not reported (H): (e) Lotwise's 500, M for the summary line, (g) 0.
  [
    'basis_differs',
    'USDC',
    '2025-12-31',
    ['aggregate', 'basis_blank'],
    ['H', '500.00', '500.00', 'M', '0.00', '0.00'],
  ],
  // No XRP anywhere in Lotwise: rows missing from Coinbase's import.
  ['form_only', 'XRP', '2025-10-01', ['missing_rows'], null],
  // That ETH sale is in the Ledger wallet, not in Coinbase.
  ['form_only', 'ETH', '2025-10-15', ['other_account'], null],
  // Not on the form: 0.05 BTC (basis $2,000) short → I; 5 SOL of 2 February 2024 ($600) long → L.
  ['lotwise_only', 'BTC', '', ['not_on_form'], ['I', '4000.00', '2000.00', '', '', '2000.00']],
  ['lotwise_only', 'SOL', '', ['not_on_form'], ['L', '900.00', '600.00', '', '', '300.00']],
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: the 1099-DA tie-out`, () => {
    let server: TestServer;
    let client: TestClient;
    let coinbase = 0;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'ny@example.com', password: 'correct horse 9' });
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
      const form = await client.upload(
        '/api/tax/broker_forms',
        { name: 'coinbase-1099da-2025.csv', content: fixture('coinbase-1099da-2025.csv') },
        { account_id: String(coinbase), year: '2025' },
      );
      expect(form.status, JSON.stringify(form.body)).toBe(200);
    });
    afterAll(() => server.dispose());

    it('before a calculation there is nothing to tie out to', async () => {
      const res = await client.get('/api/tax/years/2025/tie_out');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No tax results for 2025 yet: run the tax calculation first.');
      const csv = await client.request('GET', '/api/tax/years/2025/tie_out.csv');
      expect(csv.status).toBe(404);
      expect(csv.body.message).toBe('No tax results for 2025 yet: run the tax calculation first.');
    });

    it('every line ends in one status, with its reasons and its Form 8949 row', async () => {
      await client.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const res = await client.get('/api/tax/years/2025/tie_out?per_page=100');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const lines = res.body.data.lines as Line[];
      expect(
        lines.map((l) => [
          l.status,
          l.asset,
          l.broker?.date_sold ?? '',
          l.reasons.map((r) => r.code),
          l.form_8949
            ? [
                l.form_8949.box,
                l.form_8949.proceeds,
                l.form_8949.cost_basis,
                l.form_8949.code,
                l.form_8949.adjustment,
                l.form_8949.gain,
              ]
            : null,
        ]),
      ).toEqual(EXPECTED);
      // The reasons name what they found.
      const eth = lines.find((l) => l.asset === 'ETH' && l.status === 'basis_differs')!;
      expect(eth.reasons[0]).toEqual({
        code: 'transferred_in',
        wallet: 'Ledger',
        text: '2 ETH came into this account from Ledger: the broker never saw them bought, so its basis for them is missing or wrong. Lotwise carries their basis over from Ledger.',
      });
      expect(lines[3]!.reasons[0]!.text).toBe(
        'The broker dates the sale 2025-06-30; Lotwise has it at 2025-07-01 02:00:00 UTC, which is 2025-06-30 in your time zone. The same sale, dated in another time zone.',
      );
      expect(lines[1]!.reasons[0]!.text).toBe(
        'The broker reports proceeds of $5,000.00 before the $50.00 fee (gross, box 3a); Lotwise counts $4,950.00, net of it. On Form 8949 the fee is an adjustment (code E).',
      );
      expect(lines.find((l) => l.asset === 'ETH' && l.status === 'form_only')!.reasons[0]!.wallet).toBe(
        'Ledger',
      );
      // Each tied line links to its disposals, and they open their lots.
      const lots = await client.get(`/api/tax/disposals/${lines[0]!.disposals[0]!.id}/lots`);
      expect(lots.body.data).toEqual([
        expect.objectContaining({ acquired_at: '2025-01-10', amount: '0.2', cost_basis: '8000' }),
      ]);
    });

    it('totals per status and per box, for the whole year', async () => {
      const totals = (await client.get('/api/tax/years/2025/tie_out')).body.data.totals;
      expect(totals.by_status).toEqual([
        // 10,000 + 6,000
        { status: 'matches', count: 2, broker_proceeds: '16000.00', lotwise_proceeds: '16000.00' },
        // 5,000 + 210 against 4,950 + 200
        { status: 'proceeds_differ', count: 2, broker_proceeds: '5210.00', lotwise_proceeds: '5150.00' },
        // 7,000 + 80 + 30 + 7,000 + 500
        { status: 'basis_differs', count: 5, broker_proceeds: '14610.00', lotwise_proceeds: '14610.00' },
        { status: 'term_differs', count: 1, broker_proceeds: '1500.00', lotwise_proceeds: '1500.00' },
        { status: 'form_only', count: 2, broker_proceeds: '2003.00', lotwise_proceeds: '0.00' },
        { status: 'lotwise_only', count: 2, broker_proceeds: '0.00', lotwise_proceeds: '4900.00' },
      ]);
      // G: (d) 10,000 + 5,000 + 6,000 + 30 + 7,000; (g) −50 + 25 + 500; (h) = d − e + g.
      expect(totals.by_box).toEqual([
        {
          box: 'G',
          count: 5,
          proceeds: '28030.00',
          cost_basis: '20525.00',
          adjustment: '475.00',
          gain: '7980.00',
        },
        {
          box: 'H',
          count: 2,
          proceeds: '7500.00',
          cost_basis: '6500.00',
          adjustment: '0.00',
          gain: '1000.00',
        },
        // The Form 8949's box I: Coinbase's BTC sale the form left out and Ledger's ETH sale
        // (an account without a 1099-DA), 4,000 + 2,000 against 2,000 + 1,500, as on Schedule D.
        {
          box: 'I',
          count: 2,
          proceeds: '6000.00',
          cost_basis: '3500.00',
          adjustment: '0.00',
          gain: '2500.00',
        },
        {
          box: 'J',
          count: 2,
          proceeds: '1580.00',
          cost_basis: '1060.00',
          adjustment: '10.00',
          gain: '530.00',
        },
        { box: 'K', count: 1, proceeds: '210.00', cost_basis: '150.00', adjustment: '-10.00', gain: '50.00' },
        { box: 'L', count: 1, proceeds: '900.00', cost_basis: '600.00', adjustment: '0.00', gain: '300.00' },
      ]);
    });

    it('filters by status and asset; the totals stay the year’s', async () => {
      const res = await client.get('/api/tax/years/2025/tie_out?status=basis_differs&asset=btc');
      expect(res.body.data.lines.map((l: Line) => [l.status, l.asset, l.broker?.date_sold])).toEqual([
        ['basis_differs', 'BTC', '2025-09-01'],
      ]);
      expect(res.body.data.meta.total_count).toBe(1);
      expect(res.body.data.totals.by_status[0].count).toBe(2);
      expect(res.body.data.assets).toEqual(['ADA', 'BTC', 'DOT', 'ETH', 'LINK', 'SOL', 'USDC', 'XRP']);
      expect((await client.get('/api/tax/years/2024/tie_out')).status).toBe(400);
    });

    it('exports the tie-out as CSV, a row per line', async () => {
      const csv = await client.request('GET', '/api/tax/years/2025/tie_out.csv');
      expect(csv.status).toBe(200);
      const rows = String(csv.body).trim().split('\n');
      expect(rows[0]).toBe(
        'status,account,asset,form_line,date_sold,units,broker_proceeds,broker_basis,lotwise_proceeds,lotwise_basis,proceeds_difference,basis_difference,form_8949_box,code,adjustment,gain,lotwise_transactions,reasons',
      );
      expect(rows).toHaveLength(1 + EXPECTED.length);
      expect(
        rows[2]!.startsWith(
          'proceeds_differ,Coinbase,BTC,3,2025-03-01,0.1,5000.00,4000.00,4950.00,4000.00,-50.00,0.00,G,E,-50.00,950.00,',
        ),
      ).toBe(true);
    });

    it('Form 8949, its CSVs and Schedule D follow the tie-out: boxes from the form, codes and (g)', async () => {
      const text = async (form: string) =>
        String((await client.request('GET', `/api/tax/reports/2025/${form}`)).body)
          .trim()
          .split('\n');
      const gains = await text('capital-gains.csv');
      const col = (name: string) => gains[0]!.split(',').indexOf(name);
      const rows = gains.slice(1).map((l) => l.split(','));
      // [date sold, asset, (d), (e), (h), box, (f), (g)] in the form's order: parts by term, boxes G–L.
      expect(
        rows.map((r) =>
          ['date_sold', 'asset', 'proceeds', 'cost_basis', 'gain', 'box', 'code', 'adjustment'].map(
            (c) => r[col(c)],
          ),
        ),
      ).toEqual([
        ['02/01/2025', 'BTC', '10000.00', '8000.00', '2000.00', 'G', '', ''],
        ['03/01/2025', 'BTC', '5000.00', '4000.00', '950.00', 'G', 'E', '-50.00'],
        ['06/30/2025', 'BTC', '6000.00', '4000.00', '2000.00', 'G', '', ''],
        ['08/01/2025', 'DOT', '30.00', '25.00', '30.00', 'G', 'B', '25.00'],
        ['09/01/2025', 'BTC', '7000.00', '4500.00', '3000.00', 'G', 'B', '500.00'],
        ['04/01/2025', 'ETH', '7000.00', '6000.00', '1000.00', 'H', 'B', '0.00'],
        ['12/31/2025', 'USDC', '500.00', '500.00', '0.00', 'H', 'M', '0.00'],
        // Ledger has no 1099-DA: its sale is on I, as is Coinbase's sale the form left out.
        ['10/15/2025', 'ETH', '2000.00', '1500.00', '500.00', 'I', '', ''],
        ['11/01/2025', 'BTC', '4000.00', '2000.00', '2000.00', 'I', '', ''],
        ['05/01/2025', 'ADA', '80.00', '60.00', '30.00', 'J', 'B', '10.00'],
        ['06/01/2025', 'SOL', '1500.00', '1000.00', '500.00', 'J', 'T', '0.00'],
        ['05/20/2025', 'LINK', '210.00', '150.00', '50.00', 'K', 'O', '-10.00'],
        ['12/01/2025', 'SOL', '900.00', '600.00', '300.00', 'L', '', ''],
      ]);
      // Schedule D: each box's totals on its line; line 16 = Lotwise's gain (11,480 + 880).
      expect(await text('schedule-d.csv')).toEqual([
        'line,description,proceeds,cost_basis,adjustments,gain_or_loss,note',
        '1b,Totals from Form(s) 8949 with Box A or Box G checked,28030.00,20525.00,475.00,7980.00,',
        '2,Totals from Form(s) 8949 with Box B or Box H checked,7500.00,6500.00,0.00,1000.00,',
        '3,Totals from Form(s) 8949 with Box C or Box I checked,6000.00,3500.00,0.00,2500.00,',
        '7,Net short-term capital gain or (loss),,,,11480.00,',
        '8b,Totals from Form(s) 8949 with Box D or Box J checked,1580.00,1060.00,10.00,530.00,',
        '9,Totals from Form(s) 8949 with Box E or Box K checked,210.00,150.00,-10.00,50.00,',
        '10,Totals from Form(s) 8949 with Box F or Box L checked,900.00,600.00,0.00,300.00,',
        '15,Net long-term capital gain or (loss),,,,880.00,',
        '16,Combine lines 7 and 15,,,,12360.00,',
      ]);
      // TaxAct's import has no (f)/(g): an adjusted line's basis is (d) − (h), the same gain.
      const taxact = await text('taxact.csv');
      expect(taxact).toContain('0.1 BTC,01/10/2025,03/01/2025,5000.00,4050.00,Short,G');
      expect(taxact).toContain('5 DOT,07/01/2025,08/01/2025,30.00,0.00,Short,G');
      const pdf = await client.request('GET', '/api/tax/reports/2025/form-8949.pdf');
      expect(pdf.status).toBe(200);
      // Line 2 adds up (g) like (d), (e) and (h): Box G's (50.00) + 25.00 + 500.00 = 475.00, and
      // Box K's (10.00).
      const pages = await pageTexts(
        (await download(server, client, '/api/tax/reports/2025/form-8949.pdf')).bytes,
      );
      const page = (box: string) => pages.find((p) => p.includes(`Box ${box}, page 1 of`))!;
      expect(page('G')).toContain('\n475.00 Tj');
      expect(page('G')).toContain('\n7,980.00 Tj');
      expect(page('K')).toContain('\n(10.00) Tj');
      // Schedule D's column (g) carries them: line 1b 475.00, line 8b 10.00, line 9 (10.00).
      const scheduleD = (
        await pageTexts((await download(server, client, '/api/tax/reports/2025/schedule-d.pdf')).bytes)
      ).join('\n');
      for (const figure of ['\n475.00 Tj', '\n10.00 Tj', '\n(10.00) Tj']) expect(scheduleD).toContain(figure);
      expect(scheduleD).not.toContain('no adjustments are made');
    });

    it('another user sees no tie-out of these forms', async () => {
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      expect((await bob.get('/api/tax/years/2025/tie_out')).status).toBe(404);
    });
  });
}
