import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 1 BTC bought for 10,010 with fee; 0.5 sold 2024-03-01 for 8,000.004 (long, gain 2,995.004);
// 0.2 ETH sold without buy for 500 (short, gain 500); 0.5 DOT staking reward 3.10.
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,10,USD,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,reward,Staking,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000.004,USD,,,8000.004,USD,,Sell,',
  '2024-04-01 09:00:00 UTC,0.2,ETH,500,USD,,,500,USD,,Sell,',
].join('\n');

/** The raw bytes of a download (TestClient decodes bodies as text). */
async function download(server: TestServer, client: TestClient, url: string) {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: tax year page and reports`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('shows a year rounded as the forms print it', async () => {
      const res = await alice.get('/api/tax/years/2024');
      expect(res.status).toBe(200);
      const y = res.body.data;
      expect(y.short_term).toEqual({
        proceeds: '500.00',
        cost_basis: '0.00',
        gain: '500.00',
        count: 1,
        missing_prices: 0,
      });
      expect(y.long_term).toEqual({
        proceeds: '8000.00',
        cost_basis: '5005.00',
        gain: '2995.00',
        count: 1,
        missing_prices: 0,
      });
      expect(y.missing_prices).toBe(0);
      expect(y.net_gain).toBe('3495.00');
      expect(y.income_total).toBe('3.10');
      expect(y.income_by_type).toHaveLength(1);
      expect(y.gains_by_month).toEqual([
        { month: '2024-03', short_term: '0.00', long_term: '2995.00' },
        { month: '2024-04', short_term: '500.00', long_term: '0.00' },
      ]);
      expect(y.gains_by_asset[0]).toEqual({ asset: 'BTC', gain: '2995.00' });
      expect(y.warnings.some((w: { transaction_id: number | null }) => w.transaction_id !== null)).toBe(true);
      expect(y.stale).toBe(false);
    });

    it('pages the disposals and gives each line its lots', async () => {
      const page = await alice.get('/api/tax/years/2024/disposals?page=1&per_page=1');
      expect(page.body.meta).toMatchObject({ total_count: 2, total_pages: 2, current_page: 1 });
      const first = page.body.data[0];
      expect(first).toMatchObject({ asset: 'BTC', term: 'long', lot_count: 1 });
      const lots = await alice.get(`/api/tax/disposals/${first.id}/lots`);
      expect(lots.body.data).toHaveLength(1);
      expect(Number(lots.body.data[0].cost_basis)).toBe(5005);
      expect((await bob.get(`/api/tax/disposals/${first.id}/lots`)).status).toBe(404);
    });

    it('downloads Form 8949 whose totals are the screen totals', async () => {
      const file = await download(server, alice, '/api/tax/reports/2024/form-8949.pdf');
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('lotwise-form-8949-2024.pdf');
      const pdf = await PDFDocument.load(file.bytes);
      const keywords = pdf.getKeywords() ?? '';
      expect(keywords).toContain('8949.C.gain=500.00');
      expect(keywords).toContain('8949.F.gain=2,995.00');
      expect(keywords).toContain('8949.F.proceeds=8,000.00');
    });

    it('downloads the CSVs and the other PDFs with the same totals', async () => {
      const csv = await download(server, alice, '/api/tax/reports/2024/capital-gains.csv');
      expect(csv.headers['content-type']).toContain('text/csv');
      const rows = csv.text.trim().split('\n').slice(1);
      expect(rows).toHaveLength(2);
      const gainCol = 6;
      const gains = rows.map((r) => r.split(',')[gainCol]);
      expect(gains.sort()).toEqual(['2995.00', '500.00']);
      for (const form of ['schedule-d.pdf', 'income.pdf', 'tax-report.pdf']) {
        const f = await download(server, alice, `/api/tax/reports/2024/${form}`);
        expect(f.status, form).toBe(200);
        expect(f.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
      for (const form of ['turbotax.csv', 'taxact.csv', 'form-8283.csv', 'income.csv', 'schedule-d.csv']) {
        const f = await download(server, alice, `/api/tax/reports/2024/${form}`);
        expect(f.status, form).toBe(200);
      }
      const income = await download(server, alice, '/api/tax/reports/2024/income.csv');
      expect(income.text).toContain('3.10');
    });

    it('is scoped to the signed-in user', async () => {
      // Bob has calculated nothing: each of the year's calls says so in a sentence.
      const none = 'No tax results for 2024 yet: run the tax calculation first.';
      const page = await bob.get('/api/tax/years/2024');
      expect([page.status, page.body.message]).toEqual([404, none]);
      const disposals = await bob.get('/api/tax/years/2024/disposals');
      expect([disposals.status, disposals.body.message]).toEqual([404, none]);
      const report = await download(server, bob, '/api/tax/reports/2024/form-8949.pdf');
      expect([report.status, JSON.parse(report.text).message]).toEqual([404, none]);
      expect((await download(server, alice, '/api/tax/reports/2024/nope.pdf')).status).toBe(400);
      const anonymous = await server.app.inject({
        method: 'GET',
        url: '/api/tax/reports/2024/form-8949.pdf',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
