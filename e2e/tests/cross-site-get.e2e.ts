import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf } from '../support/api.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 29.3 in Chromium: a page on another site (a second HTTP server, `localhost` on another
 * port while Lotwise is `127.0.0.1`) sends the signed-in user's browser to the spec's GET links
 * (a top-level link, a GET form, an image). The browser sends the session cookie with the
 * top-level ones (SameSite=Lax lets top-level GETs through): nothing of the user's changes and
 * no calculation is queued; the POST the web app sends, with its CSRF token, still works.
 */
const LEDGER = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-03-01 12:00:00 UTC,,,10,DOT,,,60,USD,,Reward,',
].join('\n');

/** Everything of the user's the links could touch: the rows, and the calculation state. */
async function state(context: BrowserContext) {
  const list = await context.request.post('/api/traces/list_transactions_new', {
    data: { page_size: 50 },
    headers: { 'x-csrf-token': await csrfOf(context) },
  });
  const details = await context.request.get('/api/imports/v1/tax_calculations/details');
  const rows = ((await list.json()) as { transactions: Array<Record<string, unknown>> }).transactions;
  return { rows, details: ((await details.json()) as { data: Record<string, unknown> }).data };
}

function attackerPage(target: string, id: number): string {
  const mark = `${target}/api/traces/update_transaction_type/${id}/staking_reward`;
  const recalc = `${target}/api/recalculate_tax`;
  return `<!doctype html><title>Free airdrop</title>
<img src="${mark}" alt=""><img src="${recalc}" alt="">
<p><a id="mark" href="${mark}">Claim your airdrop</a></p>
<form id="recalc" method="GET" action="${recalc}"><button>Recalculate</button></form>`;
}

describe('a page on another site cannot change data through GET links (issue 29.3)', () => {
  let server: RunningServer;
  let browser: Browser;
  let attacker: Server;
  let html = '';
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it('a link, a GET form and images from another origin leave the rows and the calculations alone', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    const up = await context.request.post('/api/imports/v1/csv_imports', {
      multipart: { file: { name: 'dot.csv', mimeType: 'text/csv', buffer: Buffer.from(LEDGER) } },
      headers: { 'x-csrf-token': await csrfOf(context) },
    });
    expect(up.ok()).toBe(true);
    await expect
      .poll(async () => {
        const res = await context.request.get('/api/imports/v2/import_histories?page=1');
        return ((await res.json()) as { data: { import_status: string }[] }).data[0]?.import_status;
      })
      .toBe('complete');
    const before = await state(context);
    const id = before.rows[0]?.id as number;
    expect(id).toBeGreaterThan(0);

    const origin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
    html = attackerPage(server.url, id);
    await page.goto(`${origin}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);

    // The link: a top-level navigation carries the cookie, and is refused.
    const [linked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/update_transaction_type/')),
      page.click('#mark'),
    ]);
    expect(linked.status()).toBe(405);
    expect(await linked.text()).toContain('POST');
    await screenshot(page, 'cross-site-get-link');

    // The GET form to the recalculation.
    await page.goto(`${origin}/`);
    const [formed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/recalculate_tax')),
      page.click('#recalc button'),
    ]);
    expect(formed.status()).toBe(405);

    await new Promise((r) => setTimeout(r, 500));
    const after = await state(context);
    expect(after.rows).toEqual(before.rows);
    expect(after.details).toEqual(before.details);

    // The web app's own POST, with the CSRF token, makes the change.
    const posted = await context.request.post(`/api/traces/update_transaction_type/${id}/staking_reward`, {
      headers: { 'x-csrf-token': await csrfOf(context) },
    });
    expect(posted.status()).toBe(200);
    expect((await state(context)).rows).not.toEqual(before.rows);
    await context.close();
  });
});
