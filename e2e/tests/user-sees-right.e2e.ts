import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';
import { SAMPLES_DIR, signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 35.10, 35.12, 35.13 and 35.15 in the browser, at 1280 and 375 px: what a client, an
 * accountant and an admin see must be right (names for people, one count, no stray requests).
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 2023 and 2024 sales (one method each), a GBP→ETH buy and an ETH→GBP sale valued in USD, and a
// reward of a coin nobody prices (offline): 2024 is INCOMPLETE with 1 missing price.
const LEDGER = [
  HEADER,
  '2023-02-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,,',
  '2023-03-01 12:00:00 UTC,200,USD,1,LTC,,,200,USD,,,',
  '2023-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,,',
  '2024-03-01 12:00:00 UTC,1000,GBP,0.5,ETH,,,1270,USD,,,',
  '2024-06-01 12:00:00 UTC,0.25,ETH,700,GBP,,,890,USD,,,',
  '2024-07-01 12:00:00 UTC,,,50,FOOCOINX,,,,,reward,,',
].join('\n');

// Issue 35.15: a CoinTracking Trade (USDT→ETH) whose 10 BNB fee has no Other Fee row, added to
// the CoinTracking sample.
const COINTRACKING_BNB_FEE =
  'Trade,1,ETH,2000,USDT,10,BNB,Binance,,Fee in BNB,2024-04-01 09:00:00,ct-bnb-1,,,';

const VIEWPORTS = [
  ['1280', { width: 1280, height: 860 }],
  ['375', { width: 375, height: 812 }],
] as const;

async function upload(context: BrowserContext, name: string, content: Buffer | string): Promise<void> {
  const before = await context.request.get('/api/imports/v2/import_histories?page=1');
  const count = ((await before.json()) as { data: unknown[] }).data.length;
  const up = await context.request.post('/api/imports/v1/csv_imports', {
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
    headers: { 'x-csrf-token': await csrfOf(context) },
  });
  if (!up.ok()) throw new Error(`upload failed: ${up.status()} ${await up.text()}`);
  await expect
    .poll(
      async () => {
        const res = await context.request.get('/api/imports/v2/import_histories?page=1');
        const data = ((await res.json()) as { data: { import_status: string }[] }).data;
        return data.length > count && data.every((d) => d.import_status === 'complete');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function calculate(context: BrowserContext): Promise<void> {
  const before = await context.request.get('/api/tax/years');
  const was = ((await before.json()) as { data: { calculated_at: string | null } }).data.calculated_at;
  await context.request.post('/api/recalculate_tax', { headers: { 'x-csrf-token': await csrfOf(context) } });
  await expect
    .poll(
      async () => {
        const res = await context.request.get('/api/tax/years');
        const data = ((await res.json()) as { data: { calculated_at: string | null; stale: boolean } }).data;
        return data.calculated_at !== null && data.calculated_at !== was && !data.stale;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Every answer of 400 or more the page receives from the API. */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().includes('/api/'))
      failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

async function accountant(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: url });
  const email = uniqueEmail('cpa');
  const up = await context.request.post('/api/auth/sign_up', {
    data: { email, password: PASSWORD, first_name: 'Carla', last_name: 'Pérez' },
    headers: { 'x-csrf-token': await csrfOf(context) },
  });
  if (!up.ok()) throw new Error(`sign up failed: ${up.status()}`);
  const token = await csrfOf(context);
  await context.request.post('/api/onboarding/settings/update_role', {
    data: { role: 'cpa' },
    headers: { 'x-csrf-token': token },
  });
  await context.request.post('/api/onboarding_flag', {
    data: { onboarded: true },
    headers: { 'x-csrf-token': token },
  });
  return { context, page: await context.newPage(), email };
}

describe('what a user sees must be right (issue 35.10, 35.12, 35.13, 35.15)', () => {
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

  for (const [tag, viewport] of VIEWPORTS) {
    it(`transactions, review card, one-year page and Tax Center read right (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      const failed = failedCalls(page);
      await upload(context, 'ledger.csv', LEDGER);
      const sample = readFileSync(path.join(SAMPLES_DIR, 'cointracking-import-template.csv'), 'utf8');
      await upload(context, 'cointracking.csv', `${sample.trimEnd()}\n${COINTRACKING_BNB_FEE}\n`);

      // Before the first calculation the one-year page does not ask for a year (no 404).
      await page.goto('/one_year?year=2024');
      await page.getByText('No tax results yet').waitFor();
      expect(failed.filter((f) => f.includes('/api/tax/years/'))).toEqual([]);

      await calculate(context);
      await context.request.put('/api/tax/settings', {
        data: { method: '2023:fifo,2024:hifo', basis: 'universal', allocation_rule: 'stay-oldest-first' },
        headers: { 'x-csrf-token': await csrfOf(context) },
      });
      await calculate(context);

      // Transactions: fiat↔crypto trades are Buy and Sell, sub types in words, the fee-only row shows its fee.
      await page.goto('/transactions?txnType=all');
      const rows = page.getByTestId('transaction-row');
      await rows.first().waitFor();
      const gbpBuy = rows.filter({ hasText: '1,000.00' }).filter({ hasText: 'GBP' });
      await gbpBuy.first().waitFor();
      expect(await gbpBuy.first().textContent()).toMatch(/^Buy/);
      const ethSale = rows.filter({ hasText: '700.00' }).filter({ hasText: 'GBP' });
      expect(await ethSale.first().textContent()).toMatch(/^Sell/);
      const feeRow = page.getByTestId('fee-only-amount');
      await expect.poll(() => feeRow.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await feeRow.first().textContent()).toMatch(/0\.0001\s*ETH\s*fee/);
      // A Trade whose fee is in a third asset (no Other Fee row) keeps it and shows it under Out.
      const bnbTrade = rows.filter({ hasText: 'USDT' }).filter({ hasText: 'BNB' });
      await expect.poll(() => bnbTrade.count(), { timeout: 15_000 }).toBe(1);
      expect(await bnbTrade.getByTestId('row-fee').textContent()).toMatch(/^fee\s*10\s*BNB$/);
      expect(await bnbTrade.textContent()).toMatch(/2,000(\.0+)?\s*USDT/);
      const listText =
        (await page.getByTestId('transactions-title').locator('xpath=ancestor::main').textContent()) ?? '';
      expect(listText).not.toMatch(/Sub Type|Only Sell|Only Buy|Only Incoming|Learn more/);
      // One review banner, one count.
      const reviewBanners = page.getByTestId('review-banner');
      expect(await reviewBanners.count()).toBe(1);
      // The title counts rows: each kind it lists counts its own rows, and a row lacking both a
      // price and the balance is one row to review (so the title is between the largest and the sum).
      const said = (await reviewBanners.textContent()) ?? '';
      const match =
        /^(\d+) transactions? needs? review(\d+) missing prices?(?:(\d+) insufficient balance)?/.exec(said);
      expect(match, said).not.toBeNull();
      const [total, missing, short] = [Number(match![1]), Number(match![2]), Number(match![3] ?? 0)];
      expect(total).toBeLessThanOrEqual(missing + short);
      expect(total).toBeGreaterThanOrEqual(Math.max(missing, short));
      expect(await page.getByRole('alert').count()).toBeLessThanOrEqual(2);
      await screenshot(page, `35-transactions-${tag}`);

      // Dashboard review card: no "Nothing needs review" beside counts, Missing prices once.
      await page.goto('/dashboard');
      const card = page.getByTestId('review-card');
      await card.getByTestId('review-errors').waitFor();
      expect(await card.getByText('Nothing needs review').count()).toBe(0);
      expect(await card.getByText('Missing prices', { exact: true }).count()).toBe(1);
      await screenshot(page, `35-dashboard-review-${tag}`);

      // One-year page: the warning is written for people.
      await page.goto('/one_year?year=2024');
      await page.getByTestId('year-warnings').getByRole('button', { name: 'Show the warnings' }).click();
      await page
        .getByText(/no price for FOOCOINX/)
        .first()
        .waitFor();
      const warnings = (await page.locator('main').textContent()) ?? '';
      expect(warnings).not.toMatch(/\d{4}\.(proceeds|income|shortTermGain|longTermGain)|basis of \w+ lot/);
      expect(warnings).toContain('the 2024 income and the cost basis of the FOOCOINX it acquired');
      // The year's own method in the header, not the whole list.
      expect(warnings).not.toContain('2023:FIFO');
      expect(warnings).toContain('HIFO · universal');
      await screenshot(page, `35-one-year-warnings-${tag}`);

      // Tax Center: each year its own method.
      await page.goto('/tax');
      const y2023 = page.getByTestId('year-2023');
      const y2024 = page.getByTestId('year-2024');
      await y2024.waitFor();
      expect(await y2023.textContent()).toContain('FIFO');
      expect(await y2023.textContent()).not.toContain('HIFO');
      expect(await y2024.textContent()).toContain('HIFO');
      expect(await page.locator('main').textContent()).not.toContain('2023:FIFO');
      await screenshot(page, `35-tax-centre-methods-${tag}`);
      expect(failed.filter((f) => !f.includes('/api/prices'))).toEqual([]);
      await context.close();
    });

    it(`accountant: invitation, client page, exit, revoke with confirmation and a message (${tag})`, async () => {
      const customer = await signedInNewcomer(browser, server.url, viewport);
      await upload(customer.context, 'ledger.csv', LEDGER);
      await calculate(customer.context);
      const cpa = await accountant(browser, server.url, viewport);
      const failed = failedCalls(cpa.page);

      await customer.page.goto('/work_with_tax_pro');
      await customer.page.getByLabel("Accountant's e-mail").fill(cpa.email);
      await customer.page.getByRole('button', { name: 'Invite' }).click();
      await customer.page.getByTestId('accountant-row').filter({ hasText: 'Invited' }).waitFor();

      // The e-mail names the real place to end access; the signed-in accountant sees their own navigation.
      const mail = await waitForMail(server.outboxDir, cpa.email);
      expect(JSON.stringify(mail)).not.toContain('Settings →');
      expect(JSON.stringify(mail)).toContain('/work_with_tax_pro');
      const link = new URL(firstLink(mail));
      await cpa.page.goto(link.pathname + link.search);
      await cpa.page.getByTestId('invitation-confirmed').waitFor();
      expect(await cpa.page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
      expect(await cpa.page.getByRole('link', { name: 'Choose Plan' }).count()).toBe(0);
      await screenshot(cpa.page, `35-accept-invitation-signed-in-${tag}`);

      // The client's page: INCOMPLETE with the count, never "complete".
      await cpa.page.goto('/tax_pro/dashboard');
      const row = cpa.page.getByTestId('client-row').first();
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('Incomplete · 1 missing price');
      await row.getByRole('link').first().click();
      await cpa.page.waitForURL('**/tax_pro/view_customer?id=*');
      // The client's status and the year's badge both say it.
      await cpa.page.getByText('Incomplete · 1 missing price').first().waitFor();
      expect(await cpa.page.getByText('complete', { exact: true }).count()).toBe(0);
      await screenshot(cpa.page, `35-client-page-${tag}`);

      // In and out from the client's page: no refused call on the way (no 403 on the client's page).
      await cpa.page.getByRole('button', { name: 'Open account' }).click();
      await cpa.page.waitForURL('**/dashboard');
      const banner = cpa.page.getByRole('status').filter({ hasText: 'You are viewing' });
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Exit and Return' }).click();
      await cpa.page.waitForURL('**/tax_pro/view_customer?id=*');
      await cpa.page.getByText('Incomplete · 1 missing price').first().waitFor();
      await cpa.page.waitForTimeout(500);
      expect(failed).toEqual([]);

      // Inside again; the client revokes, after confirming.
      await cpa.page.getByRole('button', { name: 'Open account' }).click();
      await cpa.page.waitForURL('**/dashboard');
      await banner.waitFor();
      await customer.page.reload();
      await customer.page.getByRole('button', { name: 'Revoke' }).click();
      const dialog = customer.page.getByRole('dialog');
      await dialog.getByText(/Revoke .* access\?/).waitFor();
      await screenshot(customer.page, `35-revoke-confirm-${tag}`);
      await dialog.getByRole('button', { name: 'Revoke access' }).click();
      await customer.page.getByTestId('accountant-row').filter({ hasText: 'Revoked' }).waitFor();

      // The accountant's page learns it by itself (the websocket closes, the next call is refused);
      // a reload is the next step of one whose socket was not open.
      await cpa.page.waitForURL('**/tax_pro/dashboard', { timeout: 10_000 }).catch(async () => {
        await cpa.page.reload();
        await cpa.page.waitForURL('**/tax_pro/dashboard', { timeout: 15_000 });
      });
      const ended = cpa.page.getByTestId('access-ended');
      await ended.waitFor();
      expect(await ended.textContent()).toContain("Your access to Ada's account has ended");
      await screenshot(cpa.page, `35-access-ended-${tag}`);
      await customer.context.close();
      await cpa.context.close();
    });

    it(`admin: opens an account from the admin page; e-mails readable (${tag})`, async () => {
      const customer = await signedInNewcomer(browser, server.url, viewport);
      const admin = await signedInNewcomer(browser, server.url, viewport);
      await admin.context.request.post('/api/test/set_roles', {
        data: { email: admin.email, roles: ['admin', 'customer'] },
        headers: { 'x-csrf-token': await csrfOf(admin.context) },
      });
      await admin.page.goto('/admin');
      await admin.page.getByLabel('Search accounts').fill(customer.email);
      const row = admin.page.getByTestId('admin-user-row').filter({ hasText: customer.email });
      await row.waitFor();
      const email = row.getByText(customer.email, { exact: true });
      const box = await email.boundingBox();
      // One or two lines, never a column of 6-character pieces.
      expect(box?.width ?? 0).toBeGreaterThan(180);
      expect(box?.height ?? 999).toBeLessThan(50);
      await screenshot(admin.page, `35-admin-${tag}`);
      // Waits for the server's answer first: a refusal then says so, instead of a timeout on the URL.
      const [answer] = await Promise.all([
        admin.page.waitForResponse(
          (r) => /\/api\/.*impersonat/.test(r.url()) && r.request().method() === 'POST',
        ),
        row.getByRole('button', { name: `Open the account of ${customer.email}` }).click(),
      ]);
      // (Its body is gone once the page navigates on success: the status is what there is to read.)
      expect(answer.status(), 'the answer to POST /api/users/:id/impersonate').toBe(200);
      await admin.page.waitForURL('**/dashboard', { timeout: 60_000 });
      const banner = admin.page.getByRole('status').filter({ hasText: 'You are viewing' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(customer.email);
      await banner.getByRole('button', { name: 'Exit and Return' }).click();
      await admin.page.waitForURL('**/admin');
      await customer.context.close();
      await admin.context.close();
    });
  }
});
