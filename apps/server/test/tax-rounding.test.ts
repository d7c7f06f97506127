import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec } from '@lotwise/engine/decimal';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { runNode } from './support/run-node.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Half cents everywhere: two sales of 10.005 (exact total 20.01; each line to cents half away
 * from zero: 10.01 + 10.01 = 20.02; half-even would print 10.00 each) and two rewards worth
 * 3.125 (6.25 exact; 3.13 + 3.13 = 6.26). Every place a user reads the 2024 figures — the
 * tax centre list, the one-year page, the CSV, the PDF and `lotwise calc`'s table — must
 * print 20.02 and 6.26.
 */
const FILE = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,100,USD,1,BTC,,,100,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,10.005,USD,,,10.005,USD,,Sell,',
  '2024-04-01 09:00:00 UTC,0.5,BTC,10.005,USD,,,10.005,USD,,Sell,',
  '2024-05-01 09:00:00 UTC,,,1,DOT,,,3.125,USD,reward,Staking,',
  '2024-06-01 09:00:00 UTC,,,1,DOT,,,3.125,USD,reward,Staking,',
].join('\n');
const PROCEEDS = '20.02';
const BASIS = '100.00';
const GAIN = '-79.98';
const INCOME = '6.26';

const cliBin = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/cli/bin/lotwise.mjs');

for (const dialect of DIALECTS) {
  describe(`${dialect}: one rounding rule on screen, in the CSV, the PDF and the CLI`, () => {
    let server: TestServer;
    let alice: TestClient;
    const raw = async (url: string) => {
      const cookies = (alice as unknown as { cookies: Map<string, string> }).cookies;
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      return res;
    };
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('the exact totals are not what is printed (the fixture has drift)', async () => {
      const exact = await server.ctx.db.kysely
        .selectFrom('tax_year_summaries')
        .selectAll()
        .where('year', '=', 2024)
        .executeTakeFirstOrThrow();
      expect(new Dec(String(exact.proceeds)).toFixed()).toBe('20.01');
      expect(new Dec(String(exact.income)).toFixed()).toBe('6.25');
    });

    it('tax centre list and one-year page', async () => {
      const list = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2024,
      );
      expect(list).toMatchObject({
        proceeds: PROCEEDS,
        cost_basis: BASIS,
        short_term_gain: '0.00',
        long_term_gain: GAIN,
        income: INCOME,
      });
      const page = (await alice.get('/api/tax/years/2024')).body.data;
      expect(page.long_term).toMatchObject({ proceeds: PROCEEDS, cost_basis: BASIS, gain: GAIN });
      expect(page.income_total).toBe(INCOME);
    });

    it('capital gains CSV and the complete report PDF', async () => {
      const csv = (await raw('/api/tax/reports/2024/capital-gains.csv')).body.trim().split('\n');
      const header = csv[0]!.split(',');
      const column = (name: string) =>
        csv
          .slice(1)
          .map((r) => new Dec(r.split(',')[header.indexOf(name)]!))
          .reduce((a, b) => a.plus(b), new Dec(0))
          .toFixed(2);
      expect(column(header.find((h) => /proceeds/i.test(h))!)).toBe(PROCEEDS);
      expect(column(header.find((h) => /gain/i.test(h))!)).toBe(GAIN);
      const keywords = (
        await PDFDocument.load((await raw('/api/tax/reports/2024/tax-report.pdf')).rawPayload)
      ).getKeywords();
      expect(keywords).toContain(`summary.proceeds=${PROCEEDS}`);
      expect(keywords).toContain(`income.total=${INCOME}`);
    });

    it("lotwise calc's table on the same file", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lotwise-rounding-'));
      writeFileSync(join(dir, 'ledger.csv'), FILE);
      const out = await runNode([cliBin, 'calc', join(dir, 'ledger.csv'), '--basis', 'us-2025'], {
        PRICE_PROVIDERS: 'none',
      });
      expect(out.status, out.stderr).toBe(0);
      const row = out.stdout.split('\n').find((l) => l.startsWith('2024 '))!;
      expect(row.trim().split(/\s+/)).toEqual(['2024', PROCEEDS, BASIS, '0.00', GAIN, INCOME, '2']);
    });
  });
}
