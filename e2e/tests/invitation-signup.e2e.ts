import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';

/**
 * Issue 32.2 in the browser: an invitation is spent only through its e-mailed link. Someone
 * invited before they had an account opens the link, creates the account from it, goes through
 * onboarding and lands back on the link, which accepts the invitation; the banner never offered
 * it to an account that had not opened the link.
 */
describe('invitation accepted by signing up from its link', () => {
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

  it('a new client signs up from the accountant’s link and the invitation is accepted', async () => {
    const cpa = await browser.newContext({ baseURL: server.url });
    await cpa.request.post('/api/auth/sign_up', {
      data: { email: uniqueEmail('cpa'), password: PASSWORD, first_name: 'Carla' },
      headers: { 'x-csrf-token': await csrfOf(cpa) },
    });
    const token = await csrfOf(cpa);
    await cpa.request.post('/api/onboarding/settings/update_role', {
      data: { role: 'cpa' },
      headers: { 'x-csrf-token': token },
    });
    const clientEmail = uniqueEmail('client');
    const invited = await cpa.request.post('/api/tax_pro/clients/invite', {
      data: { email: clientEmail },
      headers: { 'x-csrf-token': token },
    });
    expect(invited.ok()).toBe(true);
    const link = new URL(firstLink(await waitForMail(server.outboxDir, clientEmail)));

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(link.pathname + link.search);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/new_sign_up**');
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('E-mail').fill(clientEmail);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding/step-1');
    // Signed up but not yet back on the link: nothing to accept from the banner.
    const pending = await context.request.get('/api/invitations/pending');
    expect(((await pending.json()) as { count: number }).count).toBe(0);
    for (const step of [1, 2, 3, 4]) {
      await page.waitForURL(`**/onboarding/step-${step}`);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL('**/onboarding/step-5');
    await page.getByRole('button', { name: 'Start importing' }).click();
    await page.waitForURL('**/accept_invitation?token=*');
    await page.getByTestId('invitation-confirmed').getByText('Invitation confirmed').waitFor();
    await screenshot(page, 'invitation-signup-accepted');

    const clients = (await (await cpa.request.get('/api/tax_pro/clients')).json()) as {
      data: { email: string; status: string }[];
    };
    expect(clients.data.find((c) => c.email === clientEmail)?.status).toBe('accepted');
    await context.close();
    await cpa.close();
  });
});
