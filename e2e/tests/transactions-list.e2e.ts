import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, settle, uploadCsv, waitForImports } from './transactions-helpers.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

/** 45 rows over 2024: buys with a USD leg, sells, trades without a price, and rewards. */
function csv(): string {
  const rows: string[] = [];
  for (let i = 0; i < 45; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 27) + 1).padStart(2, '0');
    const date = `2024-${month}-${day} ${String(i % 24).padStart(2, '0')}:15:00 UTC`;
    const n = (i + 1) * 3;
    if (i % 4 === 0) rows.push(`${date},${n * 100},USD,${n / 100},BTC,1,USD,${n * 100},USD,,Buy,`);
    else if (i % 4 === 1) rows.push(`${date},${n / 1000},BTC,${n * 10},USD,,,${n * 10},USD,,Sell,`);
    else if (i % 4 === 2)
      rows.push(`${date},${n / 10},ETH,${n},SOL,,,,,,Trade,0x${String(i).padStart(40, 'a')}`);
    else rows.push(`${date},,,${n},DOT,,,,,reward,Staking,`);
  }
  return `${[HEADER, ...rows].join('\n')}\n`;
}

async function seed(context: BrowserContext): Promise<void> {
  await uploadCsv(context, await csrfOf(context), 'universal.csv', csv());
  await waitForImports(context, 1);
}

const rows = (page: Page) => page.getByTestId('transaction-row');
const showing = (page: Page) => page.getByTestId('showing-text');

describe('transactions list', () => {
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

  it('filters, sorts, pages, uses boxes and tabs, and switches layout', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await seed(context);
    await page.goto('/transactions?txnType=all');
    await page.getByTestId('transactions-title').filter({ hasText: '(45)' }).waitFor();
    await showing(page).filter({ hasText: 'Showing 1 to 20 of 45 entries' }).waitFor();
    expect(await rows(page).count()).toBe(20);
    expect(await page.getByTestId('month-heading').count()).toBeGreaterThan(0);
    await screenshot(page, 'transactions-desktop');

    // Sort: Date descending → ascending.
    const firstDate = async () => (await rows(page).first().locator('td').nth(2).textContent()) ?? '';
    const newest = await firstDate();
    await page.getByRole('button', { name: 'Sort by Date' }).click();
    await page.waitForFunction(
      (d) => document.querySelector('[data-testid="transaction-row"] td:nth-child(3)')?.textContent !== d,
      newest,
    );
    expect(await firstDate()).toContain('01/01/2024');

    // Paging: page 3 has 5 rows; the URL keeps the page.
    await page.getByTestId('list-footer').getByRole('button', { name: '3', exact: true }).click();
    await showing(page).filter({ hasText: 'Showing 41 to 45 of 45 entries' }).waitFor();
    expect(page.url()).toContain('page=3');

    // Page size 50 goes back to page 1.
    await page.getByRole('textbox', { name: 'Page size' }).click();
    await page.getByRole('option', { name: '50' }).click();
    await showing(page).filter({ hasText: 'Showing 1 to 45 of 45 entries' }).waitFor();
    expect(page.url()).toContain('page=1');

    // Boxes: Withdrawal sets the category in the URL.
    await page.getByTestId('box-sell').click();
    await showing(page).filter({ hasText: 'of 11 entries' }).waitFor();
    expect(page.url()).toContain('txnType=sell');

    // Tabs: All Notes (income and taxable events) under All.
    await page.getByTestId('box-buy').click();
    await page.getByRole('tab', { name: /All Notes/ }).click();
    await showing(page).filter({ hasText: 'of 11 entries' }).waitFor();

    // Reset, then search on Enter.
    await page.getByRole('button', { name: 'Reset' }).click();
    await showing(page).filter({ hasText: 'of 45 entries' }).waitFor();
    expect(page.url()).toMatch(/txnType=all$/);
    await page.getByLabel('Search').fill('sol');
    await page.getByLabel('Search').press('Enter');
    await showing(page).filter({ hasText: 'of 11 entries' }).waitFor();

    // Date range typed as digits.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Start date').fill('03012024');
    await page.getByLabel('End date').fill('04302024');
    await settle(page);
    await showing(page)
      .filter({ hasText: /of (7|8) entries/ })
      .waitFor();
    expect(await page.getByLabel('Start date').inputValue()).toBe('03/01/2024');
    await screenshot(page, 'transactions-filtered');

    // Legacy version: saves filters, reloads, no month headings.
    // The switch reloads the page: wait for the new document, not the old one's rows.
    // (from the top: scrolled, the fixed header lies over the title row's switch).
    await page.evaluate(() => window.scrollTo(0, 0));
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Legacy version').click({ force: true })]);
    await page.getByTestId('transactions-title').waitFor();
    await rows(page).first().waitFor();
    expect(await page.getByLabel('Start date').inputValue()).toBe('03/01/2024');
    expect(await page.getByTestId('month-heading').count()).toBe(0);
    expect(await page.getByRole('tab', { name: /All Notes/ }).count()).toBe(0);
    await screenshot(page, 'transactions-legacy');
    await context.close();
  });

  it('folds a month away, shows the recent-change notice, and recalculates from the banner', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await seed(context);
    await page.goto('/transactions?txnType=all');
    await showing(page).filter({ hasText: 'of 45 entries' }).waitFor();
    expect(await page.getByTestId('recent-change-notice').count()).toBe(0);

    // The newest month's heading folds its rows away and back.
    const heading = page.getByTestId('month-heading').first();
    const toggle = heading.getByRole('button');
    const month = ((await toggle.textContent()) ?? '').trim();
    expect(month).toMatch(/^[A-Z][a-z]{2} 2024$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const before = await rows(page).count();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const folded = await rows(page).count();
    expect(folded).toBeLessThan(before);
    await screenshot(page, 'transactions-month-folded');
    await toggle.click();
    expect(await rows(page).count()).toBe(before);

    // Nothing calculated yet: the banner says so (not "since the last tax calculation").
    const banner = page.getByTestId('new-imports-banner');
    expect(await banner.getByTestId('recalculate-text').textContent()).toContain(
      'You have not calculated your taxes yet.',
    );

    // A change (mark a reward row as staking reward) brings up the notice, counted.
    const csrf = await csrfOf(context);
    const listed = await context.request.post('/api/traces/list_transactions_new', {
      data: { search_params: 'dot', page_size: 50 },
      headers: { 'x-csrf-token': csrf },
    });
    const dots = ((await listed.json()) as { transactions: { id: number }[] }).transactions;
    expect(dots.length).toBeGreaterThanOrEqual(9);
    const retype = async (id: number, type: string) => {
      const res = await context.request.post(`/api/traces/update_transaction_type/${id}/${type}`, {
        headers: { 'x-csrf-token': csrf },
      });
      expect(res.ok()).toBe(true);
    };
    await retype(dots[0]!.id, 'staking_reward');
    await page.reload();
    await page.getByTestId('recent-change-notice').waitFor();
    expect(await page.getByTestId('recent-change-notice').textContent()).toBe(
      'You have changed 1 transaction. It may take some time to reflect the changes in the converted rate.',
    );
    await screenshot(page, 'transactions-recent-change');

    // The banner's link starts the calculation and goes home.
    await banner.getByRole('button', { name: 'Calculate now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    for (let i = 0; i < 150; i++) {
      const years = (await (await context.request.get('/api/tax/years')).json()) as {
        data: { calculated_at: string | null };
      };
      if (years.data.calculated_at) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // Eight transactions changed since the calculation (one of them twice): eight, and since when.
    for (const dot of dots.slice(1, 9)) await retype(dot.id, 'airdrop');
    await retype(dots[2]!.id, 'mined');
    for (const [tag, viewport] of [
      ['1280', { width: 1280, height: 860 }],
      ['375', { width: 375, height: 812 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/transactions');
      const notice = page.getByTestId('recent-change-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        /^You have changed 8 transactions since the last tax calculation \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\)\. It may take some time to reflect the changes in the converted rate\.$/,
      );
      // Nothing was imported since: no calculate banner, only the notice.
      expect(await page.getByTestId('new-imports-banner').count()).toBe(0);
      // The trades lack a price and the balance: each needs review once, as the All Errors tab lists them.
      const stats = (await (await context.request.get('/api/transaction/stats')).json()) as {
        errors_count: number;
        swb_count: number;
        review_count: number;
      };
      expect(stats.review_count).toBeLessThan(stats.errors_count + stats.swb_count);
      expect(await page.getByTestId('review-banner').textContent()).toContain(
        `${stats.review_count} transactions need review`,
      );
      await screenshot(page, `transactions-eight-changes-${tag}`);
    }
    await context.close();
  });

  it('works on a phone: cards, full-screen date picker with Clear and Done', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 812 });
    await seed(context);
    await page.goto('/transactions');
    await showing(page).filter({ hasText: 'of 45 entries' }).waitFor();
    expect(await rows(page).count()).toBe(20);
    await page.getByText('Export Transactions').waitFor();
    await screenshot(page, 'transactions-mobile');
    await page.getByRole('button', { name: 'Date range' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Done' }).waitFor();
    await dialog.getByRole('button', { name: 'Clear' }).waitFor();
    await screenshot(page, 'transactions-mobile-dates');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await context.close();
  });
});
