import { createServer } from 'node:net';
import { addDays } from '@lotwise/prices/days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** A local port nothing listens on: every provider request is refused, as offline. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const today = new Date().toISOString().slice(0, 10);
/** BTC over the last 40 days, as a price file would load it. */
const RECENT_BTC = [
  'date,asset,price,currency',
  ...Array.from({ length: 40 }, (_, i) => `${addDays(today, -40 + i)},BTC,${60000 + i * 10},USD`),
].join('\n');

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

/** Asks again, as the page does every 2 s, until nothing is asked in the background any more. */
async function untilSettled(client: TestClient, path: string) {
  for (let i = 0; i < 60; i++) {
    const res = await client.get(path);
    if (!res.body.market?.pending && !res.body.chart_pending) return res;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${path} still asks a provider in the background`);
}

async function offlineServer(dialect: (typeof DIALECTS)[number], extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const server = await startTestServer(dialect, {
    PRICE_PROVIDERS: 'coingecko,ccxt,ecb',
    COINGECKO_BASE_URL: url,
    PRICES_CCXT_BASE_URL: url,
    ECB_BASE_URL: url,
    // The SDK retries with back-off: a failure takes about 1.5 s, as a real outage would.
    COINGECKO_MAX_RETRIES: '2',
    LABS_MARKET_TTL_MINUTES: '0',
    ...extra,
  });
  const alice = new TestClient(server.app);
  expect(
    (await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' }))
      .status,
  ).toBe(200);
  const loaded = await server.ctx.prices.loadFile(Buffer.from(RECENT_BTC), 'btc.csv', { userId: null });
  expect(loaded.ok).toBe(true);
  return { server, alice };
}

const PAGES = [
  '/api/labs/price/BTC?range=ALL',
  '/api/labs/price/BTC?range=1M',
  '/api/labs/price/BTC?range=7D',
  '/api/labs/price/BTC?range=1D',
  '/api/labs/dashboard',
  '/api/labs/discover',
  '/api/labs/research_portfolios',
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: the default providers unreachable (circuit breaker, issue 35.11)`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      ({ server, alice } = await offlineServer(dialect));
    });
    afterAll(() => server.dispose());

    it('the first page after the start does not wait for the providers: the local table at once, the providers asked in the background', async () => {
      const first = await timed(() => alice.get('/api/labs/price/BTC?range=ALL'));
      expect(first.value.status).toBe(200);
      // Before, this waited for every provider's retries (about 4 s by default).
      expect(first.ms).toBeLessThan(1000);
      expect(first.value.body.points).toHaveLength(40);
      expect(first.value.body.chart_pending).toBe(true);
      expect(first.value.body.chart_note).toBe(
        'Asking CoinGecko and Bitstamp for the rest of the BTC prices: showing your local price table meanwhile.',
      );
      const dashboard = await timed(() => alice.get('/api/labs/dashboard'));
      expect(dashboard.ms).toBeLessThan(1000);
      expect(dashboard.value.body.market).toMatchObject({ source: 'price_table', pending: true });
      expect(dashboard.value.body.market.message).toMatch(
        /^Asking CoinGecko for market data: showing prices from your price table meanwhile, latest \d{4}-/,
      );

      // The page asks again (every 2 s): once the background ask has failed, it says so.
      const settled = await untilSettled(alice, '/api/labs/price/BTC?range=ALL');
      expect(settled.body.points).toHaveLength(40);
      expect(settled.body.chart_note).toBe(
        'CoinGecko and Bitstamp are unreachable: prices from your local price table only.',
      );
      const market = await untilSettled(alice, '/api/labs/dashboard');
      expect(market.body.market.message).toMatch(
        /^CoinGecko did not answer \(the service is not responding\)/,
      );

      for (const path of PAGES) {
        const next = await timed(() => alice.get(path));
        expect(next.value.status, path).toBe(200);
        expect(next.ms, path).toBeLessThan(1000);
        expect(next.value.body.market.pending, path).toBe(false);
      }
      // With no price of the coin at all: what is missing and how to add it, not "not found".
      const eth = await alice.get('/api/labs/price/ETH?range=1M');
      expect(eth.status).toBe(200);
      expect(eth.body.chart_pending).toBe(false);
      expect(eth.body.chart_note).toBe(
        'No ETH prices for this range yet (CoinGecko and Bitstamp are unreachable): load a price file under Settings → Prices, or they are fetched once the provider is reachable.',
      );
    });

    it('pricing shares the breaker with Labs: a calculation’s price look-up does not wait either', async () => {
      const { ms, value } = await timed(() =>
        server.ctx.prices.resolve(
          [
            { asset: 'ETH', day: '2024-05-01' },
            { asset: 'BTC', day: addDays(today, -5) },
          ],
          { currency: 'GBP' },
        ),
      );
      expect(ms).toBeLessThan(500);
      expect(value.failures.map((f) => f.message)).toEqual(
        expect.arrayContaining(['CoinGecko service is not currently responding, please try again in a bit.']),
      );
    });
  });

  describe(`${dialect}: the first page after the providers' cooldown (issue 35.11)`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      ({ server, alice } = await offlineServer(dialect, { PRICE_PROVIDER_COOLDOWN_SECONDS: '1' }));
    });
    afterAll(() => server.dispose());

    it('does not wait for a provider likely still down: it is asked again in the background', async () => {
      await alice.get('/api/labs/price/BTC?range=ALL');
      await untilSettled(alice, '/api/labs/price/BTC?range=ALL');
      await untilSettled(alice, '/api/labs/dashboard');
      // The cooldown is over: the providers may be asked again, but they failed last time.
      await new Promise((r) => setTimeout(r, 1200));
      const after = await timed(() => alice.get('/api/labs/price/BTC?range=ALL'));
      expect(after.value.status).toBe(200);
      expect(after.ms).toBeLessThan(1000);
      expect(after.value.body.chart_pending).toBe(true);
      expect(after.value.body.points).toHaveLength(40);
      // The market list's own failure is remembered for a minute: not asked, not waited for.
      const dashboard = await timed(() => alice.get('/api/labs/dashboard'));
      expect(dashboard.ms).toBeLessThan(1000);
      const settled = await untilSettled(alice, '/api/labs/price/BTC?range=ALL');
      expect(settled.body.chart_note).toContain('are unreachable');
    });
  });
}
