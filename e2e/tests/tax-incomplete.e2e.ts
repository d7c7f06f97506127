import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.1–35.3 as a person sees them, at 1280 and 375 px, offline (PRICE_PROVIDERS=none):
 * a GBP Coinbase export whose 2024 is incomplete (6 transactions without a USD value), and a
 * three-wallet history ending in 2024 on the Safe Harbor page (figures checked by hand in
 * apps/server/test/safe-harbor-history-end.test.ts).
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const WALLETS: Array<[string, string[]]> = [
  ['A', ['2023-03-01 10:00:00 UTC,3000,USD,2,ETH,,,3000,USD,,Buy,']],
  [
    'B',
    [
      '2023-09-01 10:00:00 UTC,26000,USD,1,BTC,,,26000,USD,,Buy,',
      '2024-05-01 10:00:00 UTC,3000,USD,1,ETH,,,3000,USD,,Buy,',
    ],
  ],
  [
    'C',
    [
      '2024-02-01 10:00:00 UTC,10000,USD,4,ETH,,,10000,USD,,Buy,',
      '2024-08-01 10:00:00 UTC,1,ETH,2600,USD,,,2600,USD,,Sell,',
    ],
  ],
];
const work = mkdtempSync(path.join(tmpdir(), 'lotwise-incomplete-e2e-'));

async function calculate(context: BrowserContext): Promise<void> {
  const csrf = await csrfOf(context);
  const start = await context.request.post('/api/imports/v1/tax_calculations/start_tax_calculation', {
    data: {},
    headers: { 'x-csrf-token': csrf },
  });
  if (!start.ok()) throw new Error(`calculation: ${start.status()} ${await start.text()}`);
  for (let i = 0; i < 150; i++) {
    const years = (await (await context.request.get('/api/tax/years')).json()) as {
      data: { calculated_at: string | null };
    };
    if (years.data.calculated_at) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the calculation did not finish');
}

/** Screenshots of this test also kept outside the repository for the report. */
async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(file, path.join('/tmp/shots', path.basename(file)));
}

describe('an incomplete year and Safe Harbor 2025 (issue 35)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [1280, 375]) {
    it(`says INCOMPLETE with one count on the year page and before each download (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
        await waitForImports(context, 1);
        await calculate(context);

        await page.goto('/tax');
        const row = page.getByTestId('year-2024');
        await row.waitFor();
        expect(await row.getByTestId('incomplete-badge').textContent()).toContain('6 missing prices');
        // Short-term gain and income rest on the missing prices (no long-term sales: a true $0.00).
        expect((await row.textContent())?.match(/Unknown/g)).toHaveLength(2);
        await shot(page, `incomplete-tax-centre-${width}`);

        await page.goto('/one_year?year=2024');
        const banner = page.getByTestId('year-incomplete');
        await banner.waitFor();
        expect(await banner.getByTestId('incomplete-badge').textContent()).toBe(
          'Incomplete · 6 missing prices',
        );
        expect(await banner.textContent()).toContain('6 transactions of 2024 have no price');
        expect(await page.getByTestId('short-term-gain').textContent()).toBe('Unknown');
        expect(await page.getByTestId('short-term-gain-reason').textContent()).toBe(
          '2 sales without a price',
        );
        expect(await page.getByTestId('net-gain').textContent()).toBe('Unknown');
        expect(await page.getByTestId('income-total').textContent()).toBe('Unknown');
        expect(await page.getByTestId('income-total-reason').textContent()).toBe(
          '2 receipts without a price',
        );
        // The unpriced sales show Unknown amounts with a "no price" badge, never $0.00.
        const line = page.getByTestId('disposal-row').first();
        await line.getByTestId('line-no-price').waitFor();
        expect(await line.textContent()).toContain('Unknown');
        expect(await line.textContent()).not.toContain('$0.00');
        // One count beside the badge's (issue 35.3): one warning for each of the 6 transactions
        // (a fee joins its row's warning, issue 35.1).
        const group = page.getByTestId('warning-group').filter({ hasText: 'Missing price' });
        expect(await group.textContent()).toBe('6Missing price: 6 transactions');
        await shot(page, `incomplete-one-year-${width}`);

        // The page's refreshes after the calculation settle first.
        await page.waitForLoadState('networkidle');
        await page.getByRole('button', { name: 'Reports 2024' }).click();
        await page.getByTestId('reports-incomplete').waitFor();
        expect(await page.getByTestId('reports-incomplete').textContent()).toContain('6 missing prices');
        await page.getByRole('menuitem', { name: 'Form 8949 (PDF)' }).click();
        const dialog = page.getByTestId('incomplete-download-dialog');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain('6 transactions of 2024 have no price');
        // The viewport's own size: a full-page capture resizes it, and the menu holding the dialog re-renders.
        await page.screenshot({ path: path.join(SCREENSHOTS, `incomplete-download-dialog-${width}.png`) });
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 90_000 }),
          dialog.getByText('Download anyway', { exact: true }).click(),
        ]);
        const pdfPath = path.join(work, `form-8949-${width}.pdf`);
        await download.saveAs(pdfPath);
        const keywords = (await PDFDocument.load(readFileSync(pdfPath))).getKeywords() ?? '';
        expect(keywords).toContain('incomplete=6');
        expect(keywords).toContain('C.1.gain=unknown');
        if (width === 1280 && existsSync('/usr/bin/pdftoppm')) {
          execFileSync('/usr/bin/pdftoppm', [
            '-png',
            '-r',
            '70',
            pdfPath,
            path.join(SCREENSHOTS, 'incomplete-form-8949'),
          ]);
        }
        // Cancelling downloads nothing.
        await page.getByRole('button', { name: 'Reports 2024' }).click();
        await page.getByRole('menuitem', { name: 'TurboTax (CSV)' }).click();
        await dialog.waitFor();
        await page.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        for (const form of [
          'capital-gains.csv',
          'turbotax.csv',
          'taxact.csv',
          'income.csv',
          'schedule-d.csv',
        ]) {
          const csv = await (await context.request.get(`/api/tax/reports/2024/${form}`)).text();
          expect(csv.split('\n')[0], form).toMatch(
            /^# INCOMPLETE: 6 transactions of 2024 have missing prices\./,
          );
        }
      } catch (error) {
        await screenshot(page, `incomplete-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
      // The first PDF of a fresh server starts its report worker: room for a slow machine.
    }, 180_000);

    it(`shows the Safe Harbor allocation of a history that ends in 2024 (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        const csrf = await csrfOf(context);
        for (const [i, [name, rows]] of WALLETS.entries()) {
          await uploadCsv(
            context,
            csrf,
            `${name}.csv`,
            [HEADER, ...rows].join('\n'),
            i === 0 ? { custom_name: name } : { custom_name: name, new_account: 'true' },
          );
          await waitForImports(context, i + 1);
        }
        await page.goto('/safe-harbor');
        const stay = page.getByTestId('rule-stay-oldest-first');
        await stay.getByRole('table').waitFor({ timeout: 30_000 });
        const stayText = await stay.textContent();
        expect(stayText).not.toContain('Nothing was held');
        for (const figure of ['$4,000.00', '$26,000.00', '$3,000.00', '$7,500.00'])
          expect(stayText).toContain(figure);
        const lowest = await page.getByTestId('rule-lowest-cost-largest-holding').textContent();
        for (const figure of ['$5,000.00', '$26,000.00', '$3,000.00', '$6,500.00'])
          expect(lowest).toContain(figure);
        await shot(page, `safe-harbor-${width}`);
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 90_000 }),
          page.getByRole('link', { name: 'Download the allocation record (CSV)' }).click(),
        ]);
        const file = path.join(work, `allocation-${width}.csv`);
        await download.saveAs(file);
        const lines = readFileSync(file, 'utf8').trim().split('\n');
        expect(lines[0]).toBe(
          'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis,rule_chosen_at',
        );
        expect(lines).toHaveLength(6);
        expect(lines.slice(1).every((l) => l.startsWith('2025-01-01,stay-oldest-first,'))).toBe(true);
      } catch (error) {
        await screenshot(page, `safe-harbor-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});
