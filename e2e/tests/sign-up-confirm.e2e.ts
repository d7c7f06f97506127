import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { arrangeUser, newPage, PASSWORD, uniqueEmail } from './helpers.ts';

/**
 * Issue 32 item 5 in the browser, on an instance that confirms addresses: the sign-up form
 * answers "Check your e-mail" for a new address and for a taken one alike; the newcomer
 * finishes from the e-mailed link with their password and lands in onboarding.
 */
async function signUp(page: Page, url: string, email: string): Promise<string> {
  await page.goto(`${url}/new_sign_up`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Check your e-mail' });
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

describe('sign-up with e-mail confirmation (issue 32)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ SIGNUP_CONFIRM_EMAIL: 'on' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers a taken and a new address alike; the link finishes the sign-up into onboarding', async () => {
    // An account in use (arranged with confirmation: its link is spent through the API).
    const taken = uniqueEmail('taken');
    await arrangeUser(server.url, { email: taken });
    const first = new URL(firstLink(await waitForMail(server.outboxDir, taken)));
    const { context: owner } = await newPage(browser);
    const token = first.searchParams.get('token')!;
    const csrf = (
      (await (await owner.request.get(`${server.url}/api/auth/session`)).json()) as { csrf_token: string }
    ).csrf_token;
    const done = await owner.request.post(`${server.url}/api/auth/confirm_sign_up`, {
      data: { token, password: PASSWORD },
      headers: { 'x-csrf-token': csrf },
    });
    expect(done.ok()).toBe(true);

    const { context, page } = await newPage(browser);
    const fresh = uniqueEmail('fresh');
    const forTaken = await signUp(page, server.url, taken);
    const forFresh = await signUp(page, server.url, fresh);
    expect(forTaken).toBe(forFresh);
    await screenshot(page, 'sign-up-check-email');

    const link = new URL(firstLink(await waitForMail(server.outboxDir, fresh)));
    expect(link.pathname).toBe('/confirm_sign_up');
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Open my account' }).click();
    await page.waitForURL('**/onboarding/step-1');
    await context.close();
    await owner.close();
  });
});
