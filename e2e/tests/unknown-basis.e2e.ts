import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35, item 2: offline, an ETH staking reward without a value leaves a lot whose basis is
 * unknown, and half of it is sold. The dashboard's Cost basis card and Labs' "Your ETH" counted
 * it as $0: they say Unknown with the reason, as Safe Harbor and the one-year page do.
 */
const HISTORY = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-01-10 12:00:00 UTC,40000,USD,1,BTC,,,40000,USD,,Buy,',
  '2024-02-01 12:00:00 UTC,,,1,ETH,,,,,staking,Reward,',
  '2024-04-01 12:00:00 UTC,0.5,ETH,1500,USD,,,1500,USD,,Sell,',
].join('\n');

describe('a cost basis resting on a missing price (issue 35.2)', () => {
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
    it(`the dashboard and Labs' Your ETH say Unknown with the reason, never $0 (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      try {
        const csrf = await csrfOf(context);
        await uploadCsv(context, csrf, 'koinly.csv', HISTORY);
        await waitForImports(context, 1);
        await page.goto('/dashboard');
        await page.locator('[data-testid="cta-calculate"]:not([disabled])').waitFor({ timeout: 30_000 });
        await page.getByTestId('cta-calculate').click();

        const cost = page.getByTestId('stat-cost');
        await expect.poll(() => cost.textContent(), { timeout: 30_000 }).toContain('Unknown');
        expect(await cost.textContent()).toContain(
          'ETH bought without a price: add the missing prices, then calculate again',
        );
        expect(await page.getByTestId('stat-gain').textContent()).toContain(
          'ETH not included: cost basis unknown',
        );
        await screenshot(page, `unknown-basis-dashboard-${width}`);

        await page.goto('/labs/price/ETH');
        const basis = page.getByTestId('gain-basis');
        await basis.waitFor({ timeout: 30_000 });
        await expect.poll(() => basis.textContent()).toContain('Unknown');
        expect(await page.getByTestId('gain-realised').textContent()).toContain('Unknown');
        expect(await page.getByTestId('gain-unknown-note').textContent()).toContain(
          'a lot you hold was bought without a price',
        );
        await page.getByTestId('gain-unknown-note').scrollIntoViewIfNeeded();
        await screenshot(page, `unknown-basis-labs-eth-${width}`);

        await page.goto('/labs/price/BTC');
        await page.getByTestId('gain-basis').waitFor({ timeout: 30_000 });
        await expect.poll(() => page.getByTestId('gain-basis').textContent()).toContain('$40,000.00');
        expect(await page.getByTestId('gain-unknown-note').count()).toBe(0);
      } catch (error) {
        await screenshot(page, `unknown-basis-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});
