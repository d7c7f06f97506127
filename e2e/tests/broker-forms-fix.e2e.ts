import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { importTieOutAccounts, TIE_OUT } from './broker-forms-helpers.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { uploadCsv, waitForImports } from './transactions-helpers.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

const work = mkdtempSync(path.join(tmpdir(), 'lotwise-broker-fix-e2e-'));

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Issue 31 item 5: upload a 1099-DA, filter to "basis differs", open a line's lots, fix a
 * missing transfer, see it match, download the 8949 with a code-B line. Coinbase sold 5 DOT on
 * 1 August 2025 that Lotwise never saw come in (its lots: none, basis $0); the broker reports
 * $25. The deposit is added from the line, the year recalculated, and the line matches; the 2
 * ETH that came from Ledger (the broker's $7,000 against Lotwise's $6,000, box H) stay code B.
 */
describe('Broker forms: fixing a missing transfer from the tie-out', () => {
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
    it(`at ${width} px: basis differs → add the missing deposit → matches; the 8949 PDF has its code-B line`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 900 });
      try {
        await fixFlow(context, page, width, server, browser);
      } catch (error) {
        await screenshot(page, `broker-fix-${width}-failure`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('Broker forms: the wallet imported from a line, the tie-out out of date until recalculated', () => {
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
    it(`at ${width} px: a refused deposit reads plainly; after the import the page says out of date, recalculates, matches`, async () => {
      const { context, page } = await signedInNewcomer(browser, server.url, { width, height: 900 });
      try {
        await importWalletFlow(context, page, width);
      } catch (error) {
        await screenshot(page, `broker-wallet-${width}-failure`);
        throw new Error(`${String(error)}\nat ${page.url()}`);
      } finally {
        await context.close();
      }
    });
  }
});

/** The DOT line of the tie-out, filtered to and opened. */
async function openDotLine(page: Page) {
  await choose(page, page, 'Asset', 'DOT');
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(1);
  await page.getByTestId('tie-out-line').getByRole('button').first().click();
  await page.getByTestId('tie-out-detail').waitFor();
}

/**
 * The 5 DOT Coinbase sold came from a Polkadot wallet: bought there 1 July for $25, sent to
 * Coinbase on 20 July. First a deposit the server refuses (409: another tab added it) reads as
 * its message in the dialog; then the wallet and Coinbase's deposit are imported ("Import the
 * wallet it came from"), and the page says the tie-out is out of date until it is recalculated,
 * when the line matches with no fix left to offer.
 */
async function importWalletFlow(context: BrowserContext, page: Page, width: number) {
  const headers = await importTieOutAccounts(context);
  expect((await context.request.post('/api/recalculate_tax', { headers })).ok()).toBe(true);
  await uploadedForm(page);
  // A line that matches offers no fix.
  await page.locator('label', { hasText: /^Matches \d+$/ }).click();
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(2);
  await page.getByTestId('tie-out-line').first().getByRole('button').first().click();
  await page.getByTestId('tie-out-detail').waitFor();
  expect(await page.getByTestId('tie-out-fixes').count()).toBe(0);
  await page.locator('label', { hasText: /^All \d+$/ }).click();
  await openDotLine(page);

  // The dialog is open when another tab adds the same deposit: the server refuses this one (409).
  await page.getByRole('button', { name: 'Add the missing deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the missing deposit' });
  await dialog.getByLabel('Cost basis (USD)').fill('25.00');
  const tie = (await (await context.request.get('/api/tax/years/2025/tie_out?asset=DOT')).json()) as {
    data: { lines: Array<{ broker: { id: number } }> };
  };
  const lineId = tie.data.lines[0]!.broker.id;
  const other = await context.request.post(`/api/tax/broker_forms/lines/${lineId}/missing_deposit`, {
    data: { units: '5', date_acquired: '2025-07-01', cost_basis: '25' },
    headers,
  });
  expect(other.ok(), await other.text()).toBe(true);
  await dialog.getByRole('button', { name: 'Add the deposit and recalculate' }).click();
  const refused = dialog.getByTestId('missing-deposit-error');
  await refused.waitFor();
  expect(await refused.textContent()).toBe(
    'The deposit was not addedThis line has no units without a purchase: adding a deposit would count coins twice',
  );
  await screenshot(page, `broker-wallet-${width}-refused`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // That other deposit is ignored: the coins came from the wallet, imported next.
  const added = (await other.json()) as { data: { transaction_id: number } };
  const undo = await context.request.post('/api/traces/toggle_group_transaction_type_ignore', {
    data: { ids: [added.data.transaction_id], is_ignore: true },
    headers,
  });
  expect(undo.ok(), await undo.text()).toBe(true);

  // "Import the wallet it came from": the Polkadot wallet, and Coinbase's deposit from it.
  const accounts = (await (await context.request.get('/api/imports/v2/import_histories?page=1')).json()) as {
    data: Array<{ id: number; custom_name: string | null }>;
  };
  const coinbase = accounts.data.find((a) => a.custom_name === 'Coinbase')!.id;
  await uploadCsv(
    context,
    headers['x-csrf-token'],
    'polkadot.csv',
    [
      HEADER,
      '2025-07-01 10:00:00 UTC,25,USD,5,DOT,,,25,USD,,Buy DOT,',
      '2025-07-20 10:00:00 UTC,5,DOT,,,,,,,,Send to Coinbase,0xd0t1',
    ].join('\n'),
    { custom_name: 'Polkadot', new_account: 'true' },
  );
  await waitForImports(context, 3);
  await uploadCsv(
    context,
    headers['x-csrf-token'],
    'coinbase-dot.csv',
    [HEADER, '2025-07-20 10:05:00 UTC,,,5,DOT,,,,,,Deposit from Polkadot,0xd0t1'].join('\n'),
    { import_history_id: String(coinbase) },
  );
  await waitForImports(context, 3);

  // Back on the page: the tie-out is the old calculation's, and the page says so.
  await page.goto('/broker_forms?year=2025');
  const stale = page.getByTestId('stale-banner');
  await stale.waitFor({ timeout: 30_000 });
  expect(await stale.textContent()).toContain(
    'The tie-out below is out of date: it comes from the calculation of',
  );
  await openDotLine(page);
  expect(await page.getByTestId('tie-out-line').getAttribute('data-status')).toBe('basis_differs');
  await screenshot(page, `broker-wallet-${width}-stale`);

  // Recalculate from the banner: the tie-out is read again without a reload and the line matches.
  await stale.getByRole('button', { name: 'Recalculate now' }).click();
  await expect
    .poll(() => page.getByTestId('tie-out-line').getAttribute('data-status'), { timeout: 60_000 })
    .toBe('matches');
  await stale.waitFor({ state: 'hidden' });
  if (!(await page.getByTestId('tie-out-detail').isVisible()))
    await page.getByTestId('tie-out-line').getByRole('button').first().click();
  expect(await page.getByTestId('tie-out-8949').textContent()).toBe(
    'Form 8949 box G: (d) $30.00 · (e) $25.00 · (h) $5.00',
  );
  expect(await page.getByTestId('tie-out-fixes').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add the missing deposit' }).count()).toBe(0);
  await screenshot(page, `broker-wallet-${width}-matches`);
}

async function fixFlow(
  context: BrowserContext,
  page: Page,
  width: number,
  server: RunningServer,
  browser: Browser,
) {
  await prepared(context, page);
  // The client's accountant (once): the same line, read-only, no fix offered.
  if (width === 1280) await accountantSeesNoFix(context, server, browser);
  await fixLine(page, width);
}

/** The client's Coinbase and Ledger imports, calculated, and the 1099-DA uploaded on the page. */
async function prepared(context: BrowserContext, page: Page) {
  const headers = await importTieOutAccounts(context);
  expect((await context.request.post('/api/recalculate_tax', { headers })).ok()).toBe(true);
  await uploadedForm(page);
}

/** Upload the 1099-DA; the tie-out appears once the calculation is there. */
async function uploadedForm(page: Page) {
  // Upload the 1099-DA; the tie-out appears once the calculation is there.
  await page.goto('/broker_forms?year=2025');
  await choose(page, page, 'Account', 'Coinbase');
  await page.locator('input[type="file"]').setInputFiles(path.join(TIE_OUT, 'coinbase-1099da-2025.csv'));
  await page.getByRole('button', { name: 'Import the form' }).click();
  await page.getByText('Imported the 1099-DA of Coinbase for 2025: 12 lines.').waitFor();
  await expect
    .poll(
      async () => {
        await page.reload();
        await page
          .getByTestId('tie-out-line')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        return page.getByTestId('tie-out-line').count();
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
}

async function fixLine(page: Page, width: number) {
  // Filter to "basis differs", then DOT: one line, sold without any lot.
  await page.locator('label', { hasText: /^Basis differs 5$/ }).click();
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(5);
  await choose(page, page, 'Asset', 'DOT');
  await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(1);
  const line = page.getByTestId('tie-out-line');
  expect(await line.getAttribute('data-status')).toBe('basis_differs');
  await line.getByRole('button').first().click();
  await page.getByTestId('reason-missing_acquisition').waitFor();
  expect(await page.getByTestId('reason-missing_acquisition').textContent()).toContain(
    'Lotwise has no purchase or deposit for 5 DOT of this sale',
  );
  expect(await page.getByTestId('tie-out-8949').textContent()).toBe(
    'Form 8949 box G: (d) $30.00 · (e) $25.00 · (f) B · (g) $25.00 · (h) $30.00',
  );
  const lots = page.locator('[data-testid^="lots-"]').first();
  await lots.waitFor();
  expect(await lots.textContent()).toContain('No lot (sold without buy)');
  const importLink = page.getByRole('link', { name: 'Import the wallet it came from' });
  expect(await importLink.getAttribute('href')).toBe('/imports#add-account');
  await screenshot(page, `broker-fix-${width}-before`);

  // Add the missing deposit: asset, units and a date before the sale are filled in.
  await page.getByRole('button', { name: 'Add the missing deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the missing deposit' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Asset').inputValue()).toBe('DOT');
  expect(await dialog.getByLabel('Units').inputValue()).toBe('5');
  expect(await dialog.getByLabel('Date acquired').inputValue()).toBe('2025-07-01');
  // A date on the day of the sale is refused under its field.
  await dialog.getByLabel('Date acquired').fill('2025-08-01');
  await dialog.getByLabel('Cost basis (USD)').fill('25.00');
  await dialog.getByRole('button', { name: 'Add the deposit and recalculate' }).click();
  await dialog
    .getByText('must be before the sale on 2025-08-01 (the coins were deposited before they were sold)', {
      exact: true,
    })
    .waitFor();
  await dialog.getByLabel('Date acquired').fill('2025-07-01');
  expect(await dialog.getByText('must be before the sale', { exact: false }).count()).toBe(0);
  await screenshot(page, `broker-fix-${width}-dialog`);
  await dialog.getByRole('button', { name: 'Add the deposit and recalculate' }).click();

  // The year is recalculated and the line read again: it matches, its lot is the deposit.
  await page.getByTestId('tie-out-fixed').waitFor({ timeout: 60_000 });
  await dialog.waitFor({ state: 'hidden' });
  // While the tie-out is read again the note says so, never the status from before the fix.
  const reading = 'Recalculated with the deposit: reading the tie-out again…';
  await expect.poll(() => page.getByTestId('tie-out-fixed').textContent()).not.toBe(reading);
  expect(await page.getByTestId('tie-out-fixed').textContent()).toBe(
    'Recalculated with the deposit: the line now matches the 1099-DA.',
  );
  const fixed = page.getByTestId('tie-out-line');
  await expect.poll(() => fixed.count()).toBe(1);
  expect(await fixed.getAttribute('data-status')).toBe('matches');
  expect(await page.getByTestId('tie-out-8949').textContent()).toBe(
    'Form 8949 box G: (d) $30.00 · (e) $25.00 · (h) $5.00',
  );
  const newLots = page.locator('[data-testid^="lots-"]').first();
  await newLots.getByText('2025-07-01').waitFor();
  expect(await page.locator('label', { hasText: /^Basis differs \d+$/ }).textContent()).toBe(
    'Basis differs 4',
  );
  expect(await page.getByTestId('tie-out-fixes').count()).toBe(0);
  // The open line's old lots are not asked for again once the calculation replaced them.
  expect(await page.getByText('Disposal not found').count()).toBe(0);
  await screenshot(page, `broker-fix-${width}-after`);

  // The Form 8949 PDF from the Reports menu (asked first: 2 lines are on the 1099-DA only).
  await page.goto('/one_year?year=2025');
  await page.getByRole('button', { name: 'Reports 2025' }).click();
  await page.getByRole('menuitem', { name: 'Form 8949 (PDF)' }).click();
  await page.getByTestId('untied-download-note').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download anyway' }).click(),
  ]);
  const pdfPath = path.join(work, `form-8949-${width}.pdf`);
  await download.saveAs(pdfPath);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const rows = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
  // 2 ETH from Ledger, box H: (d) 7,000, (e) Lotwise's 6,000, (f) B, (g) 0.00, (h) 1,000.
  expect(rows).toContain('2 ETH 02/10/2025 04/01/2025 7,000.00 6,000.00 B 0.00 1,000.00');
  // The fixed DOT line: (d) 30, (e) 25, no code, (h) 5.
  expect(rows).toContain('5 DOT 07/01/2025 08/01/2025 30.00 25.00 5.00');
}

/** Her accountant inside her account: the DOT line's reason, and neither fix. */
async function accountantSeesNoFix(client: BrowserContext, server: RunningServer, browser: Browser) {
  const session = async (c: BrowserContext) =>
    (await (await c.request.get('/api/auth/session')).json()) as { csrf_token: string; user: { id: number } };
  const post = async (c: BrowserContext, url: string, data: unknown = {}) => {
    const res = await c.request.post(url, {
      data,
      headers: { 'x-csrf-token': (await session(c)).csrf_token },
    });
    if (!res.ok()) throw new Error(`${url} → ${res.status()} ${await res.text()}`);
  };
  const cpa = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url });
  try {
    const email = uniqueEmail('cpa-1099da');
    await post(cpa, '/api/auth/sign_up', { email, password: PASSWORD, first_name: 'Carla' });
    await post(cpa, '/api/onboarding/settings/update_role', { role: 'cpa' });
    await post(cpa, '/api/onboarding_flag', { onboarded: true });
    await post(client, '/api/customer_cpa', { email });
    const link = new URL(firstLink(await waitForMail(server.outboxDir, email)));
    await post(cpa, '/api/invitations/accept', { token: link.searchParams.get('token') });
    await post(cpa, `/api/users/${(await session(client)).user.id}/impersonate`);
    const page = await cpa.newPage();
    await page.goto('/broker_forms?year=2025');
    await page.getByTestId('broker-forms-read-only').waitFor();
    await page.getByTestId('tie-out-line').first().waitFor({ timeout: 30_000 });
    await choose(page, page, 'Asset', 'DOT');
    await expect.poll(() => page.getByTestId('tie-out-line').count()).toBe(1);
    await page.getByTestId('tie-out-line').getByRole('button').first().click();
    await page.getByTestId('reason-missing_acquisition').waitFor();
    expect(await page.getByTestId('tie-out-fixes').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add the missing deposit' }).count()).toBe(0);
    await screenshot(page, 'broker-fix-1280-accountant');
  } finally {
    await cpa.close();
  }
}
