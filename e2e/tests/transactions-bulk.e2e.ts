import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, settle, uploadCsv, waitForImports } from './transactions-helpers.ts';

// 25 DOT deposits (more than one page of 20), 3 ADA deposits, 2 BTC withdrawals, 1 trade.
const CSV = `${[
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  ...Array.from(
    { length: 25 },
    (_, i) => `2024-01-${String(i + 1).padStart(2, '0')} 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,dot${i}`,
  ),
  ...Array.from({ length: 3 }, (_, i) => `2024-02-0${i + 1} 00:00:00 UTC,,,10,ADA,,,4,USD,,Deposit,ada${i}`),
  '2024-03-01 09:00:00 UTC,0.1,BTC,,,,,3000,USD,,Withdrawal,w1',
  '2024-03-02 09:00:00 UTC,0.2,BTC,,,,,6000,USD,,Withdrawal,w2',
  '2024-03-05 09:00:00 UTC,0.2,BTC,3,ETH,,,6000,USD,,Trade,t1',
].join('\n')}\n`;

async function seed(context: BrowserContext): Promise<string> {
  const csrf = await csrfOf(context);
  await uploadCsv(context, csrf, 'ledger.csv', CSV);
  await waitForImports(context, 1);
  return csrf;
}

const rows = (page: Page) => page.getByTestId('transaction-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const check = async (page: Page, text: string, nth = 0) => {
  await settle(page);
  await row(page, text).nth(nth).getByRole('checkbox').check();
};

/** The user-defined types of the user's rows, by asset (read through the list call). */
async function typesOf(context: BrowserContext, csrf: string, asset: string): Promise<string[]> {
  const res = await context.request.post('/api/traces/list_transactions_new', {
    data: {
      txns_type: 'all',
      page: 1,
      page_size: 100,
      search_params: asset,
      visibility: ['valid', 'ignored'],
    },
    headers: { 'x-csrf-token': csrf },
  });
  const body = (await res.json()) as { transactions: { sub_type: string }[] };
  return body.transactions.map((t) => t.sub_type);
}

describe('transactions bulk edit', () => {
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

  it('bulk type change, ignore, all pages through the preference dialog, combine and ungroup (desktop)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    const csrf = await seed(context);

    // Mixed kinds: the type selector is disabled.
    await page.goto('/transactions?txnType=all');
    await row(page, 'ADA').first().waitFor();
    await check(page, 'ADA');
    await check(page, '0.1');
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    expect(await bar.getByLabel('Bulk type').isDisabled()).toBe(true);
    await bar.getByRole('button', { name: 'Clear' }).click();
    await bar.waitFor({ state: 'detached' });

    // Two withdrawals: the withdrawal marks, Update.
    await page.goto('/transactions?txnType=sell');
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByText('2 selected').waitFor();
    await bar.getByLabel('Bulk type').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual([
      'Sell',
      'Outgoing',
      'Lost',
      'Stolen',
      'Purchase',
      'Gift Sent',
      'Fee',
      'Staking Lockup',
    ]);
    await page.getByRole('option', { name: 'Gift Sent' }).click();
    await screenshot(page, 'transactions-bulk-bar-desktop');
    await bar.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Bulk update successful').waitFor();
    await row(page, 'Gift Sent').nth(1).waitFor();

    // Bulk ignore through the Bulk Edit menu: ignored rows leave the default view.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByRole('button', { name: 'Bulk Edit' }).click();
    await page.getByRole('menuitem', { name: 'Ignore Transaction' }).click();
    await page.getByText('Bulk ignore successful').waitFor();
    await page.getByTestId('transactions-empty').waitFor();

    // Deposits span two pages: the preference dialog comes first; all pages runs as a job.
    await page.route('**/api/transaction/bulk_status/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500)); // keeps the progress bar on screen to be seen
      await route.continue().catch(() => {}); // unrouted meanwhile: Playwright already let it through
    });
    await page.goto('/transactions?txnType=buy');
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByText('20 selected').waitFor();
    await bar.getByLabel('Bulk type').click();
    await page.getByRole('option', { name: 'Airdrop' }).click();
    await bar.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Apply to just this page').waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await dialog.getByText('Apply to all pages that match the selection').click();
    await dialog.getByText('Save preference for future transactions').click();
    await screenshot(page, 'transactions-bulk-preference-desktop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('bulk-progress').waitFor();
    await screenshot(page, 'transactions-bulk-progress-desktop');
    await page.getByText('Bulk update successful').waitFor({ timeout: 15_000 });
    await page.getByTestId('bulk-progress').waitFor({ state: 'detached' });
    expect(await typesOf(context, csrf, 'DOT')).toEqual(Array(25).fill('airdrop'));
    expect(await typesOf(context, csrf, 'ADA')).toEqual(Array(3).fill('airdrop'));
    await page.unroute('**/api/transaction/bulk_status/**');

    // The saved preference shows on the settings page.
    await page.goto('/settings#bulk_edit_preference');
    const pref = page.getByTestId('bulk-edit-preference');
    await pref.waitFor();
    expect(
      await pref.getByRole('radio', { name: 'Apply to all pages that match the selection' }).isChecked(),
    ).toBe(true);
    await screenshot(page, 'transactions-bulk-settings-desktop');
    // Back to asking each time, saved from the settings page.
    await pref.getByText('Ask me each time').click();
    await pref.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preference saved').waitFor();
    const setting = await context.request.get('/api/setting');
    expect(
      ((await setting.json()) as { data: { bulk_edit_preference: string | null } }).data.bulk_edit_preference,
    ).toBeNull();

    // Combine two rows into a group, then ungroup it from the row menu.
    await page.goto('/transactions?txnType=all');
    await settle(page);
    const adaRows = (n: number) =>
      page.waitForFunction(
        (want) =>
          [...document.querySelectorAll('[data-testid="transaction-row"]')].filter((r) =>
            r.textContent?.includes('ADA'),
          ).length === want,
        n,
      );
    await adaRows(3);
    await check(page, 'ADA', 0);
    await check(page, 'ADA', 1);
    await bar.getByRole('button', { name: 'Combine Transactions' }).click();
    await page.getByText('Transactions group successful').waitFor();
    await page.getByTestId('group-badge').waitFor();
    await adaRows(2);
    await screenshot(page, 'transactions-bulk-grouped-desktop');
    await settle(page);
    await rows(page)
      .filter({ has: page.getByTestId('group-badge') })
      .getByRole('button', { name: /Actions for transaction/ })
      .click();
    await page.getByRole('menuitem', { name: 'Ungroup' }).click();
    await page.getByTestId('group-badge').waitFor({ state: 'detached' });
    await adaRows(3);
    await context.close();
  });

  it('selects cards, changes their type and combines them at 375 px', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 812 });
    const csrf = await seed(context);
    await page.goto('/transactions?txnType=sell');
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByLabel('Bulk type').click();
    await page.getByRole('option', { name: 'Lost' }).click();
    await screenshot(page, 'transactions-bulk-bar-mobile');
    await bar.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Bulk update successful').waitFor();
    expect(await typesOf(context, csrf, 'BTC')).toContain('lost');
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByRole('button', { name: 'Combine Transactions' }).click();
    await page.getByText('Transactions group successful').waitFor();
    await page.getByTestId('group-badge').waitFor();
    await screenshot(page, 'transactions-bulk-grouped-mobile');

    // Deposits span two pages: the preference dialog at 375 px, this page only.
    await page.goto('/transactions?txnType=buy');
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByText('20 selected').waitFor();
    await bar.getByLabel('Bulk type').click();
    await page.getByRole('option', { name: 'Airdrop' }).click();
    await bar.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Apply to just this page').waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);
    await dialog.getByText('Apply to just this page').click();
    await screenshot(page, 'transactions-bulk-preference-mobile');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Bulk update successful').waitFor();
    const types = await typesOf(context, csrf, 'DOT');
    expect(types.filter((t) => t === 'airdrop').length).toBeGreaterThan(0);
    expect(types.filter((t) => t === 'airdrop').length).toBeLessThan(25);
    await context.close();
  });
});
