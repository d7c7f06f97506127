import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, settle, uploadCsv, waitForImports } from './transactions-helpers.ts';

const CSV = `${[
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
  '2024-04-01 10:00:00 UTC,1,ETH,0.05,BTC,,,3000,USD,,Trade,',
].join('\n')}\n`;

/** Seeds the user's rows through the API (upload, then wait for the import job). */
async function seed(context: BrowserContext): Promise<void> {
  await uploadCsv(context, await csrfOf(context), 'ledger.csv', CSV);
  await waitForImports(context, 1);
}

const row = (page: Page, text: string) => page.getByTestId('transaction-row').filter({ hasText: text });

/** Opens a row's menu and its Edit item; tries again if a background refetch closed the menu. */
async function openEdit(page: Page, text: string): Promise<ReturnType<Page['getByRole']>> {
  for (let attempt = 0; ; attempt++) {
    await settle(page);
    await row(page, text)
      .getByRole('button', { name: /Actions for transaction/ })
      .click();
    try {
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click({ timeout: 3000 });
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  const dialog = page.getByRole('dialog', { name: 'Update Transaction' });
  await dialog.getByTestId('edit-transaction-form').waitFor();
  return dialog;
}

async function signedIn(browser: Browser, url: string, width: number, layout: 'legacy' | 'revamp') {
  const viewport = { width, height: width < 768 ? 812 : 900 };
  const { context, page } = await signedInNewcomer(browser, url, viewport);
  if (layout === 'legacy') {
    await context.addInitScript(() => window.localStorage.setItem('transactions_layout', 'legacy'));
  }
  await seed(context);
  await page.goto('/transactions?txnType=all');
  await row(page, 'DOT').waitFor();
  return { context, page };
}

/** The viewport only: a full-page shot of a fixed dialog shows the page behind it instead. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Counts list requests from now on (a patched row needs none). */
function countListCalls(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/traces/list_transactions')) n += 1;
  });
  return () => n;
}

describe('the Update Transaction dialog', () => {
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

  it('revamped editor (desktop): inline error, the server joined message, a change patched in place', async () => {
    const { context, page } = await signedIn(browser, server.url, 1280, 'revamp');
    const dialog = await openEdit(page, '8,000');
    expect(await dialog.getByTestId('edit-transaction-form').getAttribute('data-editor')).toBe('revamp');
    // A sell: Out only (its USD proceeds are the reporting currency), no USD equivalent.
    expect(await dialog.getByTestId('edit-section-out').count()).toBe(1);
    expect(await dialog.getByTestId('edit-section-in').count()).toBe(0);
    await dialog.getByLabel('Out per-token price (USD)').fill('20000');
    expect(await dialog.getByLabel('Total value (USD)').inputValue()).toBe('10000');
    await dialog.getByLabel('Out currency').fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('Out currency is required').waitFor();
    await shot(page, 'transactions-editor-revamp-inline-error');
    await dialog.getByLabel('Out currency').fill('btc');

    // The server checks too: a tampered request comes back with every message joined by '. '.
    await page.route('**/api/transaction/updatev5', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({
        postData: JSON.stringify({ ...body, us_based: null, comment: 'x'.repeat(1001) }),
      });
    });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog
      .getByTestId('edit-error')
      .getByText(
        'Please choose whether this transaction is US based. Comment must be at most 1000 characters.',
      )
      .waitFor();
    await shot(page, 'transactions-editor-revamp-server-error');
    await page.unroute('**/api/transaction/updatev5');

    const listCalls = countListCalls(page);
    await dialog.getByLabel('Out amount').fill('0.4');
    expect(await dialog.getByLabel('Total value (USD)').inputValue()).toBe('8000');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, '0.4').filter({ hasText: 'BTC' }).waitFor();
    await page.waitForTimeout(500);
    expect(listCalls()).toBe(0);
    await screenshot(page, 'transactions-editor-revamp-saved');

    // A trade shows both sections, the to-side price disabled and the USD equivalent.
    const trade = await openEdit(page, 'ETH');
    expect(await trade.getByTestId('edit-section-in').count()).toBe(1);
    expect(await trade.getByLabel('In per-token price (USD)').isDisabled()).toBe(true);
    await trade.getByLabel('Total value (USD)').fill('3200');
    expect(await trade.getByLabel('Out per-token price (USD)').inputValue()).toBe('3200');
    expect(await trade.getByLabel('USD equivalent per BTC').inputValue()).toBe('64000');
    await shot(page, 'transactions-editor-revamp-trade');
    await trade.getByRole('button', { name: 'Cancel' }).click();
    await trade.waitFor({ state: 'detached' });
    await context.close();
  });

  it('legacy editor (desktop): type selectable, fee rule, date change saved in place', async () => {
    const { context, page } = await signedIn(browser, server.url, 1280, 'legacy');
    const dialog = await openEdit(page, 'DOT');
    expect(await dialog.getByTestId('edit-transaction-form').getAttribute('data-editor')).toBe('legacy');
    expect(await dialog.getByLabel('Out per-token price (USD)').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Transfer' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Fee amount').fill('2');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('Fee currency is required when the fee amount is not 0').waitFor();
    await shot(page, 'transactions-editor-legacy-error');
    await dialog.getByLabel('Fee amount').fill('');
    await dialog.getByRole('textbox', { name: 'Time (UTC)' }).fill('00:45');
    await page.getByRole('option', { name: '00:45' }).click();
    await dialog.getByLabel('Comment').fill('from the old wallet');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'DOT').filter({ hasText: '00:45' }).waitFor();
    await screenshot(page, 'transactions-editor-legacy-saved');
    await context.close();
  });

  for (const layout of ['revamp', 'legacy'] as const) {
    it(`${layout} editor at 375 px: full screen, closes in 300 ms, saves`, async () => {
      const { context, page } = await signedIn(browser, server.url, 375, layout);
      const dialog = await openEdit(page, 'DOT');
      const box = await dialog.getByTestId('edit-transaction-form').boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      const modal = await page.locator('.mantine-Modal-content').boundingBox();
      expect(modal?.width).toBe(375);
      await shot(page, `transactions-editor-${layout}-mobile`);
      const started = Date.now();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);

      const again = await openEdit(page, 'DOT');
      await again.getByLabel('In amount').fill('0.75');
      await again.getByRole('button', { name: 'Update' }).click();
      await again.waitFor({ state: 'detached' });
      await row(page, '0.75').filter({ hasText: 'DOT' }).waitFor();
      await screenshot(page, `transactions-editor-${layout}-mobile-saved`);
      await context.close();
    });
  }
});
