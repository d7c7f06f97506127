import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { replayEnv, replayServer } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesReplay } from '../../../packages/prices/test/fixtures/replay-prices.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../packages/prices/test/fixtures');
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const GBP_LEDGER = readFileSync(resolve(FIXTURES, 'kraken-ledgers-gbp.csv'), 'utf8');
const KUCOIN = readFileSync(resolve(SAMPLES, 'kucoin-spot-trade-history.csv'), 'utf8');

for (const dialect of DIALECTS) {
  describe(`${dialect}: the calculation asks the providers (replayed) for what the table lacks`, () => {
    let replay: ReplayServer;
    let server: TestServer;

    async function signUp(email: string): Promise<TestClient> {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      return client;
    }

    async function calculate(client: TestClient) {
      await client.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const years = await client.get('/api/tax/years');
      const list = await client.post('/api/traces/list_transactions_new', { page_size: 100 });
      return {
        years: years.body.data.years as Array<Record<string, unknown>>,
        warnings: years.body.data.warnings as Array<{ code: string; message: string }>,
        missing: (list.body.transactions as Array<{ status: string | null }>).filter(
          (t) => t.status === 'error',
        ).length,
      };
    }

    beforeAll(async () => {
      const data = samplesReplay();
      // Two coins share the symbol UNI; the bigger is priced.
      data.coins.push(
        { id: 'uniswap', symbol: 'UNI', name: 'Uniswap', rank: 24 },
        { id: 'unicorn-token', symbol: 'UNI', name: 'Unicorn Token', rank: null },
      );
      data.coingecko.uniswap = { '2024-05-01': '7.25' };
      replay = await replayServer(data).start();
      server = await startTestServer(dialect, {
        ...replayEnv(replay.url),
        COINGECKO_MAX_RETRIES: '0',
        // A provider goes down and comes back within the tests: no circuit-breaker cooldown.
        PRICE_PROVIDER_COOLDOWN_SECONDS: '0',
      });
    });
    afterAll(async () => {
      await server.dispose();
      await replay.stop();
    });

    it('fetches once per asset window, keeps the prices for every user, and prices the GBP ledger', async () => {
      const alice = await signUp('alice@example.com');
      await alice.upload('/api/imports/v1/csv_imports', { name: 'kraken-ledgers.csv', content: GBP_LEDGER });
      await server.ctx.jobs.idle();
      const first = await calculate(alice);
      expect(first.missing).toBe(0);
      expect(
        first.warnings.filter((w) => w.code === 'missing_price' || w.code === 'price_unavailable'),
      ).toEqual([]);
      expect(first.years.find((y) => y.year === 2024)).toMatchObject({
        proceeds: '783.78',
        short_term_gain: '234.98',
      });
      const ranges = replay
        .seen('/coingecko/coins/')
        .filter((r) => (r.query.get('from') ?? '').startsWith('2024'))
        .map((r) => r.path);
      // BTC, ETH, SOL: one range each for the year's rows (and one each for today's price of
      // what is still held); the ECB once.
      expect(ranges.sort()).toEqual([
        '/coingecko/coins/bitcoin/market_chart/range',
        '/coingecko/coins/ethereum/market_chart/range',
        '/coingecko/coins/solana/market_chart/range',
      ]);
      expect(replay.seen('/ecb/')).toHaveLength(1);

      // Holdings are valued at the newest price known, with where and when it is from.
      const holdings = await alice.post('/api/users/crypto_assets', {});
      const sol = holdings.body.data.holdings.find((h: { asset: string }) => h.asset === 'SOL');
      expect(sol.price_source).toMatchObject({ kind: 'price_table', origin: 'CoinGecko' });
      expect(sol.market_value).not.toBeNull();

      // Bob imports the same ledger: every price is in the table already, nobody is asked.
      const bob = await signUp('bob@example.com');
      await bob.upload('/api/imports/v1/csv_imports', { name: 'kraken-ledgers.csv', content: GBP_LEDGER });
      await server.ctx.jobs.idle();
      replay.reset();
      const second = await calculate(bob);
      expect(second.missing).toBe(0);
      expect(replay.requests).toHaveLength(0);
    });

    it("a provider down: the rows stay Missing Price with the spec's message; back online, the recalculation fills them", async () => {
      const carol = await signUp('carol@example.com');
      await carol.upload('/api/imports/v1/csv_imports', { name: 'kucoin.csv', content: KUCOIN });
      await server.ctx.jobs.idle();
      replay.reset();
      replay.fault('/coingecko', { kind: 'down' });
      replay.fault('/bitstamp', { kind: 'down' });
      const down = await calculate(carol);
      expect(down.missing).toBeGreaterThan(0);
      expect(down.warnings.map((w) => w.message)).toContain(
        'CoinGecko service is not currently responding, please try again in a bit.',
      );
      // Nothing was stored as a price of 0.
      const zeros = await server.ctx.db.kysely
        .selectFrom('prices')
        .select('id')
        .where('price', '=', '0')
        .execute();
      expect(zeros).toEqual([]);

      replay.reset();
      const back = await calculate(carol);
      expect(back.missing).toBe(0);
      expect(back.warnings.filter((w) => w.code === 'price_unavailable')).toEqual([]);
      expect(back.years.find((y) => y.year === 2024)).toMatchObject({ proceeds: '3193.25' });
    });

    it('historical_price: a price with its source; HTTP 300 with the candidates for a shared symbol', async () => {
      const dave = await signUp('dave@example.com');
      const btc = await dave.get(
        '/api/imports/v1/currencies/historical_price?code=btc&timestamp=2024-02-10T09:00:00Z',
      );
      expect(btc.status).toBe(200);
      expect(btc.body.data).toMatchObject({
        code: 'BTC',
        currency_id: 'bitcoin',
        price_usd: 50650,
        price: '50650',
        currency: 'USD',
        day: '2024-02-10',
      });
      const uni = await dave.get('/api/imports/v1/currencies/historical_price?code=UNI&timestamp=2024-05-01');
      expect(uni.status).toBe(300);
      expect(uni.body.candidates.map((c: { currency_id: string }) => c.currency_id)).toEqual([
        'uniswap',
        'unicorn-token',
      ]);
      const chosen = await dave.get(
        '/api/imports/v1/currencies/historical_price?code=UNI&timestamp=2024-05-01&contract_address=0x1f9840a85d5af5bf1d1762f925bdaddc4201f984&blockchain=eth',
      );
      expect(chosen.body.data).toMatchObject({ currency_id: 'uniswap', price: '7.25' });
      const bad = await dave.get('/api/imports/v1/currencies/historical_price?code=BTC&timestamp=yesterday');
      expect(bad.status).toBe(400);
    });

    it('currencies/search: coins by code or name, biggest first, with the latest known price', async () => {
      const erin = await signUp('erin@example.com');
      const found = await erin.get('/api/imports/v1/currencies/search?q=sol');
      expect(found.status).toBe(200);
      expect(found.body.data[0]).toMatchObject({ currency_id: 'solana', code: 'SOL', name: 'Solana' });
      expect(found.body.data[0].price).not.toBeNull();
      const fiat = await erin.get('/api/imports/v1/currencies/search?q=pound');
      expect(fiat.body.data[0]).toMatchObject({ code: 'GBP', name: 'British Pound' });
    });
  });
}
