import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

const GBP_LEDGER = readFileSync(
  path.resolve(import.meta.dirname, '../../packages/prices/test/fixtures/kraken-ledgers-gbp.csv'),
  'utf8',
);

/** The prices a UK user would type for their 2024 Kraken ledger (1 GBP = 1.25 USD). */
const PRICES = [
  'date,asset,price,currency',
  '2024-02-01,GBP,1.25,USD',
  '2024-02-02,GBP,1.25,USD',
  '2024-03-01,GBP,1.25,USD',
  '2024-04-02,GBP,1.25,USD',
  '2024-04-19,GBP,1.25,USD',
  '2024-02-10,ETH,2949,USD',
  '2024-02-10,BTC,50650,USD',
  '2024-03-04,SOL,130,USD',
  '2024-03-11,SOL,134.72,USD',
  '2024-03-15,BTC,51500,USD',
].join('\n');

const work = mkdtempSync(path.join(tmpdir(), 'lotwise-prices-e2e-'));

describe('prices: a GBP Kraken ledger, a price file, a recalculation', () => {
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

  it('missing prices → load a price file in settings → recalculate → totals change, sources show', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    try {
      await flow(context, page);
    } catch (error) {
      await screenshot(page, 'prices-failure');
      throw new Error(`${String(error)}\nat ${page.url()}`);
    } finally {
      await context.close();
    }
  });
});

async function calculateFromTaxCentre(page: Page): Promise<void> {
  await page.goto('/tax');
  await page.getByRole('button', { name: 'Calculate Taxes' }).first().click();
  await page.waitForURL(/\/(tax-calculation|one_year)/);
  await page.waitForURL(/\/one_year/, { timeout: 60_000 });
  await page.goto('/tax');
  await page.getByTestId('year-2024').waitFor();
}

async function flow(context: BrowserContext, page: Page) {
  const csrf = await csrfOf(context);
  await uploadCsv(context, csrf, 'kraken-ledgers.csv', GBP_LEDGER);
  await waitForImports(context, 1);

  // Offline, without prices: the year is calculated but said to be incomplete.
  await calculateFromTaxCentre(page);
  const year = page.getByTestId('year-2024');
  await year.getByTestId('incomplete-badge').waitFor();
  expect(await year.getByTestId('incomplete-badge').textContent()).toMatch(
    /Incomplete · \d+ missing prices?/,
  );
  const before = await year.textContent();
  await screenshot(page, 'prices-tax-incomplete');

  // The list shows the rows; each Missing Price popover offers the fixes.
  await page.goto('/transactions?txnType=all');
  await page.getByTestId('transactions-table').waitFor();
  const missing = page.getByRole('button', { name: 'Missing Price', exact: true });
  await missing.first().waitFor();
  expect(await missing.count()).toBeGreaterThanOrEqual(3);
  await missing.first().click();
  await page.getByRole('button', { name: 'Add a value manually' }).waitFor();
  await page.getByRole('button', { name: 'Fetch again' }).click();
  await page
    .getByText('No price provider is configured; add a value manually or load a price file.')
    .waitFor();
  await screenshot(page, 'prices-missing-popover');
  await page.keyboard.press('Escape');

  // Settings → Prices: a bad file is refused with its line and field; the right one loads.
  await page.goto('/settings/prices');
  await page.getByRole('heading', { name: 'Load prices from a file' }).waitFor();
  const bad = path.join(work, 'bad.csv');
  writeFileSync(bad, 'date,asset,price,currency\n2024-02-10,ETH,lots,USD\n');
  await page.locator('input[type="file"]').setInputFiles(bad);
  await page.getByRole('button', { name: 'Load prices' }).click();
  await page.getByText('bad.csv: line 2, price: "lots" is not a decimal price of 0 or more').waitFor();
  const good = path.join(work, 'my-prices.csv');
  writeFileSync(good, PRICES);
  await page.locator('input[type="file"]').setInputFiles(good);
  await page.getByRole('button', { name: 'Load prices' }).click();
  await page
    .getByText('Loaded 10 prices for BTC, ETH, GBP, SOL. Recalculate your taxes to use them.')
    .waitFor();
  await page.getByTestId('price-file').first().waitFor();
  await screenshot(page, 'prices-settings');

  // Recalculate: the year is complete and its totals are the hand-checked ones.
  await calculateFromTaxCentre(page);
  await page.getByText('Calculated').first().waitFor();
  expect(await year.getByTestId('incomplete-badge').count()).toBe(0);
  const after = await year.textContent();
  expect(after).not.toBe(before);
  expect(after).toContain('$234.98');
  expect(after).toContain('$0.28');
  await screenshot(page, 'prices-tax-complete');

  // The trade's value says where it came from.
  await page.goto('/transactions?txnType=all');
  await page.getByTestId('transactions-table').waitFor();
  expect(await page.getByRole('button', { name: 'Missing Price', exact: true }).count()).toBe(0);
  const source = page.getByRole('button', { name: /Value source: Other side of the trade: ETH/ });
  await source.first().hover();
  const hover = page.getByTestId('value-source');
  await hover.waitFor();
  expect(await hover.textContent()).toContain(
    'Other side of the trade: ETH at its daily price from your price file my-prices.csv',
  );
  expect(await hover.textContent()).toContain('$419.64');
  // Every row now has a total in USD: the GBP buy is its file value converted (500 × 1.25).
  const totals = await page.getByTestId('row-total').allTextContents();
  expect(totals).toContain('$625.00');
  expect(totals).toContain('$419.64');
  await screenshot(page, 'prices-value-source');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/settings/prices');
  await page.getByTestId('price-file').first().waitFor();
  await screenshot(page, 'prices-settings-375');
  await page.goto('/transactions?txnType=all');
  await page.getByTestId('transactions-table').waitFor();
  const tap = page.getByRole('button', { name: /Value source: Other side of the trade: ETH/ }).first();
  await tap.scrollIntoViewIfNeeded();
  await tap.click();
  await page.getByTestId('value-source').waitFor();
  await page.waitForTimeout(400); // the popover's fade-in
  await page.screenshot({ path: path.join(SCREENSHOTS, 'prices-value-source-375.png') });
}
