import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { download, pageTexts } from './support/pdf-text.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35.1 and 35.3: a GBP Coinbase export calculated offline (PRICE_PROVIDERS=none, no GBP→USD
 * rate anywhere). Its 2024 has 7 rows; 6 need a value in USD and have none:
 *   2 buys (BTC, ETH: their basis), 2 sells (BTC, ETH: proceeds), 2 staking rewards (ETH: income);
 * the GBP deposit needs no value. The engine gives 6 missing-price warnings (one a row: a buy's
 * or sell's GBP fee joins its value's warning), 4 report lines (2 sales, 2 receipts).
 * One count everywhere: 6 transactions. Every report and download says INCOMPLETE; no unknown
 * amount prints as 0.00.
 */
const GBP_EXPORT = readFileSync(
  resolve(import.meta.dirname, '../../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
);
const NOTICE = 'INCOMPLETE: 6 transactions of 2024 have missing prices.';
const COMPLETE = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: an incomplete year says so everywhere, with one count (issue 35)`, () => {
    let server: TestServer;
    let sam: TestClient;
    let carl: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      sam = new TestClient(server.app);
      carl = new TestClient(server.app);
      await sam.post('/api/auth/sign_up', { email: 'sam@example.com', password: 'correct horse 9' });
      await carl.post('/api/auth/sign_up', { email: 'carl@example.com', password: 'correct horse 9' });
      await sam.upload('/api/imports/v1/csv_imports', { name: 'coinbase.csv', content: GBP_EXPORT });
      await carl.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: COMPLETE });
      await server.ctx.jobs.idle();
      for (const client of [sam, carl]) {
        await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
        await server.ctx.jobs.idle();
      }
    });
    afterAll(() => server.dispose());

    it('counts the same 6 transactions on the Tax Center, the year page and the reports', async () => {
      const list = (await sam.get('/api/tax/years')).body.data;
      const row = list.years.find((y: { year: number }) => y.year === 2024);
      expect(row.missing_prices).toBe(6);
      // Its figures that rest on the missing prices are unknown, not their stored 0.
      expect(row.unknown_figures).toEqual(['cost_basis', 'income', 'proceeds', 'short_term_gain']);
      const year = (await sam.get('/api/tax/years/2024')).body.data;
      expect(year.missing_prices).toBe(6);
      // One warning a row (a buy's or sell's fee joins its value's warning, issue 35.1): 6
      // warnings on the year's 6 transactions, the badge's count.
      expect(year.warning_groups.find((g: { code: string }) => g.code === 'missing_price')).toMatchObject({
        count: 6,
        transactions: 6,
      });
      expect(
        year.warning_groups
          .filter((g: { code: string }) => g.code !== 'missing_price')
          .every((g: { transactions: unknown }) => g.transactions === null),
      ).toBe(true);
      const pdf = await download(server, sam, '/api/tax/reports/2024/tax-report.pdf');
      expect((await PDFDocument.load(pdf.bytes)).getKeywords()).toContain('incomplete=6');
      const f8949 = await download(server, sam, '/api/tax/reports/2024/form-8949.pdf');
      expect((await PDFDocument.load(f8949.bytes)).getKeywords()).toContain('incomplete=6');
    });

    it('shows unknown figures as unknown (null) on the year page, never 0.00', async () => {
      const y = (await sam.get('/api/tax/years/2024')).body.data;
      // Proceeds unknown (no GBP→USD rate), and so the basis: the lots were bought without a price.
      expect(y.short_term).toEqual({
        proceeds: null,
        cost_basis: null,
        gain: null,
        count: 2,
        missing_prices: 2,
      });
      expect(y.net_gain).toBeNull();
      expect(y.income_total).toBeNull();
      expect(y.income_missing_prices).toBe(2);
      expect(y.income_by_type).toEqual([
        { type: 'staking_reward', label: 'Staking rewards', count: 2, value: null },
      ]);
      // No made-up gains in the charts either.
      expect(y.gains_by_month).toEqual([]);
      expect(y.gains_by_asset).toEqual([]);
    });

    it('starts every CSV with the INCOMPLETE line and leaves unknown amounts blank', async () => {
      for (const form of [
        'capital-gains.csv',
        'turbotax.csv',
        'taxact.csv',
        'income.csv',
        'schedule-d.csv',
        'form-8283.csv',
      ]) {
        const f = await download(server, sam, `/api/tax/reports/2024/${form}`);
        expect(f.status, form).toBe(200);
        const lines = f.text.split('\n');
        expect(lines[0], form).toMatch(/^# INCOMPLETE: 6 transactions of 2024 have missing prices\./);
      }
      const gains = (await download(server, sam, '/api/tax/reports/2024/capital-gains.csv')).text.split('\n');
      const header = gains[1]!.split(',');
      const rows = gains.slice(2, -1).map((l) => l.split(','));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row[header.indexOf('proceeds')]).toBe('');
        expect(row[header.indexOf('cost_basis')]).toBe('');
        expect(row[header.indexOf('gain')]).toBe('');
        expect(row[header.indexOf('note')]).toBe(
          'no price: value unknown (proceeds and the basis of the lots sold)',
        );
        // The lots column (lot, amount, acquired, basis) says the lot's basis is unknown, not 0.
        expect(row[header.indexOf('lots')]).toMatch(/^\S+ [\d.]+ 2024-\d\d-\d\d unknown$/);
      }
      const turbo = (await download(server, sam, '/api/tax/reports/2024/turbotax.csv')).text.split('\n');
      expect(turbo.slice(2, -1)).toEqual(['BTC,02/01/2024,,09/02/2024,', 'ETH,03/05/2024,,11/20/2024,']);
      const income = (await download(server, sam, '/api/tax/reports/2024/income.csv')).text.split('\n');
      expect(income.slice(2, -1).map((l) => l.split(',')[4])).toEqual(['', '']);
      const d = (await download(server, sam, '/api/tax/reports/2024/schedule-d.csv')).text;
      expect(d).toContain(
        '\n3,Totals from Form(s) 8949 with Box C checked,,,0.00,,2 Form 8949 line(s) with no price',
      );
      expect(d).toContain('\n16,Combine lines 7 and 15,,,,,2 Form 8949 line(s) with no price');
    });

    it('says INCOMPLETE on every page of every PDF and prints unknown amounts as "unknown"', async () => {
      for (const form of ['form-8949.pdf', 'schedule-d.pdf', 'income.pdf', 'tax-report.pdf']) {
        const f = await download(server, sam, `/api/tax/reports/2024/${form}`);
        expect(f.status, form).toBe(200);
        const pages = await pageTexts(f.bytes);
        expect(pages.length, form).toBeGreaterThan(0);
        for (const [i, text] of pages.entries()) expect(text, `${form} page ${i + 1}`).toContain(NOTICE);
      }
      const keywords = (
        await PDFDocument.load((await download(server, sam, '/api/tax/reports/2024/form-8949.pdf')).bytes)
      ).getKeywords();
      expect(keywords).toContain('C.1.proceeds=unknown');
      expect(keywords).toContain('C.1.gain=unknown');
    });

    it('leaves a complete year without any marker', async () => {
      const year = (await carl.get('/api/tax/years/2024')).body.data;
      expect(year.missing_prices).toBe(0);
      expect(year.long_term.gain).toBe('3000.00');
      const row = (await carl.get('/api/tax/years')).body.data.years[0];
      expect([row.year, row.unknown_figures]).toEqual([2024, []]);
      for (const form of ['capital-gains.csv', 'turbotax.csv', 'schedule-d.csv']) {
        const f = await download(server, carl, `/api/tax/reports/2024/${form}`);
        expect(f.text.startsWith('#'), form).toBe(false);
        expect(f.text).not.toContain('INCOMPLETE');
      }
      const pdf = await download(server, carl, '/api/tax/reports/2024/form-8949.pdf');
      expect((await pageTexts(pdf.bytes)).join('\n')).not.toContain('INCOMPLETE');
    });
  });
}
