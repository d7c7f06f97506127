import { LABS_LIMIT_MESSAGE } from '@lotwise/contracts/labs/labs';
import { addDays } from '@lotwise/prices/days';
import { LABS_PRICE_FILE, labsReplayData } from '@lotwise/test-replay/labs-market';
import { replayEnv, replayServer } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** Alice's BTC: bought 1 for $42,000, sold half for $24,500 (realised $3,500.00). */
const ALICE_TRADES = [
  HEADER,
  '2024-03-05 12:00:00 UTC,42000,USD,1,BTC,,,42000,USD,,Buy,',
  '2024-03-25 12:00:00 UTC,0.5,BTC,24500,USD,,,24500,USD,,Sell,',
].join('\n');

const recentDay = () => addDays(new Date().toISOString().slice(0, 10), -10);
const recentBuy = (asset: string) =>
  [HEADER, `${recentDay()} 09:00:00 UTC,100,USD,0.01,${asset},,,100,USD,,Buy,`].join('\n');

/** Asks again, as the page does every 2 s, until no provider is asked in the background any more. */
async function untilSettled(client: TestClient, path: string) {
  for (let i = 0; i < 60; i++) {
    const res = await client.get(path);
    if (!res.body.market?.pending && !res.body.chart_pending) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${path} still asks a provider in the background`);
}

async function signUp(server: TestServer, email: string): Promise<TestClient> {
  const client = new TestClient(server.app);
  const res = await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
  expect(res.status).toBe(200);
  return client;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: Labs on the local price table (no provider)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = await signUp(server, 'alice@example.com');
      bob = await signUp(server, 'bob@example.com');
    });
    afterAll(() => server.dispose());

    it('with nothing loaded: empty lists and a plain message, no error', async () => {
      const res = await alice.get('/api/labs/dashboard');
      expect(res.status).toBe(200);
      expect(res.body.market).toMatchObject({ source: 'none', as_of: null });
      expect(res.body.market.message).toContain('No market data');
      expect(res.body.trending).toEqual([]);
      expect(res.body.biggestGainers).toEqual([]);
      expect(res.body.mostTransacted).toEqual([]);
      const discover = await alice.get('/api/labs/discover');
      expect(discover.body.items).toEqual([]);
      // A coin with no prices yet is found, and the chart says how to add prices (issue 35.11).
      const btc = await alice.get('/api/labs/price/BTC?range=ALL');
      expect(btc.status).toBe(200);
      expect(btc.body.points).toEqual([]);
      expect(btc.body.chart_note).toBe(
        'No BTC prices for this range yet: load a price file under Settings → Prices (no price provider is configured).',
      );
      // A symbol nobody knows is still not found.
      const unknown = await alice.get('/api/labs/price/NOSUCHCOIN');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toContain('NOSUCHCOIN');
    });

    it('on loaded prices: changes over 1/7/30 days, gainers, largest moves, and says the data is old', async () => {
      const loaded = await server.ctx.prices.loadFile(Buffer.from(LABS_PRICE_FILE), 'market.csv', {
        userId: null,
      });
      expect(loaded.ok).toBe(true);
      const res = await alice.get('/api/labs/dashboard');
      expect(res.body.sort).toBe('percentage_change_1_day');
      expect(res.body.market).toMatchObject({ source: 'price_table', as_of: '2024-03-31', stale: true });
      expect(res.body.market.message).toContain('more than a day old');
      const btc = res.body.biggestGainers.find((i: { symbol: string }) => i.symbol === 'BTC');
      expect(btc).toMatchObject({
        price: '52000',
        change_1d: '4.00',
        change_7d: '8.33',
        change_30d: '30.00',
        sparkline: ['48000', '50000', '52000'],
        market_cap: null,
      });
      // Gainers only gained; GBP (a currency in the table) is no market asset.
      expect(res.body.biggestGainers.map((i: { symbol: string }) => i.symbol)).toEqual(['BTC', 'SOL']);
      expect(res.body.trending_basis).toBe('largest_moves');
      expect(res.body.trending.map((i: { symbol: string }) => i.symbol)).toEqual(['ETH', 'BTC', 'SOL']);
      const eth = res.body.trending[0];
      expect(eth).toMatchObject({ change_1d: '-6.25', change_7d: '-16.67', change_30d: '-25.00' });

      const week = await alice.get('/api/labs/dashboard?sort=percentage_change_7_days');
      expect(week.body.biggestGainers.map((i: { symbol: string }) => i.symbol)).toEqual(['BTC']);
      expect((await alice.get('/api/labs/dashboard?sort=by_mood')).status).toBe(400);
    });

    it('research items: at most 6 per user, the seventh refused with the spec text, each user their own', async () => {
      const portfolio = await alice.post('/api/labs/research_portfolios', {
        kind: 'portfolio',
        name: 'Majors',
        positions: [
          { asset: 'btc', quantity: '2' },
          { asset: 'ETH', quantity: '10' },
        ],
      });
      expect(portfolio.status).toBe(200);
      const list = await alice.get('/api/labs/research_portfolios');
      const majors = list.body.items.find((i: { id: number }) => i.id === portfolio.body.id);
      // 2 × 52,000 + 10 × 3,000; a day earlier 2 × 50,000 + 10 × 3,200 = 132,000.
      expect(majors).toMatchObject({ kind: 'portfolio', name: 'Majors', value: '134000.00', change: '1.52' });
      expect(majors.positions.map((p: { value: string }) => p.value)).toEqual(['104000.00', '30000.00']);

      for (const asset of ['BTC', 'ETH', 'SOL', 'DOGE', 'ADA'])
        expect((await alice.post('/api/labs/research_portfolios', { kind: 'asset', asset })).status).toBe(
          200,
        );
      const seventh = await alice.post('/api/labs/research_portfolios', { kind: 'asset', asset: 'XRP' });
      expect(seventh.status).toBe(409);
      expect(seventh.body.message).toBe(LABS_LIMIT_MESSAGE);
      // DOGE has no price: its value is unknown, not 0.
      const doge = (await alice.get('/api/labs/research_portfolios')).body.items.find(
        (i: { name: string }) => i.name === 'DOGE',
      );
      expect(doge).toMatchObject({ value: null, change: null });

      expect((await bob.get('/api/labs/research_portfolios')).body.items).toEqual([]);
      expect((await bob.request('DELETE', `/api/labs/research_portfolios/${portfolio.body.id}`)).status).toBe(
        404,
      );
      expect(
        (await alice.request('DELETE', `/api/labs/research_portfolios/${portfolio.body.id}`)).status,
      ).toBe(200);
      expect(
        (await alice.post('/api/labs/research_portfolios', { kind: 'asset', asset: 'XRP' })).status,
      ).toBe(200);
      const bad = await alice.post('/api/labs/research_portfolios', {
        kind: 'portfolio',
        name: 'x',
        positions: [{ asset: 'BTC', quantity: '-1' }],
      });
      expect(bad.status).toBe(400);
    });

    it('the price page: the range on the table, the user’s buys and sells marked, realised and unrealised gain', async () => {
      await alice.upload('/api/imports/v1/csv_imports', { name: 'btc.csv', content: ALICE_TRADES });
      await server.ctx.jobs.idle();
      expect((await alice.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();

      const res = await alice.get('/api/labs/price/btc?range=1M');
      expect(res.status).toBe(200);
      expect(res.body.asset).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', price: '52000' });
      expect(res.body.points).toEqual([
        ['2024-03-01T00:00:00.000Z', '40000'],
        ['2024-03-24T00:00:00.000Z', '48000'],
        ['2024-03-30T00:00:00.000Z', '50000'],
        ['2024-03-31T00:00:00.000Z', '52000'],
      ]);
      expect(res.body.chart_note).toContain('Prices end on 2024-03-31');
      expect(
        res.body.trades.map((t: { side: string; amount: string; price: string }) => [
          t.side,
          t.amount,
          t.price,
        ]),
      ).toEqual([
        ['buy', '1', '42000'],
        ['sell', '0.5', '49000'],
      ]);
      expect(res.body.gains).toMatchObject({
        currency: 'USD',
        realised: '3500.00',
        holding: { quantity: '0.5', market_value: '26000', unrealised_gain: '5000' },
      });
      // Bob has no BTC: the market side only.
      const bobs = await bob.get('/api/labs/price/BTC?range=7D');
      expect(bobs.body.trades).toEqual([]);
      expect(bobs.body.gains.holding).toBeNull();
      expect(bobs.body.points.map((p: [string, string]) => p[0].slice(0, 10))).toEqual([
        '2024-03-24',
        '2024-03-30',
        '2024-03-31',
      ]);

      const discover = await alice.get('/api/labs/discover?held=true');
      expect(discover.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['BTC']);
      expect(discover.body.items[0].holding).toMatchObject({ quantity: '0.5', cost_basis: '21000' });
      const search = await bob.get('/api/labs/discover?q=ether');
      expect(search.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['ETH']);
      expect(search.body.items[0].holding).toBeNull();
    });

    it('most transacted: counts only, and only for assets enough different users transacted', async () => {
      const users = [];
      for (let i = 0; i < 5; i++) users.push(await signUp(server, `trader${i}@example.com`));
      for (const [i, user] of users.entries()) {
        await user.upload('/api/imports/v1/csv_imports', { name: 'btc.csv', content: recentBuy('BTC') });
        // Four users bought ETH: one short of the group the list needs.
        if (i < 4)
          await user.upload('/api/imports/v1/csv_imports', { name: 'eth.csv', content: recentBuy('ETH') });
      }
      await server.ctx.jobs.idle();
      const res = await alice.get('/api/labs/dashboard');
      expect(res.body.most_transacted_min_users).toBe(5);
      expect(
        res.body.mostTransacted.map((i: { symbol: string; transactions: number }) => [
          i.symbol,
          i.transactions,
        ]),
      ).toEqual([['BTC', 5]]);
      expect(Object.keys(res.body.mostTransacted[0]).sort()).not.toContain('users');
    });

    it('is for customers: an accountant-only login is refused', async () => {
      const carol = await signUp(server, 'carol@example.com');
      await server.ctx.db.kysely
        .updateTable('users')
        .set({ roles: 'cpa' })
        .where('email', '=', 'carol@example.com')
        .execute();
      expect((await carol.get('/api/labs/dashboard')).status).toBe(403);
      expect((await new TestClient(server.app).get('/api/labs/dashboard')).status).toBe(401);
    });
  });

  describe(`${dialect}: Labs with CoinGecko (replay server)`, () => {
    let replay: ReplayServer;
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      replay = await replayServer(labsReplayData()).start();
      server = await startTestServer(dialect, {
        ...replayEnv(replay.url),
        COINGECKO_MAX_RETRIES: '0',
        LABS_MARKET_TTL_MINUTES: '0',
        // The provider comes back within the test: no circuit-breaker cooldown.
        PRICE_PROVIDER_COOLDOWN_SECONDS: '0',
      });
      alice = await signUp(server, 'alice@example.com');
    });
    afterAll(async () => {
      await server.dispose();
      await replay.stop();
    });

    it('lists the provider’s trending coins and market figures, then its last snapshot when it goes down', async () => {
      const res = await alice.get('/api/labs/dashboard');
      expect(res.body.market).toMatchObject({
        source: 'provider',
        origin: 'CoinGecko',
        stale: false,
        message: null,
      });
      expect(res.body.trending_basis).toBe('provider');
      expect(res.body.trending.map((i: { symbol: string }) => i.symbol)).toEqual(['SOL', 'BTC']);
      const btc = res.body.trending[1];
      // bitcoin's recorded days end at 60,000 after 57,600 the day before: +4.17 %.
      expect(btc).toMatchObject({ rank: 1, price: '60000', change_1d: '4.17', market_cap: '1140000000000' });
      expect(btc.sparkline).toHaveLength(8);
      expect(replay.seen('/coingecko/coins/markets')).toHaveLength(1);
      expect(replay.seen('/coingecko/search/trending')).toHaveLength(1);

      replay.fault('/coingecko/coins/markets', { kind: 'down' });
      const down = await alice.get('/api/labs/dashboard');
      expect(down.status).toBe(200);
      expect(down.body.market.source).toBe('snapshot');
      expect(down.body.market.message).toContain('CoinGecko did not answer (the service is not responding)');
      expect(down.body.trending.map((i: { symbol: string }) => i.symbol)).toEqual(['SOL', 'BTC']);
      // A failure is not retried on every view.
      await alice.get('/api/labs/discover');
      expect(replay.seen('/coingecko/coins/markets')).toHaveLength(2);
      replay.fault('/coingecko/coins/markets', null);
    });

    it('the price page asks for the last day in 5-minute steps for 1D', async () => {
      const res = await alice.get('/api/labs/price/BTC?range=1D');
      expect(res.status).toBe(200);
      expect(res.body.points).toHaveLength(288);
      expect(res.body.chart_note).toBeNull();
      expect(replay.seen('/coingecko/coins/bitcoin/market_chart')).toHaveLength(1);
    });
  });

  describe(`${dialect}: Labs with CoinGecko not asked since the start (issue 35.11)`, () => {
    let replay: ReplayServer;
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      replay = await replayServer(labsReplayData()).start();
      server = await startTestServer(dialect, { ...replayEnv(replay.url), LABS_MARKET_TTL_MINUTES: '0' });
      alice = await signUp(server, 'alice@example.com');
    });
    afterAll(async () => {
      await server.dispose();
      await replay.stop();
    });

    it('the first view does not wait: it asks in the background, the next view has the provider’s figures and waits for it', async () => {
      const first = await alice.get('/api/labs/dashboard');
      expect(first.status).toBe(200);
      expect(first.body.market).toMatchObject({
        source: 'none',
        pending: true,
        message: 'Asking CoinGecko for market data…',
      });
      const settled = await untilSettled(alice, '/api/labs/dashboard');
      expect(settled.body.market).toMatchObject({
        source: 'provider',
        origin: 'CoinGecko',
        pending: false,
        message: null,
      });
      expect(settled.body.trending.map((i: { symbol: string }) => i.symbol)).toEqual(['SOL', 'BTC']);

      // BTC's chart: CoinGecko answered its last call, so it is waited for and draws what it has
      // at once; Bitstamp, not asked since the start, is asked in the background for the rest.
      const chart = await alice.get('/api/labs/price/BTC?range=1M');
      expect(chart.body.points.length).toBeGreaterThan(0);
      expect(chart.body.chart_pending).toBe(true);
      expect(chart.body.chart_note).toBe(
        'Asking Bitstamp for the rest of the BTC prices: showing your local price table meanwhile.',
      );
      const done = await untilSettled(alice, '/api/labs/price/BTC?range=1M');
      expect(done.body.points.length).toBeGreaterThanOrEqual(chart.body.points.length);
    });
  });

  describe(`${dialect}: Labs when CoinGecko sends nonsense and nothing is stored`, () => {
    let replay: ReplayServer;
    let server: TestServer;

    beforeAll(async () => {
      replay = await replayServer(labsReplayData()).start();
      replay.fault('/coingecko/coins/markets', { kind: 'malformed' });
      server = await startTestServer(dialect, { ...replayEnv(replay.url), COINGECKO_MAX_RETRIES: '0' });
    });
    afterAll(async () => {
      await server.dispose();
      await replay.stop();
    });

    it('says so plainly, with empty lists and no error', async () => {
      const alice = await signUp(server, 'alice@example.com');
      // Not asked since the start: asked in the background, the page asks again.
      const first = await alice.get('/api/labs/dashboard');
      expect(first.body.market).toMatchObject({ source: 'none', pending: true });
      expect(first.body.market.message).toBe('Asking CoinGecko for market data…');
      const res = await untilSettled(alice, '/api/labs/dashboard');
      expect(res.status).toBe(200);
      expect(res.body.market.source).toBe('none');
      expect(res.body.market.message).toBe(
        'No market data: CoinGecko did not answer (it sent a reply Lotwise cannot read) and your price table has no prices yet.',
      );
      expect(res.body.trending).toEqual([]);

      // A snapshot two days old (another process fetched it then): shown, and called old.
      const fetchedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await server.ctx.db.kysely
        .insertInto('market_snapshots')
        .values({
          provider: 'coingecko',
          markets: JSON.stringify([
            {
              coinId: 'bitcoin',
              symbol: 'BTC',
              name: 'Bitcoin',
              rank: 1,
              price: '58000',
              marketCap: null,
              change1d: '1.5',
              change7d: null,
              change30d: null,
              sparkline: [],
              lastUpdated: fetchedAt,
            },
          ]),
          trending: JSON.stringify(['bitcoin']),
          fetched_at: fetchedAt,
        })
        .execute();
      const old = await alice.get('/api/labs/dashboard');
      expect(old.body.market).toMatchObject({ source: 'snapshot', stale: true, as_of: fetchedAt });
      expect(old.body.market.message).toContain('more than a day old');
      expect(old.body.trending).toMatchObject([{ symbol: 'BTC', price: '58000', change_1d: '1.50' }]);
    });
  });
}
