import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 1 BTC bought (basis 10,010), half sold; DOT reward (no price); 0.2 ETH sold without a buy.
const LEDGER = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,10,USD,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,reward,Staking,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
  '2024-04-01 09:00:00 UTC,0.2,ETH,500,USD,,,500,USD,,Sell,',
].join('\n');
// A second account: 0.25 BTC at 20,000 (the latest BTC price) and 2 ETH at 2,000.
const OTHER = [
  HEADER,
  '2024-05-01 12:00:00 UTC,5000,USD,0.25,BTC,,,5000,USD,,Buy,',
  '2024-06-01 12:00:00 UTC,4000,USD,2,ETH,,,4000,USD,,Buy,',
].join('\n');

async function upload(
  context: BrowserContext,
  name: string,
  content: string,
  fields: Record<string, string>,
) {
  const session = await context.request.get('/api/auth/session');
  const csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
  const up = await context.request.post('/api/imports/v1/csv_imports', {
    multipart: { ...fields, file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
    headers: { 'x-csrf-token': csrf },
  });
  if (!up.ok()) throw new Error(`upload failed: ${up.status()} ${await up.text()}`);
}

async function seed(context: BrowserContext): Promise<void> {
  await upload(context, 'ledger.csv', LEDGER, {});
  await upload(context, 'other.csv', OTHER, { new_account: 'true', custom_name: 'Cold storage' });
  for (let i = 0; i < 100; i++) {
    const res = await context.request.get('/api/imports/v2/import_histories?page=1');
    const body = (await res.json()) as { data: { import_status: string }[] };
    if (body.data.length === 2 && body.data.every((r) => r.import_status === 'complete')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('imports did not finish');
}

const rows = (page: Page) => page.getByTestId('holding-row');

describe('holdings and dashboard', () => {
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

  it('asks to import, then to calculate, then shows holdings and the dashboard', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto('/holdings');
    await page.getByTestId('cta-import').waitFor();
    await screenshot(page, 'holdings-empty-no-transactions');

    await seed(context);
    await page.goto('/dashboard');
    await page.locator('[data-testid="cta-calculate"]:not([disabled])').waitFor();
    await page
      .getByTestId('imports-summary')
      .filter({ hasText: '2 accounts, all imports complete' })
      .waitFor();
    await screenshot(page, 'dashboard-empty-desktop');

    await page.goto('/holdings');
    await page.locator('[data-testid="cta-calculate"]:not([disabled])').waitFor();
    await screenshot(page, 'holdings-empty-desktop');
    await page.getByTestId('cta-calculate').click();
    await page.getByTestId('holdings-table').waitFor({ timeout: 30_000 });
    expect(await rows(page).count()).toBe(3);
    const btc = rows(page).first();
    expect(await btc.textContent()).toContain('$15,000.00');
    expect(await btc.textContent()).toContain('+$4,995.00');
    expect(await btc.getByTestId('price-note').textContent()).toContain(
      'price from your latest transaction on May 1, 2024',
    );
    const dot = rows(page).filter({ hasText: 'DOT' });
    expect(await dot.textContent()).toContain('no known price');
    expect(await page.getByTestId('stat-value').textContent()).toContain('$19,000.00');
    expect(await page.getByTestId('unpriced-note').textContent()).toContain('DOT');
    await screenshot(page, 'holdings-desktop');

    await page.getByText('By account').click();
    await page.getByRole('columnheader', { name: 'Account' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="holding-row"]').length === 4);
    await page.getByRole('textbox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'Cold storage' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="holding-row"]').length === 2);
    // The table and the totals come from two requests: wait for the totals to follow the filter.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-value"]')?.textContent?.includes('$9,000.00') ?? false,
      undefined,
      { timeout: 15_000 },
    );
    expect(await page.getByTestId('stat-value').textContent()).toContain('$9,000.00');
    await screenshot(page, 'holdings-by-account');

    await page.goto('/dashboard');
    await page.getByTestId('gains-table').waitFor();
    expect(await page.getByTestId('stat-value').textContent()).toContain('$19,000.00');
    expect(await page.getByTestId('gains-table').textContent()).toContain('$2,995.00');
    const swb = page.getByTestId('review-swb');
    expect(await swb.textContent()).toContain('1');
    expect(await swb.getByRole('link').getAttribute('href')).toBe('/transactions?txnType=sell_without_buy');
    expect(await page.getByTestId('review-errors').getByRole('link').getAttribute('href')).toBe(
      '/transactions?txnType=need_review',
    );
    await screenshot(page, 'dashboard-desktop');

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto('/holdings');
    await phone.getByTestId('holdings-cards').waitFor();
    await screenshot(phone, 'holdings-mobile');
    await phone.goto('/dashboard');
    await phone.getByTestId('gains-table').waitFor();
    await screenshot(phone, 'dashboard-mobile');
    await context.close();
  });

  it('shows loading and error states', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/users/crypto_assets?*', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/holdings');
    await page.getByText('Loading holdings…').waitFor();
    await screenshot(page, 'holdings-loading');
    release();
    await page.getByText('Could not load your holdings').waitFor();
    await screenshot(page, 'holdings-error');
    await context.close();
  });
});
