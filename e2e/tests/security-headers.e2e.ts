import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * Issue 29.4 in Chromium: the built SPA runs under its Content-Security-Policy without a
 * violation on its main pages (and the Swagger UI under its own), every response carries the
 * security headers, and a page of another origin — same host, another port, so the browser
 * sends the user's cookie along — can neither open the websocket nor read the API.
 */
const PAGES = [
  '/dashboard',
  '/imports',
  '/transactions',
  '/holdings',
  '/tax',
  '/review',
  '/settings/profile',
  '/settings/mfa-security',
  '/work_with_tax_pro',
  '/labs/dashboard',
  '/api/docs/',
];

/** Records CSP violations (the DOM event and the console's report) from the page's start. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

/** The other origin's page: it tries the websocket and the API with the visitor's cookies. */
function attackerPage(target: string): string {
  const ws = target.replace(/^http/, 'ws');
  return `<!doctype html><title>elsewhere</title><script>
window.result = { events: [], closed: null, api: null };
const ws = new WebSocket(${JSON.stringify(`${ws}/api/ws`)});
ws.onmessage = (e) => window.result.events.push(String(e.data));
ws.onclose = (e) => { window.result.closed = e.code; };
fetch(${JSON.stringify(`${target}/api/auth/session`)}, { credentials: 'include' })
  .then((r) => r.text()).then((t) => { window.result.api = t; }, () => { window.result.api = 'blocked'; });
</script>`;
}

describe('security headers, CSP and the websocket origin in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let elsewhere: Server;
  let elsewhereUrl: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    elsewhere = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage(server.url));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((r) => elsewhere?.close(r));
  });

  it('the SPA and the API answer with the security headers', async () => {
    const page = await browser.newPage();
    const spa = await page.goto(`${server.url}/login`);
    const api = await page.request.get(`${server.url}/api/auth/session`);
    for (const headers of [spa!.headers(), api.headers()]) {
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
    await page.close();
  });

  it('the main pages and the API docs run without a CSP violation', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    const violations = await watchCsp(page);
    for (const path of PAGES) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      if (path === '/api/docs/') await page.locator('.swagger-ui .info').waitFor();
      else await page.waitForFunction(() => (document.getElementById('root')?.textContent ?? '').length > 20);
    }
    // The SPA's own socket opens under the policy (same origin, connect-src 'self').
    const greeting = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/api/ws`);
          ws.onmessage = (e) => resolve(String(e.data));
          ws.onclose = (e) => resolve(`closed ${e.code}`);
        }),
    );
    expect(greeting).toContain('connected');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('a page of another origin cannot open the websocket with the user’s cookie nor read the API', async () => {
    const { context, page } = await signedInNewcomer(browser, server.url);
    await page.goto(`${server.url}/dashboard`);
    await page.goto(elsewhereUrl);
    await page.waitForFunction(() => {
      const r = (window as unknown as { result: { closed: number | null; api: string | null } }).result;
      return r.closed !== null && r.api !== null;
    });
    const result = await page.evaluate(
      () => (window as unknown as { result: { events: string[]; closed: number; api: string } }).result,
    );
    expect(result.events).toEqual([]);
    expect(result.closed).toBe(1006); // the handshake was refused (403)
    expect(result.api).toBe('blocked'); // no CORS: the session is not readable from there
    await context.close();
  });
});
