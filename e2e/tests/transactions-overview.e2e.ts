import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.12, found by the walk: for a GBP Coinbase export of 1 deposit, 2 buys, 2 staking
 * rewards and 2 sells the overview boxes read DEPOSIT 5 / WITHDRAWAL 2 / TRADES 0 with nothing
 * saying that 'Deposit' (the spec's label of category buy) counts the buys and the rewards too.
 * Each box keeps the spec's label and says what it counts.
 */
const GBP_EXPORT = readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
  'utf8',
);

describe('transactions overview boxes say what they count (issue 35.12)', () => {
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
    it(`Deposit 5 = buys, deposits and income; Withdrawal 2 = sells; Trades 0 (${width} px)`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 860 });
      await uploadCsv(context, await csrfOf(context), 'coinbase.csv', GBP_EXPORT);
      await waitForImports(context, 1);
      await page.goto('/transactions');
      const box = (c: string) => page.getByTestId(`box-${c}`);
      // What a person reads: Playwright's rendered text, with the CSS upper case of the titles
      // (textContent would give the markup's "Deposit").
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node
      const shown = async (c: string) => (await box(c).innerText()).replace(/\s+/g, ' ');
      await expect.poll(() => shown('buy')).toMatch(/5/);
      expect(await shown('buy')).toBe('DEPOSIT 5 Buys, deposits and income in');
      expect(await shown('sell')).toBe('WITHDRAWAL 2 Sells, withdrawals, spends and fees out');
      expect(await shown('trade')).toBe('TRADES 0 Crypto for crypto');
      // The box's count is what its filter lists: the deposit, the two buys and the two rewards.
      await box('buy').click();
      await expect.poll(() => page.getByText('Showing 1 to 5 of 5 entries').count()).toBe(1);
      await box('buy').scrollIntoViewIfNeeded();
      await screenshot(page, `transactions-overview-${width}`);
      await context.close();
    });
  }
});
