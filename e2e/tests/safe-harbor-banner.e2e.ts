import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.14, found by the walk: the Safe Harbor 2025 banner showed for any account with a
 * transaction before 2025 — also one that sold everything in 2024, with nothing to allocate —
 * and on the Safe Harbor page itself. It shows where it applies: crypto held at the end of 2024.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const SOLD_OUT_2024 = [
  HEADER,
  '2024-02-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2024-09-01 12:00:00 UTC,1,LTC,300,USD,,,300,USD,,Sell,',
].join('\n');
const HELD_AT_END_2024 = [HEADER, '2024-05-01 12:00:00 UTC,1000,USD,0.5,BTC,,,1000,USD,,Buy,'].join('\n');

describe('the Safe Harbor banner shows where it applies (issue 35.14)', () => {
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
    it(`sold out in 2024: no banner; held at the end of 2024: a banner, not on its own page (${width} px)`, async () => {
      const banner = 'Dismiss Safe Harbor banner';
      const soldOut = await signedInNewcomer(browser, server.url, { width, height: 860 });
      await uploadCsv(soldOut.context, await csrfOf(soldOut.context), 'sold.csv', SOLD_OUT_2024);
      await waitForImports(soldOut.context, 1);
      await soldOut.page.goto('/transactions');
      await soldOut.page.getByTestId('box-buy').waitFor();
      await soldOut.page.waitForLoadState('networkidle');
      expect(await soldOut.page.getByRole('button', { name: banner }).count()).toBe(0);
      await screenshot(soldOut.page, `safe-harbor-banner-sold-out-${width}`);
      await soldOut.context.close();

      const holder = await signedInNewcomer(browser, server.url, { width, height: 860 });
      await uploadCsv(holder.context, await csrfOf(holder.context), 'held.csv', HELD_AT_END_2024);
      await waitForImports(holder.context, 1);
      await holder.page.goto('/transactions');
      await holder.page.getByRole('button', { name: banner }).waitFor();
      await screenshot(holder.page, `safe-harbor-banner-held-${width}`);
      await holder.page.getByRole('link', { name: 'Allocate now' }).click();
      await holder.page.waitForURL('**/safe-harbor');
      await holder.page.waitForLoadState('networkidle');
      // The router renders the new page in a transition: until the page's code has loaded and
      // rendered, the banner of the page before is still shown (a loaded CI machine saw it).
      await expect.poll(() => holder.page.getByRole('button', { name: banner }).count()).toBe(0);
      await screenshot(holder.page, `safe-harbor-page-${width}`);
      await holder.context.close();
    });
  }
});
