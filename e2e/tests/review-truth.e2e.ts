import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35.4–35.7 as a person sees them, offline:
 * gbp-rows.csv (the CLI's fixture): 2024-11-20 0.3 ETH staking worth £588, 1.23 USDC reward
 * worth £0.97, a sale of 0.25 ETH for £660; 2024-11-21 0.5 DOT staking worth £3.10; no GBP→USD
 * rate anywhere. ltc.csv: USD sales in 2023 and 2024. Nothing in 2025.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GBP_ROWS = readFileSync(path.join(ROOT, 'packages/cli/test/fixtures/calc/gbp-rows.csv'), 'utf8');
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LTC = [
  HEADER,
  '2023-01-10 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2023-02-10 12:00:00 UTC,300,USD,1,LTC,,,300,USD,,Buy,',
  '2023-09-01 12:00:00 UTC,0.5,LTC,150,USD,,,150,USD,,Sell,',
  '2024-03-01 12:00:00 UTC,0.5,LTC,200,USD,,,200,USD,,Sell,',
].join('\n');
const ETH_PRICE = 'date,asset,price,currency\n2024-11-20,ETH,2450,USD\n';
const work = mkdtempSync(path.join(tmpdir(), 'lotwise-truth-e2e-'));
const SHOTS = '/tmp/shots';

async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  if (!fullPage) {
    // What is on screen (a popover closes when a full-page capture scrolls).
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
    return;
  }
  const file = await screenshot(page, name);
  copyFileSync(file, path.join(SHOTS, `${name}.png`));
}

describe('what a user files must be right: prices, review answers, stale results, the year (issue 35)', () => {
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

  for (const [tag, viewport] of [
    ['1280', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`walks the GBP account from the first calculation to a price file (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      try {
        await flow(context, page, tag);
      } catch (error) {
        await screenshot(page, `truth-failure-${tag}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});

async function chooseStep(page: Page, tag: string, title: string) {
  // A click inside the page (no reload): what was chosen in the previous wizard stays in memory.
  if (tag === '375') {
    await page.getByRole('textbox', { name: 'Review step' }).click();
    await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
  } else {
    await page.getByTestId('review-steps').getByText(title, { exact: true }).click();
  }
  await page.getByTestId('wizard-title').filter({ hasText: title }).waitFor();
}

async function flow(context: BrowserContext, page: Page, tag: string) {
  const csrf = await csrfOf(context);
  await uploadCsv(context, csrf, 'gbp-rows.csv', GBP_ROWS, { custom_name: 'GBP exchange' });
  await uploadCsv(context, csrf, 'ltc.csv', LTC, { custom_name: 'LTC exchange', new_account: 'true' });
  await waitForImports(context, 2);

  // 35.7: Calculate Taxes lands on 2024, the latest year with a sale or income, not an empty 2025.
  await page.goto('/tax');
  await page
    .getByRole('button', { name: /^Calculate Tax(es)?$/ })
    .first()
    .click();
  await page.waitForURL(/\/one_year\?year=2024/, { timeout: 60_000 });
  // The year picker every page shares follows it.
  expect(await page.evaluate(() => localStorage.getItem('tax_year'))).toContain('2024');

  // 35.5: the missing prices are the coin legs, and the missing rate is named.
  await page.goto('/review?wizard=PricingWizard');
  const pricing = page.getByTestId('findings-PricingWizard');
  await pricing.getByTestId('finding').nth(2).waitFor({ timeout: 60_000 });
  const cards = await pricing.getByTestId('finding').allTextContents();
  expect(cards.some((c) => c.includes('0.25 ETH'))).toBe(true);
  expect(cards.some((c) => c.includes('660 ETH'))).toBe(false);
  expect(cards.find((c) => c.includes('0.25 ETH'))).toContain('No GBP→USD rate on 2024-11-20');
  await pricing.getByRole('button', { name: 'Fetch prices again: apply to all' }).click();
  await page.getByRole('dialog').getByText('The price providers will be asked again for all 3').waitFor();
  await page.getByRole('button', { name: 'Apply to 3' }).click();
  const outcome = page.getByTestId('decide-outcome');
  await outcome.waitFor();
  expect(await outcome.textContent()).toContain('No price provider is configured');
  // Above the list, where the button was pressed.
  const outcomeBox = await outcome.boundingBox();
  const firstCard = await pricing.getByTestId('finding').first().boundingBox();
  expect(outcomeBox!.y).toBeLessThan(firstCard!.y);
  await shot(page, `truth-missing-prices-${tag}`);

  // 35.5: Income's "apply to all" is its own answer, never the previous wizard's "fetch".
  await chooseStep(page, tag, 'Income');
  const income = page.getByTestId('findings-ConfirmAllTransaction');
  await income.getByTestId('finding').first().waitFor();
  const total = await income.getByTestId('finding').count();
  expect(total).toBeGreaterThanOrEqual(2);
  await income.getByRole('button', { name: 'Income, as the file says: apply to all' }).click();
  await page
    .getByRole('dialog')
    .getByText(`${total} transactions will be marked “Income, as the file says”`)
    .waitFor();
  await shot(page, `truth-income-apply-all-${tag}`);
  await page.getByRole('button', { name: `Apply to ${total}` }).click();
  await page.getByText('Nothing left here').waitFor();
  expect(await page.getByTestId('decide-outcome').textContent()).toContain(`${total} answered`);
  expect(await page.getByTestId('decide-error').count()).toBe(0);

  // 35.7: the method comparison opens on 2024; HIFO for 2024 → the summary of 2024.
  await chooseStep(page, tag, 'Method');
  expect(await page.getByRole('main').getByRole('textbox', { name: 'Tax year' }).inputValue()).toBe('2024');
  await page.getByTestId('method-hifo').getByRole('button', { name: 'Use HIFO' }).click();
  await page.getByTestId('method-hifo').getByText('Current').waitFor();
  // The review goes on to what is still open; the summary then shows the year worked on.
  await page.goto('/tax_summary');
  await page.getByText('Your 2024 tax year.').waitFor();
  // 35.6: the real reason.
  const stale = page.getByTestId('summary-stale');
  await stale.waitFor();
  expect(await stale.textContent()).toContain('You changed the lot method to HIFO from 2024 on.');
  await shot(page, `truth-summary-2024-${tag}`);

  // 35.6: the Tax Center says why, and only 2024 (not 2023) is out of date.
  await page.goto('/tax');
  await page.getByTestId('stale-banner').waitFor();
  expect(await page.getByTestId('stale-banner').textContent()).toContain(
    'You changed the lot method to HIFO from 2024 on.',
  );
  expect(await page.getByTestId('stale-banner').textContent()).not.toContain('New imports detected');
  await page.getByTestId('year-2024').getByTestId('year-out-of-date').waitFor();
  expect(await page.getByTestId('year-2023').getByTestId('year-out-of-date').count()).toBe(0);
  await shot(page, `truth-tax-centre-stale-${tag}`);

  // 35.4: in the list, the pound sale's Missing Price names the missing GBP→USD rate, and no value shows.
  await page.goto('/transactions?txnType=all');
  await page.getByTestId('transactions-table').waitFor();
  const sale = page.getByTestId('transaction-row').filter({ hasText: '660.00' });
  expect((await sale.getByTestId('row-total').textContent())?.trim()).toBe('—');
  await sale.getByRole('button', { name: 'Missing Price', exact: true }).click();
  await page.getByText('There is no GBP→USD rate on this date').waitFor();
  expect(await page.getByText('There is no GBP→USD rate on this date').textContent()).toContain(
    'and no price for ETH',
  );
  await page.getByText('There is no GBP→USD rate on this date').scrollIntoViewIfNeeded();
  await shot(page, `truth-missing-rate-popover-${tag}`, false);

  // 35.4 + 35.6: a price file with only ETH's USD price; the page says to recalculate, and why.
  await page.goto('/settings/prices');
  const file = path.join(work, `eth-${tag}.csv`);
  writeFileSync(file, ETH_PRICE);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Load prices' }).click();
  await page.getByTestId('stale-banner').filter({ hasText: 'Your prices changed' }).waitFor();
  await shot(page, `truth-prices-loaded-${tag}`);
  await page.getByTestId('stale-banner').getByRole('button', { name: 'Recalculate now' }).click();
  await page.getByTestId('stale-banner').waitFor({ state: 'detached', timeout: 60_000 });

  // 35.4: the GBP-valued reward is valued from ETH's price ($735.00); only DOT is still missing,
  // and a row tagged Missing Price shows no value.
  await page.goto('/transactions?txnType=all');
  await page.getByTestId('transactions-table').waitFor();
  const rows = page.getByTestId('transaction-row');
  await rows.filter({ hasText: '$735.00' }).first().waitFor({ timeout: 30_000 });
  expect(await page.getByRole('button', { name: 'Missing Price', exact: true }).count()).toBe(1);
  const dot = rows.filter({ has: page.getByRole('button', { name: 'Missing Price', exact: true }) });
  expect(await dot.textContent()).toContain('DOT');
  expect((await dot.getByTestId('row-total').textContent())?.trim()).toBe('—');
  await shot(page, `truth-transactions-${tag}`);
}
