import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esplora as esploraReplay, wallet, ZPUB } from '../../apps/server/test/support/bitcoin-wallet.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, waitForRowCount } from './transactions-helpers.ts';

/**
 * Issue 18: add a Bitcoin wallet by its zpub in the browser → its derived addresses are found →
 * its history is imported → the move between two of its own addresses is neither income nor a
 * disposal. Esplora is a local server; the key is BIP84's test vector.
 */
describe('a Bitcoin wallet by zpub (issue 18)', () => {
  let esplora: Server;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    esplora = esploraReplay(wallet());
    await new Promise<void>((r) => esplora.listen(0, '127.0.0.1', r));
    server = await startServer({
      ESPLORA_BASE_URL: `http://127.0.0.1:${(esplora.address() as AddressInfo).port}`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => esplora.close(() => r()));
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`adds the wallet, imports its history and keeps its own moves out of the taxes (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await page.goto('/imports');
      const row = page.getByRole('row').filter({ has: page.getByText('Electrum', { exact: true }) });
      await row.getByRole('button', { name: 'Import' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import Electrum' });
      await dialog.getByText('Add by address').click();
      const form = dialog.getByTestId('address-form');
      await form.getByLabel('Address or xpub / ypub / zpub').fill(ZPUB);
      await form.getByLabel('Wallet name').fill('Savings');
      await screenshot(page, `bitcoin-xpub-form-${tag}`);
      await form.getByRole('button', { name: 'Add wallet' }).click();
      await page.locator('.mantine-Notification-root', { hasText: 'Bitcoin wallet added' }).first().waitFor();

      await page.goto('/transactions?txnType=all');
      await waitForRowCount(page, 3);
      await screenshot(page, `bitcoin-xpub-transactions-${tag}`);

      // Calculate: no income, and only the two network fees are disposed of.
      const csrf = await csrfOf(context);
      await context.request.post('/api/imports/v1/tax_calculations/start_tax_calculation', {
        data: {},
        headers: { 'x-csrf-token': csrf },
      });
      await expect
        .poll(
          async () =>
            (
              (await (await context.request.get('/api/tax/years')).json()) as {
                data: { stale: boolean; years: unknown[] };
              }
            ).data,
          { timeout: 30_000 },
        )
        .toMatchObject({ stale: false });
      const year = (await (await context.request.get('/api/tax/years/2024')).json()) as {
        data: { income_total: string };
      };
      expect(Number(year.data.income_total)).toBe(0);
      const disposals = (await (
        await context.request.get('/api/tax/years/2024/disposals?per_page=50')
      ).json()) as {
        data: { amount: string }[];
      };
      expect(disposals.data.map((d) => Number(d.amount))).toEqual([0.00001, 0.00001]);
      await context.close();
    });
  }
});
