import { CoinbaseOauthReplay } from '@lotwise/test-replay/coinbase-oauth-replay';
import { coinbaseTransactionsFromCsv } from '@lotwise/test-replay/coinbase-replay';
import { etherscanHandler } from '@lotwise/test-replay/etherscan-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { SAMPLES_DIR, signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 33 in the browser, at 1280 and 375 px: "Connect with Coinbase" through Coinbase's consent
 * page (a local server answering Coinbase's login server and App API in their documented shapes)
 * back to the imported rows; a refused consent; and the smart-contract warning on the address
 * form (Etherscan's proxy module replayed: USDC's token contract).
 */
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const MINE = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 30_000 });

async function openImport(page: Page, name: string) {
  await page.goto('/imports');
  const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  await row.getByRole('button', { name: 'Import' }).first().click();
  return page.getByRole('dialog', { name: `Import ${name}` });
}

describe('Connect with Coinbase and the smart-contract check (issue 33)', () => {
  const coinbase = new CoinbaseOauthReplay();
  const etherscan = new ExchangeReplay(
    etherscanHandler({
      key: 'explorer-key',
      contracts: { [USDC]: { code: '0x6080604052', totalSupply: 52_000_000_000_000_000n, symbol: 'USDC' } },
    }),
  );
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await coinbase.start();
    await etherscan.start();
    coinbase.state.transactions = coinbaseTransactionsFromCsv(
      `${SAMPLES_DIR}/coinbase-history-2025-addresses.csv`,
    );
    server = await startServer({
      COINBASE_OAUTH_CLIENT_ID: coinbase.clientId,
      COINBASE_OAUTH_CLIENT_SECRET: coinbase.clientSecret,
      COINBASE_OAUTH_BASE_URL: coinbase.url,
      COINBASE_BASE_URL: coinbase.url,
      COINBASE_PACING: 'off',
      ETHERSCAN_API_KEY: 'explorer-key',
      ETHERSCAN_BASE_URL: `${etherscan.url}/v2/api`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await coinbase.close();
    await etherscan.close();
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`connects Coinbase through its consent page and shows the imported rows (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      // A refused consent first: nothing is connected, and the page says so.
      let dialog = await openImport(page, 'Coinbase');
      await dialog.getByText('Connect your account').click();
      await dialog.getByRole('button', { name: 'Connect with Coinbase' }).click();
      await page.waitForURL(/\/oauth2\/auth\?/);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(/\/oauth\/coinbase\/callback\?/);
      await page
        .getByTestId('oauth-callback-error')
        .getByText('You declined access on Coinbase: nothing was connected.')
        .waitFor();
      await screenshot(page, `oauth-coinbase-declined-${tag}`);

      dialog = await openImport(page, 'Coinbase');
      await dialog.getByText('Connect your account').click();
      await dialog.getByTestId('oauth-connect').waitFor();
      await screenshot(page, `oauth-coinbase-dialog-${tag}`);
      await dialog.getByRole('button', { name: 'Connect with Coinbase' }).click();
      await page.waitForURL(/\/oauth2\/auth\?/);
      await page.getByText('wallet:transactions:read').waitFor();
      await screenshot(page, `oauth-coinbase-consent-${tag}`);
      await page.getByRole('link', { name: 'Authorize' }).click();
      await toast(page, 'Coinbase connected: importing its history');
      await page.waitForURL(/\/imports$/);

      const count = async () => {
        const csrf = (
          (await (await context.request.get('/api/auth/session')).json()) as { csrf_token: string }
        ).csrf_token;
        const res = await context.request.post('/api/traces/list_transactions_new', {
          data: { txns_type: 'all', page: 1, page_size: 100 },
          headers: { 'x-csrf-token': csrf },
        });
        return ((await res.json()) as { transactions_count: number }).transactions_count;
      };
      await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(5);
      await page.reload();
      await page.getByRole('button', { name: 'Actions for Coinbase' }).first().waitFor();
      await screenshot(page, `oauth-coinbase-imported-${tag}`);
      await page.goto('/transactions?txnType=all');
      await page.getByTestId('transaction-row').first().waitFor();
      await screenshot(page, `oauth-coinbase-transactions-${tag}`);

      // Disconnect from the account's menu: Coinbase revokes the token, the rows stay.
      await page.goto('/imports');
      await page.getByRole('button', { name: 'Actions for Coinbase' }).first().click();
      await page.getByRole('menuitem', { name: 'Disconnect Coinbase' }).click();
      await toast(page, 'Coinbase disconnected');
      expect(coinbase.server.to(/^\/oauth2\/revoke$/).length).toBeGreaterThan(0);
      expect(await count()).toBeGreaterThan(5);
      await context.close();
    });

    it(`warns before saving a token contract as a wallet, and lets the user cancel or go on (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      const dialog = await openImport(page, 'Ethereum (Etherscan)');
      await dialog.getByText('Add by address').click();
      const form = dialog.getByTestId('address-form');
      await form.getByLabel('Wallet address').fill(USDC);
      await form.getByRole('button', { name: 'Add wallet' }).click();
      const warning = form.getByTestId('contract-warning');
      await warning.getByText('This address is the USDC token contract on Ethereum, not a wallet').waitFor();
      await screenshot(page, `contract-warning-${tag}`);
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await warning.waitFor({ state: 'detached' });
      // Nothing was saved.
      const accounts = async () =>
        (
          (await (await context.request.get('/api/imports/v1/import_histories?all=true')).json()) as {
            data: unknown[];
          }
        ).data.length;
      expect(await accounts()).toBe(0);
      // Their own wallet: checked, no warning, added.
      await form.getByLabel('Wallet address').fill(MINE);
      await form.getByRole('button', { name: 'Add wallet' }).click();
      await toast(page, 'Ethereum wallet added');
      expect(await accounts()).toBe(1);
      await context.close();
    });
  }
});
