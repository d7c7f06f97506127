import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { dropFile, signedInNewcomer } from './imports-helpers.ts';

// The page opens on the default tax year (this year in December, else the one before):
// the sample's sales fall in that year so the whole flow lands on them.
const now = new Date();
const YEAR = now.getUTCMonth() === 11 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// By hand (FIFO): 1 BTC for 10,010 incl. fee, two years back. 0.5 BTC sold in March for
// 8,000.004 → basis 5,005, long-term gain 2,995.00 (rounded). 2 ETH bought in January for
// 4,000.01; 0.5 ETH sold in June for 1,500.333 → basis 1,000.0025, short-term gain 500.33
// (1,500.33 − 1,000.00, each rounded first). 0.5 DOT staking income 3.10.
const SAMPLE = [
  HEADER,
  `${YEAR - 2}-01-10 12:00:00 UTC,10000,USD,1,BTC,10,USD,10000,USD,,Buy,`,
  `${YEAR}-01-05 10:00:00 UTC,4000.01,USD,2,ETH,,,4000.01,USD,,Buy,`,
  `${YEAR}-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,reward,Staking,`,
  `${YEAR}-03-01 09:00:00 UTC,0.5,BTC,8000.004,USD,,,8000.004,USD,,Sell,`,
  `${YEAR}-06-01 09:00:00 UTC,0.5,ETH,1500.333,USD,,,1500.333,USD,,Sell,`,
].join('\n');

function csvTotals(csv: string): Record<string, string> {
  const [head, ...rows] = csv.trim().split('\n');
  const cols = (head ?? '').split(',');
  const gain = cols.indexOf('gain');
  const term = cols.indexOf('term');
  const cents: Record<string, bigint> = { short: 0n, long: 0n };
  for (const row of rows) {
    const f = row.split(',');
    const [int, frac = '00'] = (f[gain] ?? '0').replace('-', '').split('.');
    const value = BigInt(int ?? '0') * 100n + BigInt(frac.padEnd(2, '0'));
    const key = f[term] ?? 'short';
    cents[key] = (cents[key] ?? 0n) + ((f[gain] ?? '').startsWith('-') ? -value : value);
  }
  const text = (c: bigint) =>
    `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
  return { short: text(cents.short ?? 0n), long: text(cents.long ?? 0n) };
}

const work = mkdtempSync(path.join(tmpdir(), 'lotwise-tax-e2e-'));

describe('tax centre: import → calculate → progress → year → Form 8949 PDF', () => {
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

  it('shows the same totals on screen, in the CSV and in the PDF', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    try {
      await flow(context, page);
    } catch (error) {
      await screenshot(page, 'tax-failure');
      throw new Error(`${String(error)}\nat ${page.url()}`);
    } finally {
      await context.close();
    }
  });
});

async function flow(context: BrowserContext, page: Page) {
  const file = path.join(work, 'ledger.csv');
  writeFileSync(file, SAMPLE);
  await page.goto('/');
  await page.getByText('Import your first transactions').waitFor();
  await dropFile(page, '[data-testid="import-dropzone"]', file, 'ledger.csv');
  await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });

  await page.goto('/tax');
  await page.getByText('To view your crypto tax, please run the tax calculation.').waitFor();
  await screenshot(page, 'tax-centre-before');
  await page.getByRole('button', { name: 'Calculate Taxes' }).first().click();
  await page.waitForURL(/\/tax-calculation\?traceId=/);
  await page.getByRole('heading', { name: /Calculating your taxes|Your taxes are ready/ }).waitFor();
  await screenshot(page, 'tax-calculation-progress');
  await page.waitForURL(new RegExp(`/one_year\\?year=${YEAR}`), { timeout: 30_000 });

  const short = page.getByTestId('short-term-gain');
  await short.waitFor();
  expect(await short.textContent()).toBe('$500.33');
  expect(await page.getByTestId('long-term-gain').textContent()).toBe('$2,995.00');
  expect(await page.getByTestId('net-gain').textContent()).toBe('$3,495.33');
  expect(await page.getByTestId('income-total').textContent()).toBe('$3.10');
  await page.getByRole('button', { name: 'Show lots' }).first().click();
  await page.locator('[data-testid^="lots-"]').first().waitFor();
  await screenshot(page, 'tax-one-year');

  await page.getByRole('button', { name: `Reports ${YEAR}` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Form 8949 (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`lotwise-form-8949-${YEAR}.pdf`);
  const pdfPath = path.join(work, 'form-8949.pdf');
  await download.saveAs(pdfPath);
  const pdf = await PDFDocument.load(readFileSync(pdfPath));
  const keywords = pdf.getKeywords() ?? '';
  const shortBox = YEAR >= 2025 ? 'I' : 'C';
  const longBox = YEAR >= 2025 ? 'L' : 'F';
  expect(keywords).toContain(`8949.${shortBox}.gain=500.33`);
  expect(keywords).toContain(`8949.${longBox}.gain=2,995.00`);
  // A picture of the PDF for people to look at, where poppler is installed (CI's machine lacks it);
  // the assertions above read the PDF itself.
  if (existsSync('/usr/bin/pdftoppm')) {
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '70', pdfPath, path.join(SCREENSHOTS, 'tax-form-8949')]);
  }

  const csv = await context.request.get(`/api/tax/reports/${YEAR}/capital-gains.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csvTotals(await csv.text())).toEqual({ short: '500.33', long: '2995.00' });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.getByTestId('short-term-gain').waitFor();
  // Below 768 px each sale is a card: the gain shows without scrolling sideways, lots on demand.
  const firstLine = page.getByTestId('disposal-row').first();
  await firstLine.getByRole('button', { name: 'Show lots' }).click();
  await page.locator('[data-testid^="lots-"]').first().waitFor();
  expect(await firstLine.textContent()).toContain('$2,995.00');
  expect(await page.getByRole('table').filter({ hasText: 'Proceeds' }).count()).toBe(0);
  await screenshot(page, 'tax-one-year-375');
  await page.goto('/tax');
  await page.getByTestId(`year-${YEAR}`).waitFor();
  expect(await page.getByRole('button', { name: 'View Tax' }).count()).toBeGreaterThan(0);
  await screenshot(page, 'tax-centre-375');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.reload();
  await page.getByTestId(`year-${YEAR}`).waitFor();
  await page.getByText('Calculations last updated just now.').waitFor();
  await screenshot(page, 'tax-centre');
}
