import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 35.9: with billing off (the default) nothing anywhere offers a plan or a payment — not
 * the logged-out navigation, not the signed-in header, account menu or settings, and the
 * pricing page says only that every feature is included. At 1280 and 375 px.
 */
describe('billing off: no billing anywhere (issue 35.9)', () => {
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
    it(`logged out and signed in, no plan, price or billing control (${tag})`, async () => {
      const visitor = await browser.newContext({ viewport, baseURL: server.url });
      const login = await visitor.newPage();
      await login.goto('/login');
      await login
        .getByRole('button', { name: /log in|sign in/i })
        .first()
        .waitFor();
      if (tag === '375') await login.getByRole('button', { name: 'Open menu' }).click();
      else await login.getByText('Log In', { exact: true }).first().waitFor();
      await login.locator('text=Support >> visible=true').first().waitFor();
      expect(await login.getByText('Choose Plan').count()).toBe(0);
      await screenshot(login, `billing-off-login-${tag}`);
      await visitor.close();

      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await page.goto('/dashboard');
      await page
        .getByRole('button', { name: /account|menu/i })
        .last()
        .waitFor();
      expect(await page.getByTestId('upgrade-button').count()).toBe(0);
      await page.goto('/pricing');
      expect(await page.getByTestId('billing-off-note').textContent()).toBe(
        'Billing is off on this instance: every feature is included.',
      );
      expect(await page.getByTestId('plan-card').count()).toBe(0);
      expect(await page.getByTestId('pricing-transaction-count').count()).toBe(0);
      // A new, empty account is not asked to allocate Safe Harbor basis (issue 35.14).
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('Safe Harbor 2025').count()).toBe(0);
      await screenshot(page, `billing-off-pricing-${tag}`);
      // The plan summary (reached by its address) sells nothing either: no plan, count or price (found by the walk).
      await page.goto('/pricing_summary');
      expect(await page.getByTestId('billing-off-note').textContent()).toBe(
        'Billing is off on this instance: every feature is included.',
      );
      for (const id of ['pricing-summary', 'summary-count', 'summary-price', 'summary-continue'])
        expect(await page.getByTestId(id).count(), id).toBe(0);
      expect(await page.getByText('Check your plan before you pay.').count()).toBe(0);
      await screenshot(page, `billing-off-pricing-summary-${tag}`);
      await page.goto('/settings/profile');
      await page.getByRole('tab').first().waitFor();
      expect(await page.getByRole('tab', { name: 'Billing' }).count()).toBe(0);
      // Billing history typed in: no Billing tab, no history, only the note (issue 35.9).
      await page.goto('/settings/billing-history');
      await page.getByTestId('billing-off-note').waitFor();
      await page.getByRole('tab').first().waitFor();
      expect(await page.getByRole('tab', { name: 'Billing' }).count()).toBe(0);
      expect(await page.getByTestId('billing-history').count()).toBe(0);
      expect(await page.getByText('Billing history').count()).toBe(0);
      expect(await page.getByText('Your plans and payments per tax year.').count()).toBe(0);
      await screenshot(page, `billing-off-billing-history-${tag}`);
      await context.close();
    });

    it(`the admin page offers no plan: no Plans column, no Grant plan (${tag})`, async () => {
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
      await row.getByRole('button', { name: 'Disable' }).waitFor();
      await admin.page.waitForLoadState('networkidle');
      expect(await admin.page.getByRole('columnheader', { name: 'Plans' }).count()).toBe(0);
      expect(await admin.page.getByRole('button', { name: 'Grant plan' }).count()).toBe(0);
      expect(await admin.page.getByText('Accounts, roles and plans').count()).toBe(0);
      await screenshot(admin.page, `billing-off-admin-${tag}`);
      await customer.context.close();
      await admin.context.close();
    });
  }
});

/** The contrast: with billing on the admin page has its Plans column and grants a plan. */
describe('billing on: the admin grants a plan (issue 35.9)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_lotwise',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Plans column and Grant plan (1280)', async () => {
    const customer = await signedInNewcomer(browser, server.url);
    const admin = await signedInNewcomer(browser, server.url);
    await admin.context.request.post('/api/test/set_roles', {
      data: { email: admin.email, roles: ['admin', 'customer'] },
      headers: { 'x-csrf-token': await csrfOf(admin.context) },
    });
    await admin.page.goto('/admin');
    await admin.page.getByLabel('Search accounts').fill(customer.email);
    const row = admin.page.getByTestId('admin-user-row').filter({ hasText: customer.email });
    await row.waitFor();
    await admin.page.getByRole('columnheader', { name: 'Plans' }).waitFor();
    await row.getByRole('button', { name: 'Grant plan' }).click();
    await admin.page.getByRole('menuitem', { name: /^pro for/ }).click();
    await expect.poll(() => row.textContent()).toMatch(/pro \d{4}/);
    await screenshot(admin.page, 'billing-on-admin-1280');
    await customer.context.close();
    await admin.context.close();
  });
});
