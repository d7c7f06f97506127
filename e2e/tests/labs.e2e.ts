import { addDays } from '@lotwise/prices/days';
import { labsReplayData } from '@lotwise/test-replay/labs-market';
import { replayEnv, replayServer } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 21: Labs through the browser with CoinGecko replayed locally: the dashboard's three
 * lists and the sort, discover with search and the user's holdings, research items up to the
 * seventh, and the price page with the user's own buy and sell marked; then without a provider.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const daysAgo = (n: number) => addDays(new Date().toISOString().slice(0, 10), -n);
/** Bought 1 BTC for $50,500 twenty days ago, sold 0.25 for $13,000 five days ago. */
const MY_TRADES = [
  HEADER,
  `${daysAgo(20)} 10:00:00 UTC,50500,USD,1,BTC,,,50500,USD,,Buy,`,
  `${daysAgo(5)} 10:00:00 UTC,0.25,BTC,13000,USD,,,13000,USD,,Sell,`,
].join('\n');

async function csrfOf(context: BrowserContext): Promise<string> {
  const session = await context.request.get('/api/auth/session');
  return ((await session.json()) as { csrf_token: string }).csrf_token;
}

/** The user's trades imported and calculated, as the Labs price page reads them. */
async function seedTrades(context: BrowserContext): Promise<void> {
  const csrf = await csrfOf(context);
  const up = await context.request.post('/api/imports/v1/csv_imports', {
    multipart: { file: { name: 'btc.csv', mimeType: 'text/csv', buffer: Buffer.from(MY_TRADES) } },
    headers: { 'x-csrf-token': csrf },
  });
  if (!up.ok()) throw new Error(`upload failed: ${up.status()} ${await up.text()}`);
  await expect
    .poll(
      async () => {
        const res = await context.request.get('/api/imports/v2/import_histories?page=1');
        const body = (await res.json()) as { data: { import_status: string }[] };
        return body.data.length === 1 && body.data[0]?.import_status === 'complete';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await context.request.post('/api/recalculate_tax', { headers: { 'x-csrf-token': csrf } });
  await expect
    .poll(
      async () => {
        const res = await context.request.get('/api/labs/price/BTC?range=1M');
        return (
          ((await res.json()) as { gains?: { calculated_at: string | null } }).gains?.calculated_at ?? null
        );
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
}

describe('Labs (issue 21)', () => {
  let replay: ReplayServer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    replay = await replayServer(labsReplayData()).start();
    server = await startServer({ ...replayEnv(replay.url), COINGECKO_MAX_RETRIES: '0' });
    browser = await launchBrowser();
    // Five other people traded BTC recently: enough for the most-transacted list to show it.
    for (let i = 0; i < 5; i++) {
      const api = new ApiClient(server.url);
      await api.call('POST', '/api/auth/sign_up', { email: uniqueEmail('trader'), password: PASSWORD });
      await api.upload(
        '/api/imports/v1/csv_imports',
        'buy.csv',
        [HEADER, `${daysAgo(3)} 09:00:00 UTC,100,USD,0.002,BTC,,,100,USD,,Buy,`].join('\n'),
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await replay?.stop();
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`walks the four Labs pages (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await seedTrades(context);
      await page.goto('/dashboard');

      // The Beta tab (behind the menu on a phone).
      if (tag === '375') await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: tag === '375' ? 'Mobile menu' : 'Main' });
      const labsLink = nav.getByRole('link', { name: /Labs/ });
      await expect.poll(() => labsLink.textContent()).toContain('Beta');
      await labsLink.click();
      await page.waitForURL('**/labs/dashboard');

      const trending = page.getByTestId('list-trending');
      await trending.getByTestId('market-row').first().waitFor();
      expect(await trending.getByTestId('market-row').allTextContents()).toEqual([
        expect.stringContaining('SOL'),
        expect.stringContaining('BTC'),
      ]);
      await expect.poll(() => trending.getByTestId('market-row').nth(1).textContent()).toContain('+4.17%');
      const transacted = page.getByTestId('list-most-transacted').getByTestId('market-row');
      await expect.poll(() => transacted.first().textContent()).toMatch(/BTC.*\d+ transactions/);
      await screenshot(page, `labs-dashboard-${tag}`);

      await page.locator('.mantine-SegmentedControl-label', { hasText: /^7 Days$/ }).click();
      await page.waitForURL('**/labs/dashboard?sort=percentage_change_7_days');
      await expect.poll(() => page.getByTestId('list-gainers').textContent()).toContain('over 7 Days');

      // Discover: search, and what I hold.
      await page.getByRole('tab', { name: 'Discover' }).click();
      await page.waitForURL('**/labs/discover');
      await page.getByLabel('Search assets').fill('sol');
      await expect
        .poll(() => page.getByTestId('discover-row').allTextContents())
        .toEqual([expect.stringContaining('Solana')]);
      await page.getByLabel('Search assets').fill('');
      await page.getByLabel('Only what I hold').check({ force: true });
      await expect
        .poll(() => page.getByTestId('discover-row').allTextContents())
        .toEqual([expect.stringContaining('0.75 BTC')]);
      await screenshot(page, `labs-discover-${tag}`);

      // Research: six items, then the seventh is refused with the spec's words.
      await page.getByRole('tab', { name: /^Research/ }).click();
      await page.waitForURL('**/labs/research-portfolios');
      await page.getByText('Nothing followed yet').waitFor();
      for (const asset of ['BTC', 'ETH', 'SOL', 'DOGE', 'ADA']) {
        await page.getByLabel('Follow an asset').fill(asset);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await expect.poll(() => page.getByTestId('research-card').count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByLabel('Follow an asset').inputValue()).toBe('');
      }
      await page.getByRole('button', { name: 'New watch portfolio' }).click();
      const dialog = page.getByRole('dialog', { name: 'New watch portfolio' });
      await dialog.getByLabel('Portfolio name').fill('Majors');
      await dialog.getByLabel('Asset 1', { exact: true }).fill('btc');
      await dialog.getByLabel('Quantity 1').fill('0.5');
      await dialog.getByRole('button', { name: 'Another asset' }).click();
      await dialog.getByLabel('Asset 2', { exact: true }).fill('ETH');
      await dialog.getByLabel('Quantity 2').fill('2');
      await dialog.getByRole('button', { name: 'Save portfolio' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('research-count').textContent()).toBe('6 of 6 used');
      const majors = page.getByTestId('research-card').filter({ hasText: 'Majors' });
      // 0.5 × 60,000 + 2 × ETH's last recorded price (3,000 − 40 × 5 = 2,800).
      await expect.poll(() => majors.textContent()).toContain('$35,600.00');
      await page.getByLabel('Follow an asset').fill('XRP');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('research-error').textContent())
        .toBe('Maximum limit reached. Delete existing to add new.');
      await screenshot(page, `labs-research-limit-${tag}`);
      await page.getByRole('button', { name: 'Delete DOGE' }).click();
      await expect.poll(() => page.getByTestId('research-count').textContent()).toBe('5 of 6 used');
      await expect.poll(() => page.getByTestId('research-error').count()).toBe(0);

      // The price page: my buy and sell on the chart, and my gains.
      await page
        .getByTestId('research-card')
        .filter({ hasText: 'Bitcoin' })
        .getByRole('link', { name: 'BTC' })
        .click();
      await page.waitForURL('**/labs/price/BTC');
      await page.getByTestId('price-chart').waitFor();
      await expect.poll(() => page.getByTestId('legend-buys').textContent()).toContain('your buys (1)');
      await expect.poll(() => page.getByTestId('legend-sells').textContent()).toContain('your sells (1)');
      // Realised: 13,000 − 0.25 × 50,500 = 375.00; unrealised: 0.75 × 60,000 − 37,875 = 7,125.00.
      await expect.poll(() => page.getByTestId('gain-realised').textContent()).toContain('$375.00');
      await expect.poll(() => page.getByTestId('gain-unrealised').textContent()).toContain('$7,125.00');
      const marks = page.locator('[data-testid="price-chart"] .recharts-scatter-symbol');
      await expect.poll(() => marks.count()).toBe(2);
      await screenshot(page, `labs-price-${tag}`);
      await page.locator('.mantine-SegmentedControl-label', { hasText: /^7D$/ }).click();
      await page.waitForURL('**/labs/price/BTC?range=7D');
      // The buy was 20 days ago: only the sell is in the week.
      await expect.poll(() => page.getByTestId('legend-buys').textContent()).toContain('your buys (0)');
      await expect.poll(() => marks.count()).toBe(1);
      await context.close();
    });
  }

  it('without a market provider: empty lists that say why, no error', async () => {
    const offline = await startServer();
    try {
      const { context, page } = await signedInNewcomer(browser, offline.url);
      await page.goto('/labs/dashboard');
      await page
        .getByTestId('market-status')
        .getByText(/No market data: no market provider is configured/)
        .waitFor();
      await page.getByTestId('list-trending-empty').waitFor();
      await page.getByTestId('list-gainers-empty').waitFor();
      await page.getByTestId('list-most-transacted-empty').waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Could not load' }).count()).toBe(0);
      await page.goto('/labs/discover');
      await page.getByText('No assets to show yet').waitFor();
      await screenshot(page, 'labs-offline-discover-desktop');
      await context.close();
    } finally {
      await offline.stop();
    }
  });
});
