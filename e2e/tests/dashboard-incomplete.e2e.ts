import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.1/35.3 on the dashboard, found walking the product after the fixes: offline, a GBP
 * Coinbase export whose 2024 has 6 transactions without a USD value. Calculated from the
 * dashboard's own button, the Gains by year table printed 2024's short-term gain as $0.00 beside
 * INCOMPLETE, and the Review card kept the count from before the calculation (none) until a reload;
 * the review's Tax summary printed the unknown figures as amounts too, and Safe Harbor the basis
 * of coins bought without a price as $0.00.
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);

describe('the dashboard, tax summary and Safe Harbor of an incomplete year (issue 35)', () => {
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
    it(`shows Unknown, not $0.00, and the calculation's missing-price count (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
        await waitForImports(context, 1);
        await page.goto('/dashboard');
        await page.getByTestId('review-card').waitFor();
        await page.getByTestId('cta-calculate').click();

        const table = page.getByTestId('gains-table');
        await table.waitFor({ timeout: 30_000 });
        const row = table.getByRole('row').filter({ hasText: '2024' });
        // Beside the year, or on a phone on a line of its own under the year's figures (issue 35, item 3).
        await expect.poll(() => table.getByTestId('incomplete-badge').count(), { timeout: 15_000 }).toBe(1);
        const cells = row.getByRole('cell');
        // Short-term gain rests on the missing prices; 2024 has no long-term sale (a true $0.00).
        expect(await cells.nth(1).textContent()).toBe('Unknown');
        expect(await cells.nth(2).textContent()).toBe('$0.00');

        // The Review card follows the finished calculation without a reload: 6, as the years say.
        const missing = page.getByTestId('review-errors');
        await expect
          .poll(async () => (await missing.count()) > 0 && missing.textContent(), { timeout: 15_000 })
          .toContain('6');
        expect(await page.getByTestId('review-clear').count()).toBe(0);
        // Offline, no held coin has a price today: the value and the gain are Unknown with the
        // reason, not $0.00 (found by the walk, issue 35).
        const value = page.getByTestId('stat-value');
        const reason = 'No price today for BTC, ETH: load a price file in Settings → Prices';
        expect(await value.getByText('Unknown', { exact: true }).count()).toBe(1);
        expect(await value.getByText(reason, { exact: true }).count()).toBe(1);
        const gain = page.getByTestId('stat-gain');
        expect(await gain.getByText('Unknown', { exact: true }).count()).toBe(1);
        expect(await gain.getByText(reason, { exact: true }).count()).toBe(1);
        expect(await gain.textContent()).not.toContain('$0.00');
        await screenshot(page, `dashboard-incomplete-${width}`);

        // The review's last step (Tax summary) printed the same figures as $0.00 and a partial
        // income sum beside INCOMPLETE: Unknown with its reason, as on the Tax Center.
        await page.goto('/tax_summary?year=2024');
        await page.getByTestId('summary-short').waitFor();
        expect(await page.getByTestId('summary-short').textContent()).toBe('Unknown');
        expect(await page.getByTestId('summary-short-reason').textContent()).toBe('Rests on a missing price');
        expect(await page.getByTestId('summary-income').textContent()).toBe('Unknown');
        expect(await page.getByTestId('summary-long').textContent()).toBe('$0.00');
        await screenshot(page, `tax-summary-incomplete-${width}`);

        // Safe Harbor: the coins bought for pounds without a rate have an unknown basis, not $0.00.
        await page.goto('/safe-harbor');
        const stay = page.getByTestId('rule-stay-oldest-first');
        await stay.getByTestId('basis-unknown').first().waitFor({ timeout: 30_000 });
        expect(await stay.getByTestId('basis-unknown').first().textContent()).toBe('Unknown');
        await stay.getByTestId('basis-unknown-note').waitFor();
        await screenshot(page, `safe-harbor-unknown-basis-${width}`);
      } catch (error) {
        await screenshot(page, `dashboard-incomplete-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});
