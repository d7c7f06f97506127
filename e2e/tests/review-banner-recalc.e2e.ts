import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateTaxes, csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.3 (one count everywhere), found by the walk: after "Recalculate now" on the Tax
 * Center, the year's badge said 5 missing prices while the review banner above it kept the 6 of
 * the calculation before, until the page was reloaded. A GBP Coinbase export, offline; a price
 * file with ETH's USD price on 2024-11-20 values that day's staking reward.
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);
const work = mkdtempSync(path.join(tmpdir(), 'lotwise-review-banner-e2e-'));
const PRICES = path.join(work, 'eth-2024-11-20.csv');
writeFileSync(PRICES, 'date,asset,price,currency\n2024-11-20,ETH,2450,USD\n');

describe('the Tax Center review banner after a recalculation (issue 35.3)', () => {
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
    it(`counts the missing prices of the new calculation, as the year's badge (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
        await waitForImports(context, 1);
        await calculateTaxes(context);

        await page.goto('/settings/prices');
        await page.locator('input[type=file]').first().setInputFiles(PRICES);
        await page.getByRole('button', { name: 'Load prices' }).click();
        await page.getByText('Loaded 1 price for ETH').waitFor();

        await page.goto('/tax');
        const banner = page.getByTestId('review-banner');
        await banner.getByText(/missing prices \(6\)/).waitFor();
        await page.getByText('Recalculate now').first().click();
        const badge = page.getByTestId('year-2024').getByTestId('incomplete-badge');
        // The price file values the 2024-11-20 reward and sale (its GBP fee at the rate the sale
        // implies, 3658fff): 6 − 2 = 4 transactions still without a price.
        await badge.getByText(/4 missing prices/i).waitFor({ timeout: 60_000 });
        // The banner follows the same calculation without a reload.
        await banner.getByText(/missing prices \(4\)/).waitFor({ timeout: 10_000 });
        expect(await banner.textContent()).not.toContain('(6)');
        await screenshot(page, `review-banner-recalc-${width}`);
      } catch (error) {
        await screenshot(page, `review-banner-recalc-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
