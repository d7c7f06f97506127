import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/*
 * Issue 35, item 6 as a person sees it, at 1280 and 375 px: a file whose rows had errors says
 * "Finished with 3 row errors" where its status is shown — the CSV uploads list, the imports
 * list and the upload's own page — with a way to see them, never a plain FINISHED / COMPLETE.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const WITH_ERRORS = [
  HEADER,
  '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2024-13-45 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Bad date,',
  '2024-03-02 12:00:00 UTC,abc,USD,1,LTC,,,100,USD,,Bad amount,',
  '2024-03-03 12:00:00 UTC,100,USD,1x,LTC,,,100,USD,,Bad amount,',
  '2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell,',
].join('\n');

describe('uploads with row errors (issue 35, item 6)', () => {
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

  for (const [tag, viewport] of [
    ['1280', { width: 1280, height: 860 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    it(`say "Finished with 3 row errors" where the status is shown, with a way to them (${tag})`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, viewport);
      await uploadCsv(context, await csrfOf(context), 'ledger-with-errors.csv', WITH_ERRORS, {
        new_account: 'true',
        custom_name: 'Vault',
      });
      await waitForImports(context, 1);

      // The CSV uploads list.
      await page.goto('/imports/csvs');
      const file = page.getByTestId('csv-file').first();
      await file.waitFor();
      const status = file.getByTestId('import-status');
      expect(await status.textContent()).toBe('Finished with 3 row errors');
      expect(await status.getAttribute('data-status')).toBe('complete-with-errors');
      expect(await file.textContent()).not.toMatch(/Finished(?! with)/);
      await screenshot(page, `uploads-row-errors-csvs-${tag}`);

      // The imports list: the account's status, and a way to its uploads.
      await page.goto('/imports');
      const account = page.getByTestId('import-history-row').first();
      await account.waitFor();
      expect(await account.getByTestId('import-status').textContent()).toBe('Finished with 3 row errors');
      expect(await account.textContent()).not.toContain('Complete');
      await screenshot(page, `uploads-row-errors-imports-${tag}`);
      await account.getByTestId('row-errors-link').click();
      await page.waitForURL(/\/transactionSources\?account=\d+/);
      const source = page.getByTestId('source-row').first();
      await source.waitFor();
      expect(await source.getByTestId('import-status').textContent()).toBe('Finished with 3 row errors');
      await screenshot(page, `uploads-row-errors-sources-${tag}`);

      // The upload's own page lists them.
      await page.goto('/imports/csvs');
      await page.getByTestId('csv-file').first().getByText('See the errors').click();
      await page.waitForURL(/\/error-logs\?id=\d+/);
      await page.getByTestId('error-log').waitFor();
      expect(await page.getByTestId('import-status').textContent()).toBe('Finished with 3 row errors');
      expect(await page.getByTestId('error-log-row').count()).toBe(3);
      expect(await page.getByTestId('import-counts').textContent()).toBe(
        '5 rows: 2 added · 0 already imported · 0 skipped · 3 could not be read',
      );
      await screenshot(page, `uploads-row-errors-log-${tag}`);
      await context.close();
    });
  }
});
