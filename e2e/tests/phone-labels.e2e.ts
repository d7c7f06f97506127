import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35, item 3: at 375 px the dashboard's tax-year table cut "INCOMPLETE" to "INCO…",
 * Safe Harbor's "IN USE" badge was cut, and so was the allocation record's download button.
 * Each label is read whole (its text is not clipped: no wider inside than shown), at 375 and
 * 1280 px, for the offline GBP Coinbase sample (2024 incomplete, BTC and ETH held into 2025).
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);

async function calculate(context: BrowserContext): Promise<void> {
  const start = await context.request.post('/api/imports/v1/tax_calculations/start_tax_calculation', {
    data: {},
    headers: { 'x-csrf-token': await csrfOf(context) },
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

/** The label's text is shown whole: nothing of it is clipped or replaced by an ellipsis. */
async function readWhole(label: Locator): Promise<void> {
  await label.waitFor();
  const clipped = await label.evaluate((el) => {
    const parts = [el, ...el.querySelectorAll('*')] as HTMLElement[];
    return parts.some((p) => p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflow !== 'visible');
  });
  expect(clipped, (await label.textContent()) ?? '').toBe(false);
}

describe('labels read whole on a phone (issue 35, item 3)', () => {
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

  for (const width of [375, 1280]) {
    it(`INCOMPLETE on the dashboard, IN USE and the record's download on Safe Harbor (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
      await waitForImports(context, 1);
      await calculate(context);

      await page.goto('/dashboard');
      const badge = page.getByTestId('gains-table').getByTestId('incomplete-badge');
      await readWhole(badge);
      // A phone gives the badge a line of its own, with room for the words; beside the year it is short.
      expect(await badge.textContent()).toBe(
        width === 375 ? 'Incomplete · 6 missing prices' : 'Incomplete · 6',
      );
      // The table fits the card: no column pushed out of sight.
      const table = page.getByTestId('gains-table');
      expect(await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1)).toBe(
        true,
      );
      await badge.scrollIntoViewIfNeeded();
      await screenshot(page, `phone-labels-dashboard-${width}`);

      await page.goto('/safe-harbor');
      const inUse = page.getByTestId('rule-in-use');
      await readWhole(inUse);
      expect(await inUse.textContent()).toBe('In use');
      const download = page.getByTestId('allocation-record-download');
      await readWhole(download);
      expect(await download.textContent()).toBe('Download the allocation record (CSV)');
      // The button stays inside the page.
      const box = await download.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await screenshot(page, `phone-labels-safe-harbor-${width}`);

      await page.goto('/tax');
      await readWhole(page.getByRole('button', { name: 'Reports 2024' }));
      await readWhole(page.getByTestId('year-2024').getByTestId('incomplete-badge'));
      await page.goto('/one_year?year=2024');
      await readWhole(page.getByRole('button', { name: 'Reports 2024' }));
      await readWhole(page.getByTestId('year-incomplete').getByTestId('incomplete-badge'));
      await context.close();
    });
  }
});
