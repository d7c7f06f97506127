import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { dropFile, SAMPLES_DIR, signedInNewcomer } from './imports-helpers.ts';

const sample = (name: string) => path.join(SAMPLES_DIR, name);

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
}

async function firstImport(page: Page, file: string): Promise<void> {
  await page.goto('/');
  await page.getByText('Import your first transactions').waitFor();
  await dropFile(page, '[data-testid="import-dropzone"]', sample(file), file);
  await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });
}

describe('imports screens', () => {
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

  it('imports, adds an account, re-uploads, renames, marks US based, deletes and downloads', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    // The imports channel: a socket to /api/ws that greets with 'connected' and reports the job.
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().endsWith('/api/ws')) ws.on('framereceived', (f) => frames.push(String(f.payload)));
    });
    await firstImport(page, 'coinbase-history-2024-id.csv');
    expect(frames.some((f) => f.includes('"event":"connected"'))).toBe(true);
    expect(frames.some((f) => f.includes('"event":"import_complete"'))).toBe(true);
    await page.getByRole('link', { name: 'View your imports' }).click();
    await page.waitForURL('**/imports');
    const history = page.getByTestId('import-history');
    await history.getByText('Coinbase').first().waitFor();

    // Add account: search the exchanges table, import a Kraken file into a new account.
    await page.getByLabel('Search exchanges').fill('krak');
    const table = page.getByTestId('exchanges-table');
    await table.getByText('Binance').first().waitFor({ state: 'detached' });
    await table.getByText('Kraken').waitFor();
    await screenshot(page, 'imports-history-and-add-account');
    await table.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Import Kraken').waitFor();
    await dialog.getByTestId('import-file-input').setInputFiles(sample('kraken-trades.csv'));
    await dialog.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'imports-add-account-dialog');
    await page.keyboard.press('Escape');
    await history.getByText('Kraken').first().waitFor();

    // The same Coinbase file again, into its account: every row is a duplicate.
    await page.getByRole('button', { name: 'Actions for Coinbase' }).click();
    await page.getByRole('menuitem', { name: 'Add a file' }).click();
    await dialog.getByTestId('import-file-input').setInputFiles(sample('coinbase-history-2024-id.csv'));
    const summary = dialog.getByTestId('upload-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toMatch(/0 transactions added, \d+ already imported/);
    await page.keyboard.press('Escape');

    // An unreadable file is refused with the server's reason.
    await page.getByRole('button', { name: 'Actions for Coinbase' }).click();
    await page.getByRole('menuitem', { name: 'Add a file' }).click();
    await dialog.getByTestId('import-file-input').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('hello,world\n1,2\n'),
    });
    await dialog.locator('[data-testid="upload-item"][data-status="rejected"]').waitFor();
    expect(await dialog.getByRole('alert').first().textContent()).toMatch(/layout|recognis/i);
    await page.keyboard.press('Escape');

    // Rename and mark as US based.
    await page.getByRole('button', { name: 'Actions for Kraken' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Account name').fill('Kraken savings');
    await page.getByRole('button', { name: 'Save name' }).click();
    await toast(page, 'Name updated successfully');
    await history.getByText('Kraken savings').waitFor();
    await page.getByRole('button', { name: 'Actions for Coinbase' }).click();
    await page.getByRole('menuitem', { name: /as US Based/ }).click();
    await toast(page, 'Mark as US Based successful');

    // Manual entry.
    await page.getByRole('button', { name: 'Add transaction manually' }).click();
    await page.getByRole('button', { name: 'Save transaction' }).click();
    await page.getByText('Received currency is required for a buy').waitFor();
    await page.getByLabel('Date and time').fill('2024-03-01T10:00');
    await page.getByLabel('Received currency').fill('BTC');
    await page.getByLabel('Received amount').fill('0.01');
    await page.getByLabel('Value', { exact: true }).fill('600');
    await screenshot(page, 'imports-manual-entry');
    await page.getByRole('button', { name: 'Save transaction' }).click();
    await toast(page, 'Transaction saved successfully.');
    await history.getByText('Manual').first().waitFor();

    // Imported History: every upload; the error log of one; delete the Kraken upload.
    await page.goto('/transactionSources');
    await page.getByTestId('source-row').nth(2).waitFor();
    expect(await page.getByTestId('source-row').count()).toBe(3);
    await screenshot(page, 'imports-transaction-sources');
    await page.getByTestId('source-row').filter({ hasText: 'kraken' }).getByRole('button').click();
    await page.getByText('Are you sure you want to delete this source?').waitFor();
    await page.getByRole('button', { name: 'Delete Source' }).click();
    await toast(page, 'Source deleted successfully');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="source-row"]').length === 2);

    await page.goto('/wallets');
    const sidebar = page.getByTestId('account-sidebar');
    await sidebar.getByText('Kraken savings').waitFor();
    // The emptied Kraken account comes last.
    const names = await page.getByTestId('sidebar-account').allTextContents();
    expect(names.at(-1)).toMatch(/Kraken savings/);
    expect(names.at(-1)).toMatch(/Empty/);
    await screenshot(page, 'imports-wallets');
    await sidebar.getByText('Coinbase').click();
    await page.getByTestId('source-row').first().waitFor();
    await screenshot(page, 'imports-wallets-account');

    // Error log of the Coinbase upload.
    const fileLink = page.getByTestId('source-row').first().getByRole('link');
    if ((await fileLink.count()) > 0) await fileLink.first().click();
    else await page.goto('/transactionSources');

    // Download.
    await page.goto('/settings/export');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download \d+ transactions/ }).click();
    expect((await download).suggestedFilename()).toBe('user_transaction_data.csv');

    // Delete the Kraken account.
    await page.goto('/imports');
    await page.getByRole('button', { name: 'Actions for Kraken savings' }).click();
    await page.getByRole('menuitem', { name: 'Delete account' }).click();
    await page.getByText('Are you sure you want to delete this account?').waitFor();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Account deleted successfully');
    await page.waitForFunction(() => !document.body.textContent?.includes('Kraken savings'));
    await context.close();
  });

  it('shows the error log of an upload', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await firstImport(page, 'kraken-ledgers-2024.csv');
    await page.goto('/imports/csvs');
    await page.getByTestId('csv-file').first().waitFor();
    await screenshot(page, 'imports-csvs');
    await page.getByTestId('csv-file').first().getByRole('link', { name: 'Details' }).click();
    await page.waitForURL('**/error-logs?id=*');
    await page.getByTestId('import-counts').waitFor();
    await screenshot(page, 'imports-error-log');
    await context.close();
  });

  it('lists the rows that could not be read, from the upload outcome to the error log', async () => {
    const lines = readFileSync(sample('kraken-trades.csv'), 'utf8').split('\n');
    const cells = (lines[2] ?? '').split(',');
    cells[3] = '"not-a-date"';
    lines[2] = cells.join(',');
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto('/');
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'kraken-trades-with-a-bad-row-2021.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: '1 row could not be read' }).click();
    await page.waitForURL('**/error-logs?id=*');
    const log = page.getByTestId('error-log');
    await log.getByText('is not a YYYY-MM-DD HH:MM:SS timestamp').waitFor();
    expect(await log.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'imports-error-log-rows');
    await context.close();
  });

  it('shows empty states to a user without imports', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto('/imports');
    await page.getByText('No accounts yet').waitFor();
    await page.goto('/transactionSources');
    await page.getByText('Nothing imported here yet').waitFor();
    await page.goto('/error-logs');
    await page.getByText('No import chosen').waitFor();
    await page.goto('/settings/export');
    await page.getByText('Nothing to download yet').waitFor();
    await page.goto('/imports/csvs');
    await page.getByText('No CSV files yet').waitFor();
    // The combined page with no account at all sends the user to the first import.
    await page.goto('/wallets');
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Import your first transactions').waitFor();
    await context.close();
  });

  it('shows progress bars while a large file imports', async () => {
    const lines = readFileSync(sample('kraken-trades.csv'), 'utf8').trim().split('\n');
    const header = lines[0] ?? '';
    const row = lines[1] ?? '';
    const body: string[] = [header];
    for (let i = 0; i < 150_000; i += 1) {
      const day = new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString().replace('T', ' ').slice(0, 19);
      body.push(row.replace(/^"[^"]+"/, `"T${i}"`).replace(/"2021-[^"]+"/, `"${day}.0000"`));
    }
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto('/imports/csvs');
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'kraken-trades-large.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(body.join('\n')),
    });
    await page.locator('[data-testid="upload-item"][data-status="importing"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('csv-file').first().waitFor();
    await screenshot(page, 'imports-large-file-progress');
    await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 80_000 });
    expect(await page.getByTestId('upload-summary').textContent()).toMatch(/150,000 transactions added/);
    await context.close();
  });

  it('works at 375 px', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url, { width: 375, height: 812 });
    await page.goto('/');
    await page.getByText('Import your first transactions').waitFor();
    await screenshot(page, 'imports-mobile-landing');
    await page.getByTestId('import-file-input').setInputFiles(sample('coinbase-history-2025-addresses.csv'));
    await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'imports-mobile-first-import');
    await page.goto('/imports');
    await page.getByTestId('import-history-row').first().waitFor();
    await screenshot(page, 'imports-mobile-history');
    await page.goto('/wallets');
    await page.getByLabel('Account').first().waitFor();
    await screenshot(page, 'imports-mobile-wallets');
    await page.goto('/transactionSources');
    await page.getByTestId('source-row').first().waitFor();
    await screenshot(page, 'imports-mobile-sources');
    // Nothing wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
