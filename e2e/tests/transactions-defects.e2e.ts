import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, settle, uploadCsv, waitForImports } from './transactions-helpers.ts';

/**
 * Issue 22, as a new user meets it: 53 rows (3 pages of 20). A trade at 15:02:37 without a
 * value, 25 valued DOT deposits, 24 ETH → SOL trades without a value, a EUR buy with six
 * decimals and a SOL sale bigger than the SOL held.
 */
const CSV = `${[
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-01-05 10:00:00 UTC,5000,USD,0.1,BTC,,,5000,USD,,Buy,',
  '2024-01-10 15:02:37 UTC,0.01,BTC,0.2,ETH,,,,,,Trade,',
  ...Array.from(
    { length: 25 },
    (_, i) => `2024-02-${String(i + 1).padStart(2, '0')} 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,dot${i}`,
  ),
  ...Array.from(
    { length: 24 },
    (_, i) => `2024-03-${String(i + 1).padStart(2, '0')} 08:00:00 UTC,0.001,ETH,1,SOL,,,,,,Trade,sol${i}`,
  ),
  '2024-04-01 10:00:00 UTC,6131.599771,EUR,0.1,BTC,,,,,,Trade,eur',
  '2024-05-01 10:00:00 UTC,100,SOL,500,USD,,,500,USD,,Sell,',
].join('\n')}\n`;

const rows = (page: Page) => page.getByTestId('transaction-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const showing = (page: Page) => page.getByTestId('showing-text');
const boxCount = async (page: Page, category: string) =>
  Number(((await page.getByTestId(`box-${category}`).textContent()) ?? '').replace(/\D/g, ''));

async function seed(context: BrowserContext): Promise<string> {
  const csrf = await csrfOf(context);
  await uploadCsv(context, csrf, 'ledger.csv', CSV);
  await waitForImports(context, 1);
  return csrf;
}

async function calculate(context: BrowserContext, csrf: string): Promise<void> {
  await context.request.post('/api/imports/v1/tax_calculations/start_tax_calculation', {
    data: {},
    headers: { 'x-csrf-token': csrf },
  });
  for (let i = 0; i < 150; i++) {
    const years = (await (await context.request.get('/api/tax/years')).json()) as {
      data: { stale: boolean; running?: boolean; years: unknown[] };
    };
    if (!years.data.stale && years.data.years.length > 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('calculation did not finish');
}

/** Item 1: a manual price on the imported 15:02:37 trade saves, and its Total shows it. */
async function priceTheTrade(page: Page, name: string): Promise<void> {
  await page.goto('/transactions?txnType=all&page=3');
  await row(page, '15:02').waitFor();
  for (let attempt = 0; ; attempt++) {
    await settle(page);
    await row(page, '15:02')
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
  await dialog.getByLabel('Out per-token price (USD)').fill('50000');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, '15:02').getByTestId('row-total').filter({ hasText: '$500.00' }).waitFor();
  // Priced by hand, it no longer waits for a price.
  await row(page, '15:02').getByText('Missing price', { exact: false }).waitFor({ state: 'detached' });
  await screenshot(page, name);
}

/** Item 2: a page past the end clamps to the last page instead of emptying the list. */
async function clampedPage(page: Page, name: string): Promise<void> {
  await page.goto('/transactions?txnType=all&page=99');
  await showing(page).filter({ hasText: 'Showing 41 to 53 of 53 entries' }).waitFor();
  expect(page.url()).toContain('page=3');
  // The footer can show the clamped page before its rows arrive: wait for them.
  await expect.poll(() => rows(page).count()).toBe(13);
  await screenshot(page, name);
}

/** Item 6: the need_review shortcut lists the rows with findings; each box replaces the status. */
async function reviewShortcuts(page: Page, name: string): Promise<void> {
  await page.goto('/transactions?txnType=need_review');
  await settle(page);
  await row(page, 'SOL').first().waitFor();
  const text = (await showing(page).textContent()) ?? '';
  // The 24 valueless trades (the one priced by hand no longer waits).
  expect(Number(text.match(/of (\d+) entries/)?.[1])).toBe(24);
  await screenshot(page, name);
  await page.goto('/transactions?txnType=all');
  await settle(page);
  await page.getByTestId('box-need_review').click();
  await showing(page)
    .filter({ hasText: `of ${await boxCount(page, 'need_review')} entries` })
    .waitFor();
  await page.getByTestId('box-buy').click();
  await showing(page)
    .filter({ hasText: `of ${await boxCount(page, 'buy')} entries` })
    .waitFor();
}

/** Item 5: the year's true warning count, grouped, each warning linking to its one row. */
async function yearWarnings(page: Page, name: string): Promise<void> {
  await page.goto('/one_year?year=2024');
  const warnings = page.getByTestId('year-warnings');
  await warnings.waitFor();
  expect(await warnings.getByText(/^\d[\d,]* warnings?$/).count()).toBe(1);
  const groups = warnings.getByTestId('warning-group');
  expect(await groups.count()).toBeGreaterThanOrEqual(2);
  await warnings.getByRole('link', { name: 'Missing price' }).waitFor();
  await warnings.getByRole('button', { name: 'Show the warnings' }).click();
  await screenshot(page, name);
  const link = warnings
    .getByTestId('warning-link')
    .filter({ hasText: /Transaction #\d+/ })
    .first();
  const id = ((await link.textContent()) ?? '').replace(/\D/g, '');
  await link.click();
  await page.getByTestId('one-transaction').getByText(`Showing transaction #${id} only.`).waitFor();
  await settle(page);
  expect(await rows(page).count()).toBe(1);
  await page.getByRole('button', { name: 'Show all transactions' }).click();
  await showing(page).filter({ hasText: 'of 53 entries' }).waitFor();
}

describe('transactions and tax pages: the defects a new user met (issue 22)', () => {
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

  it('fixes each item on the desktop (1280 px)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 1280, height: 900 });
    const csrf = await seed(context);
    await clampedPage(page, 'defects-page-clamp-desktop');
    await priceTheTrade(page, 'defects-manual-price-desktop');
    await reviewShortcuts(page, 'defects-need-review-desktop');

    // Item 7: fiat to 2 decimals; no month headings sorted by Out; the last row's menu on screen.
    await page.goto('/transactions?txnType=all');
    await settle(page);
    await row(page, 'EUR').getByText('6,131.60').waitFor();
    expect(await page.getByText('6,131.599771').count()).toBe(0);
    expect(await page.getByTestId('month-heading').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sort by Out' }).click();
    await settle(page);
    await page.waitForFunction(() => !document.querySelector('[data-testid="month-heading"]'));
    await page.getByRole('button', { name: 'Sort by Date' }).click();
    await settle(page);
    const last = rows(page).last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('button', { name: /Actions for transaction/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.waitForTimeout(300);
    const box = await menu.boundingBox();
    const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height + 1);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width + 1);
    await page.keyboard.press('Escape');
    // The Labs badge is whole at 1280 px.
    const badge = page.getByRole('navigation', { name: 'Main' }).getByText('Beta', { exact: true });
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // Item 3: two rows ticked, all pages chosen: the dialog says how many; one step undoes it.
    await page.goto('/transactions?txnType=all&page=2');
    await settle(page);
    await row(page, 'DOT').nth(0).getByRole('checkbox').check();
    await row(page, 'DOT').nth(1).getByRole('checkbox').check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Bulk Edit' }).click();
    await page.getByRole('menuitem', { name: 'Ignore Transaction' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('2 selected transactions will change.').waitFor();
    await dialog.getByText(/All 53 transactions that match the filters will change/).waitFor();
    await dialog.getByText('Apply to all pages that match the selection').click();
    await screenshot(page, 'defects-bulk-counts-desktop');
    await dialog.getByRole('button', { name: 'Continue: change 53' }).click();
    await page.getByText('Bulk ignore successful (53 transactions)').waitFor({ timeout: 15_000 });
    await page.getByTestId('transactions-empty').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Bulk change undone').waitFor({ timeout: 15_000 });
    await showing(page).filter({ hasText: 'of 53 entries' }).waitFor();

    await calculate(context, csrf);
    await yearWarnings(page, 'defects-year-warnings-desktop');
    await context.close();
  });

  it('fixes items 1, 2, 5 and 6 on a phone (375 px)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 812 });
    const csrf = await seed(context);
    await clampedPage(page, 'defects-page-clamp-mobile');
    await priceTheTrade(page, 'defects-manual-price-mobile');
    await reviewShortcuts(page, 'defects-need-review-mobile');
    await calculate(context, csrf);
    await yearWarnings(page, 'defects-year-warnings-mobile');
    // The disposals stay within reach below the folded warnings.
    await page.goto('/one_year?year=2024');
    await page.getByTestId('year-warnings').waitFor();
    const warningsBox = await page.getByTestId('year-warnings').boundingBox();
    expect(warningsBox?.height ?? 0).toBeLessThan(400);
    await context.close();
  });
});
