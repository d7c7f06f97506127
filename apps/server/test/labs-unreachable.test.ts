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

for (const dialect of DIALECTS) {
  describe(`${dialect}: the default providers unreachable (circuit breaker, issue 35.11)`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      const url = `http://127.0.0.1:${await closedPort()}`;
      server = await startTestServer(dialect, {
        PRICE_PROVIDERS: 'coingecko,ccxt,ecb',
        COINGECKO_BASE_URL: url,
        PRICES_CCXT_BASE_URL: url,
        ECB_BASE_URL: url,
        // The SDK retries with back-off: the first failure takes about 1.5 s, as a real outage would.
        COINGECKO_MAX_RETRIES: '2',
        LABS_MARKET_TTL_MINUTES: '0',
      });
      alice = new TestClient(server.app);
      expect(
        (await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' }))
          .status,
      ).toBe(200);
      const loaded = await server.ctx.prices.loadFile(Buffer.from(RECENT_BTC), 'btc.csv', { userId: null });
      expect(loaded.ok).toBe(true);
    });
    afterAll(() => server.dispose());

    it('the first page waits for the outage once; the next pages answer from the local table at once and say so', async () => {
      const first = await timed(() => alice.get('/api/labs/price/BTC?range=1M'));
      expect(first.value.status).toBe(200);
      // The outage was waited for (the SDK's retries): this is what every call cost before.
      expect(first.ms).toBeGreaterThan(1000);

      for (const path of [
        '/api/labs/price/BTC?range=ALL',
        '/api/labs/price/BTC?range=7D',
        '/api/labs/price/BTC?range=1D',
        '/api/labs/dashboard',
        '/api/labs/discover',
      ]) {
        const next = await timed(() => alice.get(path));
        expect(next.value.status, path).toBe(200);
        expect(next.ms, path).toBeLessThan(1000);
      }
      const all = await alice.get('/api/labs/price/BTC?range=ALL');
      expect(all.body.points.length).toBe(40);
      expect(all.body.chart_note).toBe(
        'CoinGecko and Bitstamp are unreachable: prices from your local price table only.',
      );
      // With no price of the coin at all: what is missing and how to add it, not "not found".
      const eth = await alice.get('/api/labs/price/ETH?range=1M');
      expect(eth.status).toBe(200);
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
}
