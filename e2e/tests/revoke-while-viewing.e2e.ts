import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { accountantInside } from './taxpro-helpers.ts';

/*
 * Issue 35.10, found by the walk: the revoke dialog says an accountant in the account now is
 * "taken out at once", but one on the transactions page (a page that opened no realtime socket)
 * stayed inside with the client's data until their next navigation. On every page while viewing.
 */
describe('an accountant viewing any page is taken out when the client revokes (issue 35.10)', () => {
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

  for (const width of [1280, 375]) {
    it(`leaves the client's transactions page at once with the reason (${width} px)`, async () => {
      const viewport = { width, height: 860 };
      const { client, cpa } = await accountantInside(browser, server, viewport);
      const page = await cpa.newPage();
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400 && r.url().includes('/api/'))
          refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      try {
        await page.goto('/transactions');
        await page.getByRole('status').filter({ hasText: 'You are viewing' }).waitFor();
        await page.waitForLoadState('networkidle');

        await client.page.goto('/work_with_tax_pro');
        await client.page.getByRole('button', { name: 'Revoke' }).first().click();
        await client.page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();

        // No navigation by the accountant: the closed socket takes them out, with the reason.
        await page.waitForURL('**/tax_pro/dashboard', { timeout: 10_000 });
        await page.getByText(/Your access to .* account has ended: they revoked it\./).waitFor();
        // One call learned that access ended (403, which hands back the accountant's session);
        // the page's other queries waited instead of each being refused 401 (a fresh tester
        // counted nine, each running the sign-out handler).
        expect(refused.filter((r) => r.startsWith('401'))).toEqual([]);
        expect(refused.filter((r) => r.startsWith('403'))).toHaveLength(1);
        await screenshot(page, `revoke-while-viewing-${width}`);
      } catch (error) {
        await screenshot(page, `revoke-while-viewing-failure-${width}`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await client.context.close();
        await cpa.close();
      }
    }, 120_000);
  }
});
