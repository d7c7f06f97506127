import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signedInNewcomer } from './imports-helpers.ts';
import { csrfOf } from './transactions-helpers.ts';

/**
 * Issue 17: two server processes on one PostgreSQL with pg-boss and Redis. An import started
 * on one is run by either; its progress reaches a browser connected to the other; kill -9 of
 * the process running it lets the other finish it, nothing lost or doubled; a calculation
 * started afterwards on the survivor finishes too.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const wantsPostgres = (process.env.TEST_DIALECTS ?? 'sqlite,postgres').includes('postgres');
const ROWS = 120_000;
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

function ledger(): string {
  const start = Date.UTC(2024, 0, 1);
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) {
    const at = new Date(start + i * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    lines.push(`${at} UTC,,,0.001,BTC,,,40,USD,,Deposit,scale${i}`);
  }
  return `${lines.join('\n')}\n`;
}

interface JobRow {
  id: number;
  status: string;
  progress: number;
  worker: string | null;
  attempts: number;
}

describe.skipIf(!wantsPostgres)('two server processes on one PostgreSQL (pg-boss, Redis)', () => {
  const database = `lotwise_scale_${process.pid}_${Date.now()}`;
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-scale-'));
  let admin: pg.Client;
  let db: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL,
      REDIS_PREFIX: database,
      JOB_HEARTBEAT_SECONDS: '1',
      JOB_STALE_SECONDS: '5',
    };
    // Both start at once: the migration lock lets one migrate while the other waits.
    const started = await Promise.allSettled([startServer(env, { dataDir }), startServer(env, { dataDir })]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    [a, b] = [up[0] as RunningServer, up[1] as RunningServer];
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  const latestJob = async (name: string): Promise<JobRow | undefined> =>
    (
      await db.query<JobRow>(
        'SELECT id, status, progress, worker, attempts FROM jobs WHERE name = $1 ORDER BY id DESC LIMIT 1',
        [name],
      )
    ).rows[0];
  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('shares imports and calculations, fans progress out, and survives kill -9 of a worker', async () => {
    // Migrations ran exactly once between the two.
    const migrations = await db.query('SELECT name FROM kysely_migration');
    expect(new Set(migrations.rows.map((r) => r.name)).size).toBe(migrations.rows.length);

    // Signed up on A; the session works on B (sessions live in the database).
    const { context, page } = await signedInNewcomer(browser, a.url);
    const csrf = await csrfOf(context);
    const upload = await context.request.post(`${a.url}/api/imports/v1/csv_imports`, {
      multipart: { file: { name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(ledger()) } },
      headers: { 'x-csrf-token': csrf },
    });
    expect(upload.ok()).toBe(true);

    // Whichever process took the job, a browser on the other one hears its progress.
    const running = await until('the import to run', async () => {
      const job = await latestJob('import.parse');
      return job?.status === 'running' && job.worker ? job : undefined;
    });
    const runner = running.worker?.split(':')[1] === String(a.pid) ? a : b;
    const other = runner === a ? b : a;
    const heard: number[] = [];
    page.on('websocket', (ws: WebSocket) => {
      ws.on('framereceived', (frame) => {
        try {
          const message = JSON.parse(String(frame.payload)) as {
            event?: string;
            data?: { id?: number; progress?: number };
          };
          if (message.event === 'job' && message.data?.id === running.id)
            heard.push(message.data.progress ?? 0);
        } catch {
          // not JSON: ignore
        }
      });
    });
    await page.goto(`${other.url}/imports`);
    await until('progress on the other process', async () => (heard.length > 0 ? true : undefined), 30_000);
    await screenshot(page, 'scale-out-progress-other-process');

    // kill -9 the process running the import: the other takes it over and finishes it.
    await until('some progress first', async () => {
      const job = await latestJob('import.parse');
      return job && job.progress > 0 ? job : undefined;
    });
    await runner.kill();
    const done = await until('the import to finish on the survivor', async () => {
      const job = await latestJob('import.parse');
      return job?.status === 'succeeded' ? job : undefined;
    });
    expect(done.id).toBe(running.id);
    expect(done.worker?.split(':')[1]).toBe(String(other.pid));
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const counted = await db.query<{ n: string }>('SELECT count(*) AS n FROM transactions');
    expect(Number(counted.rows[0]?.n)).toBe(ROWS);
    const keys = await db.query<{ n: string }>('SELECT count(DISTINCT dedupe_key) AS n FROM transactions');
    expect(Number(keys.rows[0]?.n)).toBe(ROWS);

    // A calculation started on the survivor finishes.
    const calc = await context.request.post(
      `${other.url}/api/imports/v1/tax_calculations/start_tax_calculation`,
      {
        data: {},
        headers: { 'x-csrf-token': csrf },
      },
    );
    expect(calc.ok()).toBe(true);
    await until('the calculation', async () => {
      const job = await latestJob('tax.calculate');
      return job?.status === 'succeeded' ? job : undefined;
    });
    const years = (await (await context.request.get(`${other.url}/api/tax/years`)).json()) as {
      data: { years: { year: number }[] };
    };
    expect(years.data.years.map((y) => y.year)).toContain(2024);
    await context.close();
  });
});
