import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { importTieOutAccounts, TIE_OUT } from './broker-forms-helpers.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/1099-da');
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [
  HEADER,
  '2025-03-01 12:00:00 UTC,20000,USD,0.5,BTC,,,20000,USD,,Buy,',
  '2025-06-02 12:00:00 UTC,0.5,BTC,30000,USD,,,30000,USD,,Sell,',
].join('\n');
const work = mkdtempSync(path.join(tmpdir(), 'lotwise-broker-e2e-'));

/** Picks an option of a Mantine Select by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).click();
}

describe('Broker forms: a 1099-DA uploaded and typed in, box 4 on the year', () => {
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

  for (const width of [1280, 375]) {
    it(`at ${width} px: a bad file is refused row by row, the good one lists, a typed form adds its box 4`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 900 });
      try {
        await flow(context, page, width);
      } catch (error) {
        await screenshot(page, `broker-forms-${width}-failure`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});

async function flow(context: BrowserContext, page: Page, width: number) {
  const csrf = await csrfOf(context);
  await uploadCsv(context, csrf, 'coinbase.csv', LEDGER, { custom_name: 'Coinbase' });
  await waitForImports(context, 1);

  await page.goto('/broker_forms?year=2025');
  await page.getByRole('heading', { name: 'Broker forms 2025' }).waitFor();
  await page.getByTestId('no-broker-forms').waitFor();
  await screenshot(page, `broker-forms-${width}-empty`);

  // A broken file: every bad row with its line and column; nothing is listed.
  const bad = path.join(work, `bad-${width}.csv`);
  writeFileSync(bad, 'Box 1a,Box 1c,Box 1e,Box 1f\nBTC,0.5,2025-06-31,100\nETH,1,2025-07-01,lots\n');
  await choose(page, page, 'Account', 'Coinbase');
  await page.locator('input[type="file"]').setInputFiles(bad);
  await page.getByRole('button', { name: 'Import the form' }).click();
  await page.getByText('Line 2, column "Box 1e": "2025-06-31" is not a calendar day').waitFor();
  await page.getByText('Line 3, column "Box 1f": "lots" is not a number').waitFor();
  await screenshot(page, `broker-forms-${width}-errors`);
  expect(await page.getByTestId('broker-form').count()).toBe(0);

  // The TaxBit-layout form: three lines, $24.00 withheld.
  await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'taxbit-form-data.csv'));
  await page.getByRole('button', { name: 'Import the form' }).click();
  await page.getByText('Imported the 1099-DA of Coinbase for 2025: 3 lines.').waitFor();
  await page.getByTestId('broker-form').first().waitFor();
  expect(await page.getByTestId('broker-withheld').textContent()).toBe('$24.00');
  // The same file again adds nothing.
  await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'taxbit-form-data.csv'));
  await page.getByRole('button', { name: 'Import the form' }).click();
  await page.getByText('This 1099-DA of Coinbase for 2025 is already imported; nothing was added.').waitFor();
  expect(await page.getByTestId('broker-form').count()).toBe(1);

  // Typed in from paper: one line with $10.50 withheld.
  await page.getByRole('button', { name: 'Type in a form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Type in a Form 1099-DA for 2025' });
  await dialog.waitFor();
  // The account chosen on the page is the dialog's.
  expect(await dialog.getByRole('textbox', { name: 'Account' }).inputValue()).toBe('Coinbase');
  await dialog.getByLabel('Asset (ticker)').fill('sol');
  await dialog.getByLabel('1c Number of units').fill('10');
  await dialog.getByLabel('1e Date sold or disposed').fill('2025-04-05');
  await dialog.getByLabel('1f Proceeds').fill('$1,500.25');
  await dialog.getByLabel('4 Federal income tax withheld').fill('10.50');
  await screenshot(page, `broker-forms-${width}-typed`);
  await dialog.getByRole('button', { name: 'Save the form' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('broker-form').count()).toBe(2);
  expect(await page.getByTestId('broker-withheld').textContent()).toBe('$34.50');
  await screenshot(page, `broker-forms-${width}-list`);

  // Removing a form asks first, naming it and saying what removing does; Cancel keeps it.
  const removeTyped = page.getByRole('button', { name: 'Remove the 1099-DA of Coinbase' }).last();
  await removeTyped.click();
  const confirm = page.getByRole('dialog', { name: 'Remove the 1099-DA of Coinbase for 2025?' });
  await confirm.waitFor();
  const said = await confirm.getByTestId('delete-form-confirm').textContent();
  expect(said).toContain('The Form 1099-DA of Coinbase for 2025, 1 line typed in, is removed from Lotwise.');
  expect(said).toContain('Its lines leave the tie-out.');
  expect(said).toContain('Your transactions are not changed.');
  await screenshot(page, `broker-forms-${width}-remove-confirm`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await page.getByTestId('broker-form').count()).toBe(2);
  await removeTyped.click();
  await confirm.getByRole('button', { name: 'Remove the form' }).click();
  await expect.poll(() => page.getByTestId('broker-form').count()).toBe(1);
  expect(await page.getByTestId('broker-withheld').textContent()).toBe('$24.00');
  // Typed in again (the year's box 4 below is both forms'); the dialog starts from Coinbase again.
  await page.getByRole('button', { name: 'Type in a form' }).click();
  await dialog.waitFor();
  expect(await dialog.getByRole('textbox', { name: 'Account' }).inputValue()).toBe('Coinbase');
  await dialog.getByLabel('Asset (ticker)').fill('sol');
  await dialog.getByLabel('1c Number of units').fill('10');
  await dialog.getByLabel('1e Date sold or disposed').fill('2025-04-05');
  await dialog.getByLabel('1f Proceeds').fill('$1,500.25');
  await dialog.getByLabel('4 Federal income tax withheld').fill('10.50');
  await dialog.getByRole('button', { name: 'Save the form' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('broker-form').count()).toBe(2);

  // The year's summary shows box 4 once the year is calculated.
  const calc = await context.request.post('/api/recalculate_tax', { headers: { 'x-csrf-token': csrf } });
  expect(calc.ok()).toBe(true);
  await page.goto('/one_year?year=2025');
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByTestId('year-withheld')
          .textContent({ timeout: 3000 })
          .catch(() => null);
      },
      { timeout: 60_000 },
    )
    .toBe('$34.50');
  await screenshot(page, `broker-forms-${width}-year`);
}

describe('Broker forms: the tie-out page', () => {
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

  for (const width of [1280, 375]) {
    it(`at ${width} px: filter to basis differs, open a line's lots, download the 8949 with its code-B lines`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 900 });
      try {
        await tieOutFlow(context, page, width);
      } catch (error) {
        await screenshot(page, `broker-tie-out-${width}-failure`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});

async function tieOutFlow(context: BrowserContext, page: Page, width: number) {
  const headers = await importTieOutAccounts(context);

  await page.goto('/broker_forms?year=2025');
  await choose(page, page, 'Account', 'Coinbase');
  await page.locator('input[type="file"]').setInputFiles(path.join(TIE_OUT, 'coinbase-1099da-2025.csv'));
  await page.getByRole('button', { name: 'Import the form' }).click();
  await page.getByText('Imported the 1099-DA of Coinbase for 2025: 12 lines.').waitFor();
  await page.getByTestId('tie-out-no-results').waitFor();

  // Calculate, then the tie-out shows every status with its count.
  expect((await context.request.post('/api/recalculate_tax', { headers })).ok()).toBe(true);
  await expect
    .poll(
      async () => {
        await page.reload();
        await page
          .getByTestId('tie-out-line')
          .or(page.getByTestId('tie-out-no-results'))
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        return page.getByTestId('tie-out-line').count();
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const basisFilter = page.locator('label', { hasText: /^Basis differs \d+$/ });
  expect(await basisFilter.textContent()).toBe('Basis differs 5');
  // Beside the counts, each status's money: the 1099-DA's proceeds and Lotwise's.
  const statusRow = async (status: string) =>
    (await page.getByTestId(`status-total-${status}`).locator('td').allTextContents()).map((t) => t.trim());
  expect(await statusRow('proceeds_differ')).toEqual(['Proceeds differ', '2', '$5,210.00', '$5,150.00']);
  expect(await statusRow('form_only')).toEqual(['On the 1099-DA only', '2', '$2,003.00', '$0.00']);
  expect(await statusRow('lotwise_only')).toEqual(['In Lotwise only', '2', '$0.00', '$4,900.00']);
  // The boxes are the Form 8949's: box I is Coinbase's sale the form left out and Ledger's.
  const boxRow = async (box: string) =>
    (await page.getByTestId(`box-total-${box}`).locator('td').allTextContents()).map((t) => t.trim());
  expect(await boxRow('I')).toEqual(['I', '2', '$6,000.00', '$3,500.00', '$0.00', '$2,500.00']);
  expect(await boxRow('G')).toEqual(['G', '5', '$28,030.00', '$20,525.00', '$475.00', '$7,980.00']);
  await screenshot(page, `broker-tie-out-${width}-all`);

  // While the tie-out is read, and when it cannot be: the page says so, with a retry.
  const tieOutUrl = /\/api\/tax\/years\/2025\/tie_out\?/;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(tieOutUrl, async (route) => {
    await held;
    // Another reload may have dropped the request meanwhile.
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await page.getByText('Tying the forms out…').waitFor();
  await screenshot(page, `broker-tie-out-${width}-loading`);
  release();
  await page.unroute(tieOutUrl);
  await page.route(tieOutUrl, (route) =>
    route.fulfill({
      status: 500,
      json: { status: 'error', code: 'internal', message: 'The server had a problem', messages: [] },
    }),
  );
  await page.reload();
  await page.getByText('The tie-out could not be read').waitFor({ timeout: 20_000 });
  await screenshot(page, `broker-tie-out-${width}-error`);
  await page.unroute(tieOutUrl);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('tie-out-line').first().waitFor();

  // Filter to "basis differs", then to ETH: the 2 ETH that came from Ledger.
  await basisFilter.click();
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(5);
  for (const status of await page
    .getByTestId('tie-out-line')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
    expect(status).toBe('basis_differs');
  await page.getByRole('textbox', { name: 'Asset' }).click();
  await page.getByRole('option', { name: 'ETH', exact: true }).click();
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(1);
  await page.getByTestId('tie-out-line').getByRole('button').first().click();
  await page.getByTestId('reason-transferred_in').waitFor();
  expect(await page.getByTestId('reason-transferred_in').textContent()).toContain(
    'came into this account from Ledger',
  );
  expect(await page.getByTestId('tie-out-8949').textContent()).toContain('Form 8949 box H');
  // The line's lots: the lot bought in Ledger on 5 January.
  await page.locator('[data-testid^="lots-"]').first().waitFor();
  expect(await page.locator('[data-testid^="lots-"]').first().textContent()).toContain('2025-01-05');
  await screenshot(page, `broker-tie-out-${width}-lots`);

  // The 8949's CSV carries the code-B lines with their adjustments.
  const gains = await context.request.get('/api/tax/reports/2025/capital-gains.csv');
  const rows = (await gains.text()).trim().split('\n');
  const header = rows[0]!.split(',');
  const coded = rows
    .slice(1)
    .map((r) => r.split(','))
    .filter((r) => r[header.indexOf('code')] === 'B')
    .map((r) => [r[header.indexOf('asset')], r[header.indexOf('box')], r[header.indexOf('adjustment')]]);
  // Every box of the page's table has the 8949's number of lines.
  for (const box of ['G', 'H', 'I', 'J', 'K', 'L'])
    expect((await boxRow(box))[1], `box ${box}`).toBe(
      String(rows.slice(1).filter((r) => r.split(',')[header.indexOf('box')] === box).length),
    );
  expect(coded).toEqual([
    ['DOT', 'G', '25.00'],
    ['BTC', 'G', '500.00'],
    ['ETH', 'H', '0.00'],
    ['ADA', 'J', '10.00'],
  ]);
  // The one-year page's Reports menu says the year is not tied out (2 lines only on the form).
  await page.goto('/one_year?year=2025');
  await page.getByRole('button', { name: 'Reports 2025' }).click();
  await page.getByTestId('reports-untied').waitFor();
  expect(await page.getByTestId('reports-untied').textContent()).toContain(
    '2 1099-DA lines are not in Lotwise',
  );
  await page.getByRole('menuitem', { name: 'Form 8949 (PDF)' }).click();
  await page.getByTestId('untied-download-note').waitFor();
  await screenshot(page, `broker-tie-out-${width}-untied`);
}
