import { aggregatorHandler, type ReplayHandoff } from '@lotwise/test-replay/aggregator-replay';
import { etherscanHandler } from '@lotwise/test-replay/etherscan-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 33 in the browser, at 1280 and 375 px: a partner sends the user to Lotwise with
 * ?aggcode=…; the wallet it lists is added and imported, the code leaves the address (a reload
 * sends nothing), and an expired code says so. The partner and Etherscan are local replays.
 */
const ME = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor({ timeout: 30_000 });

describe('a partner hand-over by aggcode (issue 33)', () => {
  const handoffs: Record<string, ReplayHandoff> = {};
  const partner = new ExchangeReplay(aggregatorHandler({ key: 'partner-key', handoffs }));
  const etherscan = new ExchangeReplay(
    etherscanHandler({
      key: 'explorer-key',
      contracts: {},
      lists: {
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
          },
        ],
      },
    }),
  );
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await partner.start();
    await etherscan.start();
    server = await startServer({
      AGGREGATOR_URL: partner.url,
      AGGREGATOR_API_KEY: 'partner-key',
      AGGREGATOR_NAME: 'TaxBridge',
      ETHERSCAN_API_KEY: 'explorer-key',
      ETHERSCAN_BASE_URL: `${etherscan.url}/v2/api`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await partner.close();
    await etherscan.close();
  });

  for (const [tag, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`adds the accounts a partner's link lists, once (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      handoffs[`expired-${tag}`] = { expiresAt: Date.now() - 1000, accounts: [] };
      await page.goto(`/imports?aggcode=expired-${tag}`);
      await toast(
        page,
        'This link from TaxBridge has expired: ask TaxBridge for a new one. Nothing was imported.',
      );

      handoffs[`good-${tag}`] = {
        expiresAt: Date.now() + 600_000,
        accounts: [{ type: 'wallet', chain: 'eth', address: ME, name: `Ledger ${tag}` }],
      };
      const asked = partner.requests.length;
      await page.goto(`/imports?aggcode=good-${tag}`);
      await toast(page, '1 account from TaxBridge added: importing their history');
      await page.waitForURL((url) => !url.search.includes('aggcode'));
      await page.getByText(`Ledger ${tag}`).first().waitFor();
      await screenshot(page, `aggregator-handoff-${tag}`);
      expect(partner.requests.length).toBe(asked + 1);
      // A reload sends nothing again: the code left the address.
      await page.reload();
      await page.getByText(`Ledger ${tag}`).first().waitFor();
      expect(partner.requests.length).toBe(asked + 1);
      const accounts = (await (
        await context.request.get('/api/imports/v1/import_histories?all=true')
      ).json()) as {
        data: { custom_name: string | null }[];
      };
      expect(accounts.data.map((a) => a.custom_name)).toEqual([`Ledger ${tag}`]);
      await context.close();
    });
  }
});
