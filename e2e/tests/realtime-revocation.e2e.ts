import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf } from './transactions-helpers.ts';

/**
 * Issue 32.3 across two real server processes on one PostgreSQL, joined by Redis: an accountant
 * viewing a client's account has a websocket on process B and hears the client's import there;
 * the client revokes the accountant on process A; B closes the socket at once (4403), and the
 * client's next import reaches it no more.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const wantsPostgres = (process.env.TEST_DIALECTS ?? 'sqlite,postgres').includes('postgres');
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const csv = (tag: string) =>
  `${HEADER}\n2024-03-01 12:00:00 UTC,,,0.5,BTC,,,100,USD,,Deposit,${tag}-1\n2024-03-02 12:00:00 UTC,,,0.25,BTC,,,50,USD,,Deposit,${tag}-2\n`;

type Probe = { events: string[]; closed: number | null };

describe.skipIf(!wantsPostgres)('websockets end at revocation across two processes (Redis)', () => {
  const database = `lotwise_ws_${process.pid}_${Date.now()}`;
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-ws-'));
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    // Its own channels: other suites may share this Redis at the same time.
    const env = { DATABASE_URL: dbUrl, REDIS_URL, REDIS_PREFIX: database };
    a = await startServer(env, { dataDir });
    b = await startServer(env, { dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  async function upload(context: BrowserContext, tag: string): Promise<void> {
    const res = await context.request.post(`${a.url}/api/imports/v1/csv_imports`, {
      multipart: { file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(tag)) } },
      headers: { 'x-csrf-token': await csrfOf(context) },
    });
    expect(res.ok()).toBe(true);
    await expect
      .poll(
        async () => {
          const list = await context.request.get(`${a.url}/api/imports/v2/import_histories?page=1`);
          return ((await list.json()) as { data: { import_status: string }[] }).data[0]?.import_status;
        },
        { timeout: 30_000 },
      )
      .toBe('complete');
  }

  const probe = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe);

  it('the accountant’s socket on B closes when the client revokes on A; no event after', async () => {
    const alice = await signedInNewcomer(browser, a.url);
    const aliceId = (
      (await (await alice.context.request.get(`${a.url}/api/auth/session`)).json()) as {
        user: { id: number };
      }
    ).user.id;

    const carol = await browser.newContext({ baseURL: a.url });
    const carolEmail = uniqueEmail('cpa');
    await carol.request.post('/api/auth/sign_up', {
      data: { email: carolEmail, password: PASSWORD, first_name: 'Carla' },
      headers: { 'x-csrf-token': await csrfOf(carol) },
    });
    await carol.request.post('/api/onboarding/settings/update_role', {
      data: { role: 'cpa' },
      headers: { 'x-csrf-token': await csrfOf(carol) },
    });
    const invited = await alice.context.request.post(`${a.url}/api/customer_cpa`, {
      data: { email: carolEmail },
      headers: { 'x-csrf-token': await csrfOf(alice.context) },
    });
    expect(invited.ok()).toBe(true);
    const token = new URL(firstLink(await waitForMail(a.outboxDir, carolEmail))).searchParams.get('token');
    const accepted = await carol.request.post('/api/invitations/accept', {
      data: { token },
      headers: { 'x-csrf-token': await csrfOf(carol) },
    });
    expect(accepted.ok()).toBe(true);
    const entered = await carol.request.post(`/api/users/${aliceId}/impersonate`, {
      headers: { 'x-csrf-token': await csrfOf(carol) },
    });
    expect(entered.ok()).toBe(true);

    // Carol's page is on process B, with a socket of its own there.
    const page = await carol.newPage();
    // A plain document of B's origin, not the app: only the probe's socket is open, no page of the
    // app races the revocation with requests of its own (the app has its own browser tests).
    await page.goto(`${b.url}/api/auth/session`);
    await page.evaluate(() => {
      const state: Probe = { events: [], closed: null };
      (window as unknown as { probe: Probe }).probe = state;
      const ws = new WebSocket(`ws://${location.host}/api/ws`);
      ws.onmessage = (e) => state.events.push((JSON.parse(String(e.data)) as { event: string }).event);
      ws.onclose = (e) => {
        state.closed = e.code;
      };
    });
    await expect.poll(async () => (await probe(page)).events).toContain('connected');

    // Alice's import runs on either process; Carol hears it on B.
    await upload(alice.context, 'first');
    await expect.poll(async () => (await probe(page)).events.length).toBeGreaterThan(1);

    // Alice revokes on A: B closes Carol's socket without waiting for her next request.
    const links = (await (await alice.context.request.get(`${a.url}/api/customer_cpa`)).json()) as {
      data: { id: number; invited: string }[];
    };
    const link = links.data.find((l) => l.invited === 'accepted');
    const revoked = await alice.context.request.delete(`${a.url}/api/customer_cpa/${link?.id}`, {
      headers: { 'x-csrf-token': await csrfOf(alice.context) },
    });
    expect(revoked.ok()).toBe(true);
    await expect.poll(async () => (await probe(page)).closed, { timeout: 5000 }).toBe(4403);
    const heard = (await probe(page)).events.length;

    await upload(alice.context, 'second');
    expect((await probe(page)).events.length).toBe(heard);
    await alice.context.close();
    await carol.close();
  });
});
