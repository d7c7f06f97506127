import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';

/**
 * The attack pass: an accountant inside the account of a client who never finished onboarding
 * was sent to the client's /onboarding/step-1 from every page (its Continue refused with 403),
 * with no banner and no way back. While viewing a client the pages show and the banner with
 * Exit and Return is always there, at desktop and phone widths.
 */
describe('an accountant inside the account of a client who never finished onboarding', () => {
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
    it(`at ${width} px: sees the client's pages, never the onboarding, with the banner and Exit and Return`, async () => {
      const client = await browser.newContext({ baseURL: server.url });
      const clientEmail = uniqueEmail('newclient');
      const signUp = await postJson(client, '/api/auth/sign_up', {
        email: clientEmail,
        password: PASSWORD,
        first_name: 'Nora',
      });
      const clientId = (signUp as { user: { id: number; onboarded: boolean } }).user.id;

      const cpa = await browser.newContext({ viewport: { width, height: 860 }, baseURL: server.url });
      const cpaEmail = uniqueEmail('cpa');
      await postJson(cpa, '/api/auth/sign_up', { email: cpaEmail, password: PASSWORD, first_name: 'Carla' });
      await postJson(cpa, '/api/onboarding/settings/update_role', { role: 'cpa' });
      await postJson(cpa, '/api/onboarding_flag', { onboarded: true });
      await postJson(client, '/api/customer_cpa', { email: cpaEmail });
      const link = new URL(firstLink(await waitForMail(server.outboxDir, cpaEmail)));
      await postJson(cpa, '/api/invitations/accept', { token: link.searchParams.get('token') });
      await postJson(cpa, `/api/users/${clientId}/impersonate`);

      const page = await cpa.newPage();
      for (const path of ['/dashboard', '/transactions', '/onboarding/step-1', '/onboarding/step-3', '/']) {
        await page.goto(path);
        const banner = page.getByRole('status').filter({ hasText: 'You are viewing' });
        await banner.waitFor();
        await page.getByRole('button', { name: 'Exit and Return' }).waitFor();
        // Let any redirect settle, then check where the page is.
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).pathname, path).not.toMatch(/^\/onboarding/);
        expect(await banner.isVisible(), path).toBe(true);
        expect(await page.getByRole('button', { name: 'Exit and Return' }).isVisible(), path).toBe(true);
        // Whole inside the banner, not cut off by its fixed phone height.
        const box = await banner.boundingBox();
        const exit = await page.getByRole('button', { name: 'Exit and Return' }).boundingBox();
        expect(box && exit && exit.y >= box.y && exit.y + exit.height <= box.y + box.height, path).toBe(true);
        if (path === '/transactions')
          await screenshot(page, `impersonation-onboarding-transactions-${width}`);
      }
      await page.goto('/dashboard');
      await page.getByRole('status').filter({ hasText: 'You are viewing' }).waitFor();
      await screenshot(page, `impersonation-onboarding-dashboard-${width}`);
      await page.getByRole('button', { name: 'Exit and Return' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/tax_pro'));
      expect(await page.getByRole('status').filter({ hasText: 'You are viewing' }).count()).toBe(0);
      await client.close();
      await cpa.close();
    });
  }
});
