import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { accountantInside } from './taxpro-helpers.ts';

/**
 * Issue 32 in the browser: an accountant working inside a client's account finds no control
 * for what the README's table keeps to the client — their profile, password, two-factor,
 * accountants and access log, billing, Labs — neither in the navigation nor on those pages.
 */
describe('an accountant inside a client’s account (issue 32)', () => {
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

  it('finds no link, menu item, tab or form for the client’s own settings, accountants, access log, billing or Labs', async () => {
    const { client, cpa } = await accountantInside(browser, server);

    const page = await cpa.newPage();
    await page.goto('/dashboard');
    await page.getByRole('status').filter({ hasText: 'You are viewing' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Transactions' }).waitFor();
    // The tax work is offered; the client's accountants and Labs are not.
    for (const name of ['Tax Pro', 'Add Your Accountant', 'Labs']) {
      expect(await nav.getByRole('link', { name }).count(), name).toBe(0);
    }
    expect(await page.getByTestId('upgrade-button').count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).waitFor();
    for (const name of ['Settings', 'Billing']) {
      expect(await page.getByRole('menuitem', { name }).count(), name).toBe(0);
    }
    await page.keyboard.press('Escape');
    await screenshot(page, 'impersonation-controls-nav');

    // Typed in by hand, their pages show the notice and no control at all.
    for (const path of [
      '/settings/profile',
      '/settings/mfa-security',
      '/settings',
      '/work_with_tax_pro',
      '/settings/billing-history',
      '/pricing',
      '/labs/dashboard',
    ]) {
      await page.goto(path);
      await page.getByTestId('not-while-viewing').waitFor();
      const main = page.locator('main');
      expect(await main.locator('input, textarea, select').count(), path).toBe(0);
      expect(await main.getByRole('button').count(), path).toBe(0);
      expect(await main.getByTestId('access-log').count(), path).toBe(0);
    }
    await screenshot(page, 'impersonation-controls-notice');

    // The client's price files stay open to the accountant, without the tabs to the rest.
    await page.goto('/settings/prices');
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByTestId('not-while-viewing').count()).toBe(0);
    for (const name of ['Profile', 'MFA & Security', 'Billing']) {
      expect(await page.getByRole('tab', { name }).count(), name).toBe(0);
    }
    await client.context.close();
    await cpa.close();
  });
});
