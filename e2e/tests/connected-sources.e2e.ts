import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { krakenEntriesFromCsv } from '@lotwise/test-replay/kraken-ledger-entries';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { SAMPLES_DIR, signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 18: connect Kraken by an API key in the browser → the import runs with progress → the
 * transactions show → a resync adds nothing new (one request) → deleting the account removes
 * its rows. Kraken is a local server answering its Ledgers call in the documented shape.
 */
const KEY = 'read-only-kraken-key';
const SECRET = Buffer.from('kraken-secret-for-the-replay-server!').toString('base64');

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 30_000 });

describe('connected sources: a Kraken API key (issue 18)', () => {
  let kraken: Server;
  let server: RunningServer;
  let browser: Browser;
  const requests: (string | null)[] = [];
  const entries = krakenEntriesFromCsv(`${SAMPLES_DIR}/kraken-ledgers-2024.csv`);

  beforeAll(async () => {
    kraken = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push(form.get('start'));
        res.setHeader('content-type', 'application/json');
        if (req.headers['api-key'] !== KEY) {
          res.end(JSON.stringify({ error: ['EAPI:Invalid key'] }));
          return;
        }
        const start = Number(form.get('start') ?? 0);
        const newer = entries.filter(([, e]) => Number(e.time) > start);
        res.end(
          JSON.stringify({ error: [], result: { ledger: Object.fromEntries(newer), count: newer.length } }),
        );
      });
    });
    await new Promise<void>((r) => kraken.listen(0, '127.0.0.1', r));
    server = await startServer({
      KRAKEN_BASE_URL: `http://127.0.0.1:${(kraken.address() as AddressInfo).port}`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => kraken.close(() => r()));
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`connects, imports, resyncs and deletes (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await page.goto('/imports');
      const krakenRow = page.getByRole('row').filter({ has: page.getByText('Kraken', { exact: true }) });
      await krakenRow.getByRole('button', { name: 'Import' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import Kraken' });
      await dialog.getByText('Connect with an API key').click();
      const form = dialog.getByTestId('api-key-form');
      await form.getByRole('button', { name: 'Connect Kraken' }).click();
      await form
        .getByTestId('api-key-error')
        .getByText('Please Provide Correct Api-Key and Secret.')
        .waitFor();
      await form.getByLabel('API key').fill(KEY);
      await form.getByLabel('Private key (secret)').fill(SECRET);
      await form.getByLabel('Account name').fill('My Kraken');
      await screenshot(page, `connected-kraken-form-${tag}`);
      await form.getByRole('button', { name: 'Connect Kraken' }).click();
      await toast(page, 'Kraken connected: importing its history');
      await dialog.waitFor({ state: 'detached' });

      // The account appears (a row on the desktop, a card on a phone) and finishes importing.
      await page.getByText('My Kraken').first().waitFor();
      const count = async () => {
        const res = await context.request.post('/api/traces/list_transactions_new', {
          data: { txns_type: 'all', page: 1, page_size: 100 },
          headers: {
            'x-csrf-token': (
              (await (await context.request.get('/api/auth/session')).json()) as { csrf_token: string }
            ).csrf_token,
          },
        });
        return ((await res.json()) as { transactions_count: number }).transactions_count;
      };
      await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(5);
      await page.reload();
      await page.getByText('My Kraken').first().waitFor();
      await screenshot(page, `connected-kraken-imported-${tag}`);
      const imported = await count();
      expect(imported).toBeGreaterThan(5);
      await page.goto('/transactions?txnType=all');
      await page.getByTestId('transaction-row').first().waitFor();

      // Resync: one request from the last entry, nothing new.
      requests.length = 0;
      await page.goto('/imports');
      await page.getByRole('button', { name: 'Actions for My Kraken' }).click();
      await page.getByRole('menuitem', { name: 'Resync' }).click();
      await toast(page, 'Importing the account again');
      await expect.poll(() => requests.length, { timeout: 20_000 }).toBe(1);
      expect(requests[0]).not.toBeNull();
      await page.waitForTimeout(500);
      expect(await count()).toBe(imported);

      // Delete the account: its rows go with it.
      await page.getByRole('button', { name: 'Actions for My Kraken' }).click();
      await page.getByRole('menuitem', { name: 'Delete account' }).click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await toast(page, 'Account deleted successfully');
      await expect.poll(count, { timeout: 20_000 }).toBe(0);
      await context.close();
    });
  }
});
