import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 18: a wallet added by its address in the browser; its history comes from a local
 * server answering Etherscan's API in the documented shape: 1.5 ETH in, 0.5 ETH out with its
 * gas fee, 250 USDC in.
 */
const ME = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60';
const LISTS: Record<string, Record<string, string>[]> = {
  txlist: [
    {
      hash: `0x${'1'.repeat(64)}`,
      blockNumber: '19500000',
      timeStamp: '1711188851',
      from: OTHER,
      to: ME,
      value: '1500000000000000000',
      gasUsed: '21000',
      gasPrice: '20000000000',
      isError: '0',
      functionName: '',
    },
    {
      hash: `0x${'2'.repeat(64)}`,
      blockNumber: '19500100',
      timeStamp: '1711288851',
      from: ME,
      to: OTHER,
      value: '500000000000000000',
      gasUsed: '21000',
      gasPrice: '20000000000',
      isError: '0',
      functionName: '',
    },
  ],
  txlistinternal: [],
  tokentx: [
    {
      hash: `0x${'3'.repeat(64)}`,
      blockNumber: '19500200',
      timeStamp: '1711388851',
      from: OTHER,
      to: ME,
      value: '250000000',
      tokenDecimal: '6',
      contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      tokenName: 'USD Coin',
      tokenSymbol: 'USDC',
    },
  ],
};

/** A second wallet for the finder: it paid FRIEND and received from SHOP. */
const FINDER_ME = '0x5555555555555555555555555555555555555555';
const FRIEND = '0x6666666666666666666666666666666666666666';
const SHOP = '0x7777777777777777777777777777777777777777';
const FINDER_LISTS: Record<string, Record<string, string>[]> = {
  txlist: [
    { ...(LISTS.txlist?.[0] ?? {}), hash: `0x${'4'.repeat(64)}`, from: SHOP, to: FINDER_ME },
    { ...(LISTS.txlist?.[1] ?? {}), hash: `0x${'5'.repeat(64)}`, from: FINDER_ME, to: FRIEND },
  ],
};

describe('wallets by address (issue 18)', () => {
  let explorer: Server;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    explorer = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      const lists = q.get('address')?.toLowerCase() === FINDER_ME ? FINDER_LISTS : LISTS;
      const rows = (lists[q.get('action') ?? ''] ?? []).filter(
        (r) => Number(r.blockNumber) >= Number(q.get('startblock') ?? 0),
      );
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          rows.length
            ? { status: '1', message: 'OK', result: rows }
            : { status: '0', message: 'No transactions found', result: [] },
        ),
      );
    });
    await new Promise<void>((r) => explorer.listen(0, '127.0.0.1', r));
    server = await startServer({
      ETHERSCAN_API_KEY: 'explorer-key',
      ETHERSCAN_BASE_URL: `http://127.0.0.1:${(explorer.address() as AddressInfo).port}/v2/api`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => explorer.close(() => r()));
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`adds an Ethereum wallet by address and shows its history (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await page.goto('/imports');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByText('Ethereum (Etherscan)', { exact: true }) });
      await row.getByRole('button', { name: 'Import' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import Ethereum (Etherscan)' });
      await dialog.getByText('Add by address').click();
      const form = dialog.getByTestId('address-form');
      await form.getByLabel('Wallet address').fill('0x1234');
      await form.getByRole('button', { name: 'Add wallet' }).click();
      await form
        .getByTestId('address-error')
        .getByText(/not a valid Ethereum address/)
        .waitFor();
      await form.getByLabel('Wallet address').fill(ME);
      await form.getByLabel('Wallet name').fill('Cold ETH');
      await screenshot(page, `wallet-address-form-${tag}`);
      await form.getByRole('button', { name: 'Add wallet' }).click();
      await page
        .locator('.mantine-Notification-root', { hasText: 'Ethereum wallet added' })
        .first()
        .waitFor();
      await page.goto('/transactions?txnType=all');
      const rows = page.getByTestId('transaction-row');
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.waitForTimeout(300);
            return rows.count();
          },
          { timeout: 30_000 },
        )
        .toBe(3);
      await rows.filter({ hasText: 'USDC' }).first().waitFor();
      await rows.filter({ hasText: '1.5' }).first().waitFor();
      await screenshot(page, `wallet-address-transactions-${tag}`);
      await context.close();
    });
  }

  it('finds the addresses a wallet dealt with: dismiss one, import another; bulk import names a wrong line', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    const session = (await (await context.request.get('/api/auth/session')).json()) as { csrf_token: string };
    const added = await context.request.post('/api/blockchain_query', {
      data: { coin: 'eth', address: FINDER_ME },
      headers: { 'x-csrf-token': session.csrf_token },
    });
    expect(added.ok()).toBe(true);
    await page.goto('/wallets');
    const finder = page.getByTestId('wallet-finder');
    const row = (address: string) =>
      finder.locator(`[data-testid="wallet-finder-row"][data-address="${address}"]`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await finder.waitFor();
          await page.waitForTimeout(300);
          return finder.getByTestId('wallet-finder-row').count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    await row(FRIEND).getByText('Sent to').waitFor();
    await row(SHOP).getByText('Received from').waitFor();
    await screenshot(page, 'wallet-finder');

    await row(SHOP).getByRole('checkbox').check();
    await finder.getByTestId('wallet-finder-dismiss').click();
    await page
      .locator('.mantine-Notification-root', { hasText: 'Wallets dismissed successfully.' })
      .first()
      .waitFor();
    await row(SHOP).waitFor({ state: 'detached' });
    await row(FRIEND).getByRole('checkbox').check();
    await finder.getByTestId('wallet-finder-import').click();
    await page
      .locator('.mantine-Notification-root', {
        hasText: 'Ethereum Wallet Added to Import Queue. Please Wait.',
      })
      .first()
      .waitFor();
    await finder.getByTestId('wallet-finder-empty').waitFor();

    await page.getByTestId('bulk-import-open').click();
    const dialog = page.getByTestId('bulk-import-dialog');
    await dialog.getByLabel('Addresses, one per line').fill(`eth,0x123\nbase,${SHOP},Shop wallet`);
    await dialog.getByTestId('bulk-import-submit').click();
    await dialog
      .getByTestId('bulk-import-errors')
      .getByText(/Line 1 \(0x123\): address: not a valid Ethereum address/)
      .waitFor();
    await screenshot(page, 'wallet-bulk-import-error');
    await dialog.getByLabel('Addresses, one per line').fill(`eth,${SHOP}\nbase,${SHOP},Shop wallet`);
    await dialog.getByTestId('bulk-import-submit').click();
    await page
      .locator('.mantine-Notification-root', { hasText: 'Wallets added to import queue.' })
      .first()
      .waitFor();
    await context.close();
  });
});
