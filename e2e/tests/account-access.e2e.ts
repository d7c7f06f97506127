import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { arrangeUser, newPage, PASSWORD, submitLogin, uniqueEmail } from './helpers.ts';

describe('account access, onboarding and landing', () => {
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

  it('signs up, walks through onboarding and lands on the first-import page', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('new');
    await page.goto(`${server.url}/new_sign_up`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 10 characters long').waitFor();
    await screenshot(page, 'sign-up-weak-password');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding/step-1');
    await page.getByText('How will you use Lotwise?').first().waitFor();
    await screenshot(page, 'onboarding-step-1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/step-2');
    await page.getByText('Where do you pay tax?').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/step-3');
    await page.getByRole('heading', { name: 'Reporting currency and time zone' }).waitFor();
    await page.getByText('Time zone').first().waitFor();
    await screenshot(page, 'onboarding-step-3');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/step-4');
    await page.getByRole('switch', { name: 'E-mail me when imports and tax calculations finish' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/onboarding/step-5');
    await page.getByText("You're all set").waitFor();
    // Still to do, so numbered, not ticked off.
    const nextSteps = page.getByTestId('onboarding-next-steps');
    expect(await nextSteps.locator('svg').count()).toBe(0);
    expect(await nextSteps.getByText('1', { exact: true }).count()).toBe(1);
    await screenshot(page, 'onboarding-step-5');

    // Leaving at step 5 and coming back resumes at step 5, not at step 1.
    await page.goto(`${server.url}/transactions`);
    await page.waitForURL('**/onboarding/step-5');
    await page.getByText("You're all set").waitFor();
    // On another browser or device too (issue 35.14): the server keeps the step, not this browser.
    const phone = await newPage(browser, { width: 375, height: 812 });
    await phone.page.goto(`${server.url}/login`);
    await submitLogin(phone.page, email, PASSWORD);
    await phone.page.waitForURL('**/onboarding/step-5');
    await phone.page.getByText("You're all set").waitFor();
    await screenshot(phone.page, 'onboarding-resumed-on-another-browser-375');
    await phone.context.close();
    await page.getByRole('button', { name: 'Start importing' }).click();

    await page.waitForURL(`${server.url}/`);
    await page.getByText('Import your first transactions').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByText('Transactions').isVisible()).toBe(
      true,
    );
    await screenshot(page, 'landing-after-onboarding');

    // Onboarded users are sent out of the onboarding flow.
    await page.goto(`${server.url}/onboarding/step-2`);
    await page.waitForURL(`${server.url}/`);

    // The account menu signs out.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('says clearly when the e-mail is taken or the password is wrong', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/sign_up`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An account with this e-mail already exists').waitFor();
    await screenshot(page, 'sign-up-email-taken');

    await page.goto(`${server.url}/login`);
    await submitLogin(page, email, 'Not-the-password-1');
    await page.getByText('The e-mail or password is not correct.').waitFor();
    await screenshot(page, 'login-wrong-password');
    await context.close();
  });

  it('sends logged-out users to /login and back to the page they asked for', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/tax?year=2024`);
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/tax?year=2024');
    await screenshot(page, 'login-with-redirect');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lotwise_redirect')?.value).toBe(
      encodeURIComponent('/tax?year=2024'),
    );
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL('**/tax?year=2024');
    await page.getByRole('heading', { name: 'Tax Center' }).waitFor();
    await context.close();

    // An explicit redirect parameter is honoured too; utm parameters go to cookies.
    const second = await newPage(browser);
    await second.page.goto(
      `${server.url}/dashboard?redirect=/holdings&utm_source=newsletter&utm_medium=email`,
    );
    await second.page.waitForURL('**/login?redirect=%2Fholdings');
    await submitLogin(second.page, email, PASSWORD);
    await second.page.waitForURL('**/holdings');
    const names = (await second.context.cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['lotwise_utm_source', 'lotwise_utm_medium']));
    await second.context.close();
  });

  it('remembers an earlier pricing target: sign-up first, then back to pricing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/pricing?callUrl=settings&taxYear=2025`);
    await page.waitForURL('**/new_sign_up');
    // Any other protected page now also leads to sign-up.
    await page.goto(`${server.url}/holdings`);
    await page.waitForURL('**/new_sign_up');
    await page.getByLabel('E-mail').fill(uniqueEmail('pricing'));
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding/step-1');
    for (const step of [2, 3, 4, 5]) {
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`**/onboarding/step-${step}`);
    }
    await page.getByRole('button', { name: 'Start importing' }).click();
    await page.waitForURL('**/pricing?callUrl=settings&taxYear=2025');
    await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    await context.close();
  });

  it('lands a tax professional on the tax-pro dashboard', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true, roles: ['cpa'] });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL('**/tax_pro/dashboard');
    await page.getByRole('heading', { name: 'Tax Pro dashboard' }).waitFor();
    // Customer pages send a cpa back to the tax-pro area; the menu has no Billing.
    await page.goto(`${server.url}/transactions`);
    await page.waitForURL('**/tax_pro/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Billing' }).count()).toBe(0);
    await screenshot(page, 'cpa-dashboard');
    await context.close();
  });

  it('shows the unauthorised screen to users without a page role', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true, roles: [] });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await submitLogin(page, email, PASSWORD);
    await page.getByText("OH SNAP! You're not supposed to be here.").waitFor();
    await screenshot(page, 'unauthorised');
    await page.getByText('Get me out!').click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('shows the bottom bar at 375 px', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(`${server.url}/login`);
    await screenshot(page, 'mobile-login');
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL(`${server.url}/`);
    const bar = page.getByRole('navigation', { name: 'Bottom navigation' });
    await bar.waitFor();
    for (const label of ['Wallets', 'Transactions', 'Tax Center', 'Holdings']) {
      expect(await bar.getByText(label).isVisible()).toBe(true);
    }
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await screenshot(page, 'mobile-home');
    await bar.getByText('Transactions').click();
    await page.waitForURL('**/transactions');
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    await screenshot(page, 'mobile-transactions');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByText('Dashboard').waitFor();
    await page.waitForTimeout(400); // let the drawer finish sliding in
    await screenshot(page, 'mobile-menu');
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByText('Dashboard').click();
    await page.waitForURL('**/dashboard');

    await page.goto(`${server.url}/settings/profile`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await screenshot(page, 'mobile-settings-profile');
    await context.close();
  });
});
