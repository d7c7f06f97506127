import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import { formMoney, sum, toCents } from '@lotwise/reports/money';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineInput } from '../src/modules/tax/engine-input.ts';
import { engineOptions, settingsOf } from '../src/modules/tax/tax-settings.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
// 2024 ends with 0.7 BTC (0.6 left of the 2023 lot, basis 6,000, and 0.1 bought for
// 6,000.005: 12,000.005 in all, printed 12,000.01) and 2 ETH; 2025 sells ETH and buys SOL,
// so the final holdings differ from the year-end ones the 2024 report must print.
const FILE = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2023-06-01 12:00:00 UTC,3000,USD,2,ETH,,,3000,USD,,Buy,',
  '2024-03-01 09:00:00 UTC,0.4,BTC,8000,USD,,,8000,USD,,Sell,',
  '2024-09-01 09:00:00 UTC,6000.005,USD,0.1,BTC,,,6000.005,USD,,Buy,',
  '2025-02-01 09:00:00 UTC,1,ETH,3500,USD,,,3500,USD,,Sell,',
  '2025-03-01 09:00:00 UTC,500,USD,5,SOL,,,500,USD,,Buy,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: holdings at year end in the complete tax report`, () => {
    let server: TestServer;
    let alice: TestClient;
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

    /** The engine on the rows up to the end of `year`: its holdings per wallet and asset, as printed. */
    async function engineYearEnd(year: number) {
      const db = server.ctx.db.kysely;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'alice@example.com')
        .executeTakeFirstOrThrow();
      const rows = (await loadEngineInput(db, user.id)).filter((r) => r.timestamp < `${year + 1}-01-01`);
      const result = calculate(matchTransfers(rows), engineOptions(settingsOf(user)));
      const groups = new Map<string, { amounts: string[]; bases: string[] }>();
      for (const h of result.holdings) {
        const g = groups.get(`${h.wallet}|${h.asset}`) ?? { amounts: [], bases: [] };
        g.amounts.push(h.amount);
        g.bases.push(h.costBasis);
        groups.set(`${h.wallet}|${h.asset}`, g);
      }
      return [...groups].map(([key, g]) => {
        const [wallet, asset] = key.split('|') as [string, string];
        return { wallet, asset, amount: sum(g.amounts).toFixed(), basis: formMoney(toCents(sum(g.bases))) };
      });
    }

    async function reportPdf(year: number): Promise<Uint8Array> {
      const cookies = (alice as unknown as { cookies: Map<string, string> }).cookies;
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/tax/reports/${year}/tax-report.pdf`,
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    }

    it('prints the engine holdings at the end of 2024, not the final ones', async () => {
      const expected = await engineYearEnd(2024);
      expect(expected.map((h) => [h.asset, h.amount, h.basis])).toEqual([
        ['BTC', '0.7', '12,000.01'],
        ['ETH', '2', '3,000.00'],
      ]);
      const bytes = await reportPdf(2024);
      const keywords = (await PDFDocument.load(bytes)).getKeywords() ?? '';
      for (const h of expected) {
        expect(keywords).toContain(`holdings.${h.wallet}.${h.asset}.amount=${h.amount}`);
        expect(keywords).toContain(`holdings.${h.wallet}.${h.asset}.costBasis=${h.basis}`);
      }
      expect(keywords).not.toContain('.SOL.');
      if (hasPoppler) {
        const dir = mkdtempSync(join(tmpdir(), 'lotwise-holdings-'));
        writeFileSync(join(dir, 'r.pdf'), bytes);
        const text = spawnSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], {
          encoding: 'utf8',
        }).stdout;
        const section = text.slice(text.indexOf('Holdings at the end of 2024'));
        for (const h of expected) {
          expect(section).toMatch(
            new RegExp(
              `${h.wallet} +${h.asset} +${h.amount.replace('.', '\\.')} +${h.basis.replace('.', '\\.')} `,
            ),
          );
        }
        expect(section).not.toMatch(/ SOL /);
      }
    });

    it('prints the final holdings for the last year and none before the first', async () => {
      const final = await engineYearEnd(2025);
      expect(final.map((h) => h.asset)).toEqual(['BTC', 'ETH', 'SOL']);
      const keywords = (await PDFDocument.load(await reportPdf(2025))).getKeywords() ?? '';
      for (const h of final)
        expect(keywords).toContain(`holdings.${h.wallet}.${h.asset}.costBasis=${h.basis}`);
      const before = (await PDFDocument.load(await reportPdf(2021))).getKeywords() ?? '';
      expect(before).not.toContain('.amount=');
    });
  });
}
