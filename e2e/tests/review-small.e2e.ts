import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateTaxes, csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Found by the walk (issue 35, smaller findings): /review on a brand-new, empty account said
 * "Recalculate your taxes" with no reason; on a phone the current method's card showed both
 * CURRENT and "Use FIFO".
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);

describe('review: nothing to recalculate on an empty account; the current method does not offer itself', () => {
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
    it(`empty account, then the method step (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      await page.goto('/review');
      await page.getByText('Nothing left to review.').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('review-stale').count()).toBe(0);
      expect(await page.getByText('Recalculate your taxes').count()).toBe(0);
      await screenshot(page, `review-empty-${width}`);

      // Rows but no calculation yet: the reason is said, and the button calculates.
      await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
      await waitForImports(context, 1);
      await page.reload();
      const stale = page.getByTestId('review-stale');
      await stale.getByText('You have not calculated your taxes yet.', { exact: false }).waitFor();
      expect(await stale.getByText('Calculate your taxes', { exact: true }).count()).toBe(1);
      await screenshot(page, `review-not-calculated-${width}`);

      await calculateTaxes(context);
      await page.goto('/review?wizard=SelectLifoFifo');
      const fifo = page.getByTestId('method-fifo');
      await fifo.getByText('Current').waitFor({ timeout: 60_000 });
      expect(await fifo.getByRole('button', { name: 'Use FIFO' }).count()).toBe(0);
      expect(await page.getByTestId('method-hifo').getByRole('button', { name: 'Use HIFO' }).count()).toBe(1);
      await fifo.scrollIntoViewIfNeeded();
      await screenshot(page, `review-method-current-${width}`);
      await context.close();
    });
  }
});
