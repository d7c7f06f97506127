import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, settle, uploadCsv, waitForImports } from './transactions-helpers.ts';

const CSV = `${[
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n')}\n`;

async function seed(context: BrowserContext): Promise<void> {
  const csrf = await csrfOf(context);
  const headers = { 'x-csrf-token': csrf };
  await uploadCsv(context, csrf, 'ledger.csv', CSV);
  const manual = await context.request.post('/api/manual_entry', {
    data: {
      date: '2024-05-01T10:00:00Z',
      type: 'buy',
      from_currency: 'USD',
      from_amount: '100',
      to_currency: 'ETH',
      to_amount: '0.05',
    },
    headers,
  });
  if (!manual.ok()) throw new Error(`manual entry failed: ${manual.status()}`);
  await waitForImports(context, 2);
}

const row = (page: Page, text: string) => page.getByTestId('transaction-row').filter({ hasText: text });

/** Opens a row's menu and waits for an item; opens again if a background refetch closed it. */
async function pick(page: Page, text: string, item: string, click = true): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await settle(page);
    await row(page, text)
      .getByRole('button', { name: /Actions for transaction/ })
      .click();
    const entry = page.getByRole('menuitem', { name: item, exact: true });
    try {
      await entry.waitFor({ timeout: 3000 });
      if (click) await entry.click({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

describe('transactions row menu', () => {
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

  it('marks a type and back, ignores, and deletes a manual row (desktop)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await seed(context);
    await page.goto('/transactions?txnType=all');
    await row(page, 'DOT').waitFor();

    await pick(page, 'DOT', 'Mark as Staking Reward', false);
    // A deposit offers deposit kinds, never withdrawal kinds.
    expect(await page.getByRole('menuitem', { name: 'Mark as Gift Sent' }).count()).toBe(0);
    await screenshot(page, 'transactions-edit-menu-desktop');
    await page.keyboard.press('Escape');
    await pick(page, 'DOT', 'Mark as Staking Reward');
    await row(page, 'DOT').filter({ hasText: 'Staking Reward' }).waitFor();
    await pick(page, 'DOT', 'Mark as not Staking Reward');
    await row(page, 'DOT').filter({ hasText: 'Business Or Investment' }).waitFor();

    // A sell offers withdrawal kinds; ignoring hides it from the default (valid) view.
    await settle(page);
    const before = await page.getByTestId('transaction-row').count();
    await pick(page, '8,000', 'Mark as Gift Sent', false);
    expect(await page.getByRole('menuitem', { name: 'Mark as Staking Reward' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await pick(page, '8,000', 'Ignore Transaction');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="transaction-row"]').length === n - 1,
      before,
    );

    // Delete only on the manual row, after the confirmation.
    await pick(page, 'DOT', 'Ignore Transaction', false);
    expect(await page.getByRole('menuitem', { name: 'Delete Transaction' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await pick(page, 'ETH', 'Delete Transaction');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure? Once deleted, your data will be lost.').waitFor();
    await screenshot(page, 'transactions-edit-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText(
        'You have deleted your transaction data, you must re-calculate your gains to see the proper changes.',
      )
      .waitFor();
    await screenshot(page, 'transactions-edit-deleted');
    await row(page, 'ETH').waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers the menu on phone cards (375 px)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 812 });
    await seed(context);
    await page.goto('/transactions');
    await row(page, 'DOT').waitFor();
    await pick(page, 'DOT', 'Mark as Airdrop', false);
    await screenshot(page, 'transactions-edit-menu-mobile');
    await page.keyboard.press('Escape');
    await pick(page, 'DOT', 'Mark as Airdrop');
    await row(page, 'DOT').filter({ hasText: 'Airdrop' }).waitFor();
    await screenshot(page, 'transactions-edit-mobile-after');
    await context.close();
  });
});
