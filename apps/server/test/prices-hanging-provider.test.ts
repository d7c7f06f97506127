import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { INTERRUPTED_MESSAGE } from '../src/jobs/job-queue.ts';
import { createServer, type Server } from '../src/server.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';
import { type HangingServer, hangingServer } from './support/hanging-server.ts';
import { TestClient } from './support/http-client.ts';

/*
 * Issue 35: a price provider that accepts the connection and never answers held a tax
 * calculation at "Finding prices" for 6+ minutes (30 s timeouts, each retried by the SDK), and
 * the server's shutdown waited on it and left the job "running". Pricing is now bounded per
 * request (PRICE_PROVIDER_TIMEOUT_SECONDS) and in all (PRICE_PROVIDER_BUDGET_SECONDS), the
 * breaker counts the hang as a failure, and a stop ends the wait and queues the job again.
 */
const HISTORY = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-01-10 12:00:00 UTC,40000,USD,1,BTC,,,40000,USD,,Buy,',
  // Priced from the local table (the price file below).
  '2024-02-01 12:00:00 UTC,,,1,ETH,,,,,staking,Reward,',
  // No price anywhere: stays Missing Price, with the provider named as unreachable.
  '2024-03-01 12:00:00 UTC,,,0.5,ETH,,,,,staking,Reward,',
].join('\n');
const PRICES = 'date,asset,price,currency\n2024-02-01,ETH,2300,USD\n';

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a price provider that accepts and never answers (issue 35)`, () => {
    let hang: HangingServer;
    let db: Awaited<ReturnType<typeof openTestDb>>;
    const servers: Server[] = [];

    async function start(env: Record<string, string>): Promise<Server> {
      const config = loadConfig({
        DATA_DIR: `/tmp/lotwise-hang-${process.pid}`,
        LOG_LEVEL: 'silent',
        PRICE_PROVIDERS: 'coingecko,ccxt,ecb',
        COINGECKO_BASE_URL: hang.url,
        PRICES_CCXT_BASE_URL: hang.url,
        ECB_BASE_URL: hang.url,
        ...env,
      });
      const server = await createServer(
        { ...config, webDist: undefined },
        { db, mailer: { send: async () => {} }, logger: false },
      );
      servers.push(server);
      return server;
    }

    async function user(server: Server, email: string): Promise<TestClient> {
      const client = new TestClient(server.app);
      expect((await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' })).status).toBe(
        200,
      );
      await client.upload('/api/imports/v1/csv_imports', { name: 'koinly.csv', content: HISTORY });
      await server.ctx.jobs.idle();
      return client;
    }

    async function calculate(server: Server, client: TestClient) {
      return timed(async () => {
        expect((await client.post('/api/recalculate_tax')).status).toBe(200);
        await server.ctx.jobs.idle();
        const years = await client.get('/api/tax/years');
        const list = await client.post('/api/traces/list_transactions_new', { page_size: 100 });
        return {
          warnings: (years.body.data.warnings as Array<{ code: string; message: string }>).map(
            (w) => w.message,
          ),
          year: (years.body.data.years as Array<Record<string, unknown>>).find((y) => y.year === 2024),
          missing: (list.body.transactions as Array<{ status: string | null }>).filter(
            (t) => t.status === 'error',
          ).length,
        };
      });
    }

    /** The pricing step of the latest calculation (the job's own timing, ms). */
    async function pricingMs(): Promise<number> {
      const job = await db.kysely
        .selectFrom('jobs')
        .select('result')
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return (JSON.parse(job.result ?? '{}') as { ms: { prices: number } }).ms.prices;
    }

    beforeAll(async () => {
      hang = await hangingServer();
      db = await openTestDb(dialect);
    });
    afterAll(async () => {
      for (const server of servers) await server.close().catch(() => undefined);
      await db.dispose();
      await hang.stop();
    });

    it('the calculation waits one bounded request per provider, goes on from the local table and names the unreachable providers; the next one does not wait', async () => {
      const server = await start({ PRICE_PROVIDER_TIMEOUT_SECONDS: '1' });
      expect((await server.ctx.prices.loadFile(Buffer.from(PRICES), 'p.csv', { userId: null })).ok).toBe(
        true,
      );
      const alice = await user(server, 'alice@example.com');
      const first = await calculate(server, alice);
      // Before: minutes (30 s per request, retried by the SDK, per provider).
      // The pricing step waited one bounded request per provider (1 s each here); before, minutes
      // (30 s per request, retried by the SDK). The whole run includes the engine worker's start.
      expect(await pricingMs()).toBeLessThan(5000);
      expect(first.ms).toBeLessThan(30_000);
      expect(hang.requests.length).toBeGreaterThan(0);
      expect(first.value.warnings).toEqual(
        expect.arrayContaining([
          'CoinGecko service is not currently responding, please try again in a bit.',
          'Bitstamp service is not currently responding, please try again in a bit.',
        ]),
      );
      // The reward priced from the table counts; the other stays Missing Price, never 0.
      expect(first.value.missing).toBe(1);
      expect(first.value.year).toMatchObject({ missing_prices: 1 });
      const unknown = first.value.year?.unknown_figures as string[] | undefined;
      expect(unknown).toContain('income');

      // The breakers are open: the next calculation asks nobody and does not wait.
      const asked = hang.requests.length;
      const second = await calculate(server, alice);
      expect(await pricingMs()).toBeLessThan(1000);
      expect(hang.requests.length).toBe(asked);
      expect(second.value.missing).toBe(1);
      expect(second.value.warnings.join(' ')).toMatch(/CoinGecko/);
      await server.close();
    });

    it('a resolution waits on the providers at most PRICE_PROVIDER_BUDGET_SECONDS in all, and says so', async () => {
      const server = await start({
        PRICE_PROVIDER_TIMEOUT_SECONDS: '60',
        PRICE_PROVIDER_BUDGET_SECONDS: '1',
      });
      const bob = await user(server, 'bob@example.com');
      const run = await calculate(server, bob);
      expect(await pricingMs()).toBeLessThan(4000);
      expect(run.value.warnings.join('\n')).toMatch(
        /CoinGecko did not answer in time: prices were asked for 1 s in all, the rest is from your local price table/,
      );
      expect(run.value.missing).toBeGreaterThan(0);
      await server.close();
    });

    it('a server that stops does not wait on the hanging provider: the job and its calculation are queued again, and the next server finishes them', async () => {
      const server = await start({ PRICE_PROVIDER_TIMEOUT_SECONDS: '120' });
      const carol = await user(server, 'carol@example.com');
      const asked = hang.requests.length;
      expect((await carol.post('/api/recalculate_tax')).status).toBe(200);
      for (let i = 0; i < 200 && hang.requests.length === asked; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(hang.requests.length).toBeGreaterThan(asked);
      const stop = await timed(() => server.close());
      expect(stop.ms).toBeLessThan(5000);

      const job = await db.kysely
        .selectFrom('jobs')
        .select(['status', 'message'])
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'queued', message: INTERRUPTED_MESSAGE });
      const calc = await db.kysely
        .selectFrom('tax_calculations')
        .select('status')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(calc.status).toBe('queued');

      // The next server (offline) picks the job up and completes the calculation.
      const next = await start({ PRICE_PROVIDERS: 'none' });
      await next.ctx.jobs.idle();
      const done = await db.kysely
        .selectFrom('tax_calculations')
        .select('status')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(done.status).toBe('complete');
      await next.close();
    });
  });
}
