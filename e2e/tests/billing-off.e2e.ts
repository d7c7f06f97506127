import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      await context.close();
    });
  }
});
