import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

describe('the built app', () => {
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

  it('serves the SPA for client routes and the API docs', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/login`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain('Lotwise');
    const docs = (await fetch(`${server.url}/api/docs/json`).then((r) => r.json())) as { paths: object };
    expect(Object.keys(docs.paths)).toContain('/api/auth/login');
    await page.close();
  });
});
