import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockbook, LTUB, ltcWallet } from '@lotwise/test-replay/blockbook-replay';
import { SOL_OWN, solanaRpc, solanaWallet } from '@lotwise/test-replay/solana-replay';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { waitForRowCount } from './transactions-helpers.ts';

/**
 * Issue 18 in the browser: inside a wallet desktop app (its bridge `window.lotwiseWalletApp`
 * set before the page loads) the hardware-wallet prompt offers the app's Litecoin and Dogecoin
 * accounts (not Zcash, which Lotwise cannot read), refuses Import until one is checked, imports
 * the Litecoin key through Blockbook (replayed) and drops it from the list once done; outside
 * the app there is no prompt. Then a Solana wallet added by address (JSON-RPC replayed).
 */
const APP_ACCOUNTS = [
  { id: 'ltc-0', currency: 'Litecoin', currencyCode: 'LTC', address: '', xPubKey: LTUB, pending: false },
  { id: 'doge-0', currency: 'Dogecoin', currencyCode: 'DOGE', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' },
  { id: 'zec-0', currency: 'Zcash', currencyCode: 'ZEC', address: 't1Hsc1LR8yKnbbe3twRp88p6vFfC5t7DLbs' },
];

describe('the hardware-wallet prompt and Solana by address (issue 18)', () => {
  let ltc: Server;
  let sol: Server;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ltc = blockbook(ltcWallet(), LTUB).server;
    sol = solanaRpc(solanaWallet()).server;
    await new Promise<void>((r) => ltc.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => sol.listen(0, '127.0.0.1', r));
    server = await startServer({
      BLOCKBOOK_LTC_URL: `http://127.0.0.1:${(ltc.address() as AddressInfo).port}`,
      SOLANA_RPC_URL: `http://127.0.0.1:${(sol.address() as AddressInfo).port}`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => ltc.close(() => r()));
    await new Promise<void>((r) => sol.close(() => r()));
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`imports the checked account of the wallet app and hides it once done (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      // Outside the wallet app: no prompt.
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
      expect(await page.getByTestId('hardware-wallet-prompt').count()).toBe(0);

      await context.addInitScript((accounts) => {
        (window as unknown as { lotwiseWalletApp: object }).lotwiseWalletApp = {
          getAccounts: async () => accounts,
        };
      }, APP_ACCOUNTS);
      await page.goto('/');
      const prompt = page.getByTestId('hardware-wallet-prompt');
      await prompt.waitFor();
      const lines = prompt.getByTestId('hardware-account');
      await expect
        .poll(() => lines.allInnerTexts())
        .toEqual([expect.stringContaining('Litecoin'), expect.stringContaining('Dogecoin')]);
      const importButton = prompt.getByTestId('hardware-import');
      expect(await importButton.isDisabled()).toBe(true);
      await importButton.hover({ force: true });
      await page.getByRole('tooltip', { name: 'You must select at least one address' }).waitFor();
      await screenshot(page, `hardware-prompt-${tag}`);

      await prompt.getByRole('checkbox', { name: /^Litecoin Ltub/ }).check();
      await importButton.click();
      // Polled every 2 seconds until the import finishes; then only Dogecoin is left.
      await expect
        .poll(() => lines.allInnerTexts(), { timeout: 30_000 })
        .toEqual([expect.stringContaining('Dogecoin')]);
      await screenshot(page, `hardware-prompt-done-${tag}`);

      await page.goto('/transactions?txnType=all');
      await waitForRowCount(page, 3);
      await context.close();
    });
  }

  it('adds a Solana wallet by address: SOL, USDC and the fees it paid', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto('/imports');
    const row = page.getByRole('row').filter({ has: page.getByText('Solana (Solscan)', { exact: true }) });
    await row.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add by address').click();
    const form = dialog.getByTestId('address-form');
    await form.getByLabel('Wallet address').fill(SOL_OWN);
    await form.getByLabel('Wallet name').fill('Phantom');
    await form.getByRole('button', { name: 'Add wallet' }).click();
    await page.locator('.mantine-Notification-root', { hasText: 'Solana wallet added' }).first().waitFor();
    await page.goto('/transactions?txnType=all');
    await waitForRowCount(page, 5);
    await screenshot(page, 'solana-address-transactions');
    await context.close();
  });
});
