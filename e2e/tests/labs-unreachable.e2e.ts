import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 35.11 in the browser: the default price providers unreachable (a closed port, as
 * offline) and no prices loaded. The first view after the start does not wait for them: it says
 * they are being asked, and the page refreshes itself to say there are no prices yet, that the
 * providers are unreachable and how to add prices (not "Asset BTC not found"); switching ranges
 * shows a loading state, never the previous range's note; the pages after the first answer at once.
 */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Labs with the price providers unreachable (issue 35.11)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    server = await startServer({
      PRICE_PROVIDERS: 'coingecko,ccxt,ecb',
      COINGECKO_BASE_URL: url,
      PRICES_CCXT_BASE_URL: url,
      ECB_BASE_URL: url,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [tag, viewport] of [
    ['1280', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`BTC with no prices says so and how to add them (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      const opened = Date.now();
      await page.goto('/labs/price/BTC?range=ALL');
      const empty = page.getByTestId('chart-empty');
      await empty.waitFor({ timeout: 60_000 });
      if (tag === '1280') {
        // The server's first Labs view: the providers are asked in the background, not waited for.
        expect(await empty.textContent()).toBe('Asking CoinGecko and Bitstamp for BTC prices…');
        expect(Date.now() - opened).toBeLessThan(5000);
        await screenshot(page, `labs-btc-asking-providers-${tag}`);
      }
      // The page asks again by itself until the background ask is over.
      await expect
        .poll(async () => (await empty.textContent()) ?? '', { timeout: 30_000 })
        .toContain('No BTC prices for this range yet');
      const text = (await empty.textContent()) ?? '';
      expect(text).toContain('No BTC prices for this range yet');
      expect(text).toContain('unreachable');
      expect(text).toContain('load a price file under Settings → Prices');
      expect(await page.getByText('Asset BTC not found').count()).toBe(0);
      await screenshot(page, `labs-btc-no-prices-unreachable-${tag}`);

      // Another range: answered from the local table at once (the breaker skips the providers).
      const started = Date.now();
      await page.getByText('7D', { exact: true }).click();
      await expect
        .poll(async () => (await page.getByTestId('chart-empty').textContent()) ?? '', { timeout: 10_000 })
        .toContain('No BTC prices for this range yet');
      expect(Date.now() - started).toBeLessThan(3000);
      await context.close();
    });
  }
});
