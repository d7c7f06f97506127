import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { ApiSession, arrangeUser, newPage, PASSWORD, submitLogin, totp } from './helpers.ts';

const NEW_PASSWORD = 'Brand-New-Secret-77';

describe('password reset and two-step verification', () => {
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

  it('resets the password through the outbox link, once', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByText('Forgot password?').click();
    await page.waitForURL('**/forgotpassword');
    // The log-in page has an E-mail field too: fill the reset form's once it is shown.
    await page.getByText('Reset your password').waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await screenshot(page, 'forgot-password-sent');

    const link = firstLink(await waitForMail(server.outboxDir, email));
    expect(link).toContain('/resetpassword?token=');
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('weak');
    await page.getByLabel(/^Repeat new password/).fill('weak');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must be at least 10 characters long').first().waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await screenshot(page, 'reset-password-done');

    // The same link a second time: used.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('Another-Secret-88');
    await page.getByLabel(/^Repeat new password/).fill('Another-Secret-88');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This reset link has expired or was already used').waitFor();
    await screenshot(page, 'reset-password-used-link');

    // The new password works, the old one does not.
    await page.goto(`${server.url}/login`);
    await submitLogin(page, email, PASSWORD);
    await page.getByText('The e-mail or password is not correct.').waitFor();
    await submitLogin(page, email, NEW_PASSWORD);
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('refuses an expired reset link', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const api = new ApiSession(server.url);
    await api.request('POST', '/api/auth/forgot_password', { email });
    const link = firstLink(await waitForMail(server.outboxDir, email));
    await api.request('POST', '/api/test/expire_reset_tokens', { email });
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(link);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This reset link has expired or was already used').waitFor();
    await screenshot(page, 'reset-password-expired-mobile');
    await context.close();
  });

  it('turns on TOTP with a QR code and recovery codes, then asks for a code at login', async () => {
    const { email } = await arrangeUser(server.url, { onboarded: true });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login?redirect=/settings/mfa-security`);
    await submitLogin(page, email, PASSWORD);
    await page.waitForURL('**/settings/mfa-security');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    await page.getByText('Enter this key instead').click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(10);
    await screenshot(page, 'mfa-setup-qr');

    // A wrong code first.
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await page.getByLabel('Authentication code').first().click();
    await page.keyboard.type(wrong);
    await page.getByText('That code is not correct').waitFor();
    await screenshot(page, 'mfa-setup-wrong-code');

    await page.getByLabel('Authentication code').first().click();
    const enableCode = totp(secret);
    await page.keyboard.type(enableCode);
    await page.getByTestId('recovery-codes').waitFor();
    await screenshot(page, 'mfa-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText('Recovery codes left').waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');

    await submitLogin(page, email, PASSWORD);
    await page.getByText('Two-step verification').waitFor();
    await page.getByLabel('Authentication code').first().click();
    await page.keyboard.type(wrong);
    await page.getByText('That code is not correct').waitFor();
    await screenshot(page, 'mfa-login-wrong-code');
    // A code is accepted once, and the server allows one step of clock drift: the next
    // 30-second step's code signs in without waiting for it.
    const nextCode = totp(secret, Date.now() + 30_000);
    expect(nextCode).not.toBe(enableCode);
    await page.getByLabel('Authentication code').first().click();
    await page.keyboard.type(nextCode);
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Import your first transactions').waitFor();
    await context.close();
  });
});
