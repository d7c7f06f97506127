import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StripeReplay } from '@lotwise/test-replay/stripe-replay';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { dropFile, signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 20 in the browser, billing on with Stripe replayed: a free user imports past the limit →
 * the 'Free import limit reached' dialog → Upgrade Now → the plans → Stripe Checkout (the replay's
 * payment page) → the signed webhook → the paused import finishes with every row exactly once →
 * the year's Form 8949 downloads. Pricing and billing history are looked at on a phone too.
 */
const now = new Date();
const YEAR = now.getUTCMonth() === 11 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
const SECRET = 'whsec_e2e_lotwise';
const work = mkdtempSync(path.join(tmpdir(), 'lotwise-billing-e2e-'));
const PLANS = path.join(work, 'plans.json');
writeFileSync(
  PLANS,
  JSON.stringify({
    currency: 'usd',
    free_transaction_limit: 5,
    first_tax_year: 2020,
    plans: [
      {
        id: 'small',
        name: 'Small',
        price: '10.00',
        transaction_limit: 10,
        features: ['Form 8949 and Schedule D'],
      },
      { id: 'big', name: 'Big', price: '25.50', transaction_limit: null, features: ['Everything'] },
    ],
  }),
);
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** Seven buys and a sale in the tax year: eight rows, past the free limit of five. */
const LEDGER = [
  HEADER,
  ...Array.from(
    { length: 7 },
    (_, i) => `${YEAR}-01-0${i + 1} 12:00:00 UTC,${1000 + i},USD,0.1,BTC,,,,,,Buy,`,
  ),
  `${YEAR}-06-01 12:00:00 UTC,0.2,BTC,3000,USD,,,3000,USD,,Sell,`,
].join('\n');

describe('billing: free import limit → Stripe checkout → the import resumes → 8949 (issue 20)', () => {
  let stripe: StripeReplay;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    stripe = await new StripeReplay({ secret: SECRET }).start();
    server = await startServer({
      BILLING: 'stripe',
      BILLING_PLANS_FILE: PLANS,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE_URL: stripe.url,
    });
    stripe.webhookUrl = `${server.url}/api/billing/webhook`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
  });

  const limitStatus = async (page: Page) =>
    (await (await page.request.get('/api/billing/import_limit')).json()) as {
      transaction_count: number;
      paused: unknown[];
    };

  it('pauses the import, takes the payment, finishes the import once and downloads the 8949 (desktop)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    try {
      const file = path.join(work, 'ledger.csv');
      writeFileSync(file, LEDGER);
      await page.goto('/');
      await page.getByText('Import your first transactions').waitFor();
      await dropFile(page, '[data-testid="import-dropzone"]', file, 'ledger.csv');

      const dialog = page.getByTestId('free-limit-dialog');
      await dialog.waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Free import limit reached' }).waitFor();
      await page.locator('[data-testid="upload-item"][data-status="paused"]').waitFor();
      await dialog
        .getByText(
          'We paused your import! To continue importing additional transactions, please purchase a tax plan or contact Customer Support.',
        )
        .waitFor();
      expect(await limitStatus(page)).toMatchObject({ transaction_count: 0 });
      await screenshot(page, 'billing-free-limit-dialog');

      await dialog.getByTestId('free-limit-upgrade').click();
      await page.waitForURL(`**/pricing?callUrl=wizardParsed&taxYear=${YEAR}`);
      const small = page.locator('[data-testid="plan-card"][data-plan-id="small"]');
      await small.waitFor();
      expect(await small.getByTestId('plan-price').textContent()).toContain('10.00');
      await screenshot(page, 'billing-pricing');

      await small.getByTestId('plan-buy').click();
      await page.waitForURL(`${stripe.url}/pay/**`);
      await page.getByTestId('checkout-amount').waitFor();
      expect(await page.getByTestId('checkout-amount').textContent()).toBe('10.00 USD');
      await screenshot(page, 'billing-checkout-replay');
      await page.getByRole('button', { name: /^Pay/ }).click();

      await page.waitForURL('**/settings/billing-history?checkout=success');
      const banner = page.locator('[data-testid="checkout-banner"][data-state="active"]');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toContain(`Your Small plan for ${YEAR} is active.`);
      await page.locator('[data-testid="billing-row"][data-status="paid"]').first().waitFor();
      await screenshot(page, 'billing-history-paid');

      // The paused import ran again: all eight rows, each once.
      const deadline = Date.now() + 30_000;
      let status = await limitStatus(page);
      while ((status.transaction_count !== 8 || status.paused.length > 0) && Date.now() < deadline) {
        await page.waitForTimeout(500);
        status = await limitStatus(page);
      }
      expect(status).toMatchObject({ transaction_count: 8, paused: [] });

      await page.goto('/tax');
      await page.getByRole('button', { name: 'Calculate Taxes' }).first().click();
      await page.waitForURL(/\/tax-calculation\?traceId=/);
      await page.getByTestId('short-term-gain').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: `Reports ${YEAR}` }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Form 8949 (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`lotwise-form-8949-${YEAR}.pdf`);
      const saved = path.join(work, 'form-8949.pdf');
      await download.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

      // A year without a plan: its reports send the user to the plans of that year.
      const older = await page.request.get(`/api/tax/reports/${YEAR - 1}/form-8949.pdf`);
      expect(older.status()).toBe(402);
    } catch (error) {
      await screenshot(page, 'billing-failure');
      throw new Error(`${String(error)}\nat ${page.url()}`);
    } finally {
      await context.close();
    }
  });

  it('shows the plans and an empty billing history on a phone (375 px)', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 800 });
    try {
      await page.goto(`/pricing?callUrl=settings&taxYear=${YEAR}`);
      await page.locator('[data-testid="plan-card"][data-plan-id="big"]').waitFor();
      expect(await page.locator('[data-testid="plan-card"]').count()).toBe(2);
      await screenshot(page, 'billing-pricing-375');
      await page.goto('/settings/billing-history');
      await page.getByText('No payments yet').waitFor();
      await screenshot(page, 'billing-history-empty-375');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });
});
