import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 35.8: a connected source that cannot be reached (Kraken at a closed port, as offline)
 * says why on the account, in the job's words; Retry imports the same account again and a
 * failed retry says so; connecting the same key again finds the same account, never a second.
 */
const KEY = 'read-only-kraken-key';
const SECRET = Buffer.from('kraken-secret-for-the-replay-server!').toString('base64');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 30_000 });

async function connectKraken(page: Page): Promise<void> {
  const krakenRow = page.getByRole('row').filter({ has: page.getByText('Kraken', { exact: true }) });
  await krakenRow.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Kraken' });
  await dialog.getByText('Connect with an API key').click();
  const form = dialog.getByTestId('api-key-form');
  await form.getByLabel('API key').fill(KEY);
  await form.getByLabel('Private key (secret)').fill(SECRET);
  await form.getByLabel('Account name').fill('My Kraken');
  await form.getByRole('button', { name: 'Connect Kraken' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('connected sources that fail say why (issue 35.8)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ KRAKEN_BASE_URL: `http://127.0.0.1:${await closedPort()}` });
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
    it(`shows the reason, retries the same account, and never duplicates it (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await page.goto('/imports');
      await connectKraken(page);
      await toast(page, 'Kraken connected: importing its history');

      // The account fails (Kraken unreachable) and says why, with the job's own words.
      const failure = page.getByTestId('account-failure').first();
      await failure.waitFor({ timeout: 60_000 });
      const histories = async () =>
        (
          (await (await context.request.get('/api/imports/v1/import_histories?all=true')).json()) as {
            data: Array<{ id: number; failure_reason: string | null }>;
          }
        ).data;
      const [account] = await histories();
      expect(account?.failure_reason).toBeTruthy();
      expect(await failure.textContent()).toContain(account?.failure_reason ?? '');
      expect(await failure.isVisible()).toBe(true);
      // The reason fits the screen: nothing cut off beyond the viewport's width.
      const box = await failure.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `connected-failure-reason-${tag}`);

      // Retry: the same account is imported again, fails again, and still says why.
      await failure.getByRole('button', { name: 'Retry My Kraken' }).click();
      await toast(page, 'Importing the account again');
      await page.getByTestId('account-failure').first().waitFor({ timeout: 60_000 });
      expect((await histories()).map((h) => h.id)).toEqual([account?.id]);

      // Connecting the same key again: the same account, never a second one.
      await connectKraken(page);
      await toast(page, 'Kraken is already connected with this key');
      await page.getByTestId('account-failure').first().waitFor({ timeout: 60_000 });
      expect((await histories()).map((h) => h.id)).toEqual([account?.id]);
      expect(await page.getByTestId('import-history-row').count()).toBe(1);
      await screenshot(page, `connected-failure-no-duplicate-${tag}`);
      await context.close();
    });
  }
});
