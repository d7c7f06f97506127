import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35, item 4: with all activity in 2024 the year picker and Tax Filing opened on the
 * calendar's tax year (2025, or 2026 in December). They open on the latest year with
 * activity, and keep the year the user then chooses.
 */
const ONLY_2024 = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-05-10 12:00:00 UTC,20000,USD,1,BTC,,,20000,USD,,Buy,',
  '2024-03-01 12:00:00 UTC,0.5,BTC,30000,USD,,,30000,USD,,Sell,',
].join('\n');

describe('the year the app opens on (issue 35.4)', () => {
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
    it(`Tax Filing and the year picker open on 2024, the latest year with activity, and keep a chosen year (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        await uploadCsv(context, await csrfOf(context), 'koinly.csv', ONLY_2024);
        await waitForImports(context, 1);
        await page.goto('/tax_filing');
        await expect
          .poll(() => page.getByText('Tax year 2024: file with the reports').count(), { timeout: 20_000 })
          .toBe(1);
        expect(await page.getByText('At any time during 2024').count()).toBeGreaterThan(0);
        if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
        const picker = page.locator('input[aria-label="Tax year"]:visible').first();
        await picker.waitFor();
        expect(await picker.inputValue()).toBe('2024');
        await screenshot(page, `working-year-tax-filing-${width}`);

        // The user's own choice is the year from then on.
        await picker.click();
        await page.getByRole('option', { name: '2023' }).click();
        if (width === 375) await page.keyboard.press('Escape');
        await expect.poll(() => page.getByText('Tax year 2023: file with the reports').count()).toBe(1);
        await page.reload();
        await expect
          .poll(() => page.getByText('Tax year 2023: file with the reports').count(), { timeout: 20_000 })
          .toBe(1);
      } catch (error) {
        await screenshot(page, `working-year-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});
