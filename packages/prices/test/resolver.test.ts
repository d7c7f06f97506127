import { type ReplayData, replayEnv, replayServer, series } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceSettingsFromEnv } from '../src/config.ts';
import { PriceResolver } from '../src/resolver.ts';
import { MemoryPriceStore } from '../src/store.ts';

const data: ReplayData = {
  coingecko: {
    bitcoin: series('2024-01-01', '2024-12-31', (i) => `${42000 + i}.5`),
    ethereum: series('2024-01-01', '2024-12-31', (i) => `${2300 + i}.25`),
    stepn: series('2024-01-01', '2024-12-31', () => '0.21'),
    uniswap: series('2024-01-01', '2024-12-31', () => '7.25'),
    'unicorn-token': series('2024-01-01', '2024-12-31', () => '0.0031'),
  },
  coins: [
    { id: 'stepn', symbol: 'GMT', name: 'STEPN', rank: 180 },
    { id: 'gmt-token', symbol: 'GMT', name: 'GMT Token', rank: null },
    { id: 'uniswap', symbol: 'UNI', name: 'Uniswap', rank: 24 },
    { id: 'unicorn-token', symbol: 'UNI', name: 'Unicorn Token', rank: null },
  ],
  contracts: { 'ethereum:0x00000000000000000000000000000000000c0ffe': 'unicorn-token' },
  bitstamp: { xrpusd: series('2024-01-01', '2024-12-31', () => '0.6123') },
  ecb: {
    '2024-02-01': { USD: '1.0837', GBP: '0.8531' },
    '2024-02-02': { USD: '1.0866', GBP: '0.8536' },
    '2024-03-01': { USD: '1.0834', GBP: '0.8566' },
  },
};

let replay: ReplayServer;
beforeAll(async () => {
  replay = await replayServer(data).start();
});
afterAll(() => replay.stop());
afterEach(() => replay.reset());

function resolver(store = new MemoryPriceStore(), extra: Record<string, string> = {}) {
  const settings = priceSettingsFromEnv({ ...replayEnv(replay.url), COINGECKO_MAX_RETRIES: '1', ...extra });
  return { store, resolver: new PriceResolver(store, settings.providers, settings.pegs) };
}

describe('PriceResolver against replayed providers', () => {
  it('asks once per asset window, keeps what it fetched and answers from the table next time', async () => {
    const { store, resolver: r } = resolver();
    const needs = [
      { asset: 'BTC', day: '2024-02-01' },
      { asset: 'BTC', day: '2024-03-01' },
      { asset: 'ETH', day: '2024-02-02' },
      { asset: 'GBP', day: '2024-02-01' },
    ];
    const first = await r.resolve(needs, { currency: 'USD' });
    expect(first.failures).toEqual([]);
    expect(first.missing).toEqual([]);
    // BTC: one range request covering both days; ETH: one; the ECB: one for every currency.
    expect(replay.seen('/coingecko/coins/bitcoin/market_chart/range')).toHaveLength(1);
    expect(replay.seen('/coingecko/coins/ethereum/market_chart/range')).toHaveLength(1);
    expect(replay.seen('/ecb/')).toHaveLength(1);
    expect(first.book.answer('BTC', 'USD', '2024-03-01')).toMatchObject({
      price: '42060.5',
      source: 'provider',
      origin: 'coingecko',
    });
    // 1 GBP = 1.0837 / 0.8531 USD.
    expect(first.book.answer('GBP', 'USD', '2024-02-01')?.price).toBe('1.270308287422342047');
    replay.requests.length = 0;
    const second = await new PriceResolver(store, { crypto: [], fx: null }, new Map()).resolve(needs, {
      currency: 'USD',
    });
    expect(second.missing).toEqual([]);
    expect(second.book.answer('BTC', 'USD', '2024-02-01')).toMatchObject({
      price: '42031.5',
      source: 'cache',
    });
    expect(replay.requests).toHaveLength(0);
  });

  it('prices crypto in GBP through USD and the ECB rates of the same day', async () => {
    const result = await resolver().resolver.resolve([{ asset: 'ETH', day: '2024-02-01' }], {
      currency: 'GBP',
    });
    // ETH 2024-02-01 = 2331.25 USD; × 0.8531 / 1.0837.
    expect(result.book.answer('ETH', 'GBP', '2024-02-01')).toMatchObject({
      price: '1835.184437574974623973',
      via: ['USD→GBP 0.78721048 (European Central Bank, 2024-02-01)'],
    });
  });

  it('takes the biggest coin for a shared symbol and reports the others', async () => {
    const result = await resolver().resolver.resolve([{ asset: 'GMT', day: '2024-02-01' }], {
      currency: 'USD',
    });
    expect(result.book.answer('GMT', 'USD', '2024-02-01')?.price).toBe('0.21');
    expect(result.ambiguous).toEqual([
      expect.objectContaining({
        asset: 'GMT',
        chosen: expect.objectContaining({ id: 'stepn' }),
        alternatives: [
          expect.objectContaining({ id: 'stepn' }),
          expect.objectContaining({ id: 'gmt-token' }),
        ],
      }),
    ]);
  });

  it("a shared symbol is decided by the file's contract: no guess, no flag", async () => {
    const byRank = await resolver().resolver.resolve([{ asset: 'UNI', day: '2024-02-01' }], {
      currency: 'USD',
    });
    expect(byRank.book.answer('UNI', 'USD', '2024-02-01')?.price).toBe('7.25');
    expect(byRank.ambiguous.map((a) => a.chosen.id)).toEqual(['uniswap']);
    const byContract = await resolver().resolver.resolve(
      [{ asset: 'UNI', day: '2024-02-01', contract: 'ethereum:0x00000000000000000000000000000000000c0ffe' }],
      { currency: 'USD' },
    );
    expect(byContract.book.answer('UNI', 'USD', '2024-02-01')?.price).toBe('0.0031');
    expect(byContract.ambiguous).toEqual([]);
    // Uniswap's own contract is in the built-in list: no lookup needed.
    replay.reset();
    const known = await resolver().resolver.resolve(
      [{ asset: 'UNI', day: '2024-03-01', contract: 'ethereum:0x1f9840a85d5af5bf1d1762f925bdaddc4201f984' }],
      { currency: 'USD' },
    );
    expect(known.book.answer('UNI', 'USD', '2024-03-01')?.price).toBe('7.25');
    expect(replay.seen('/coingecko/coins/ethereum/contract')).toHaveLength(0);
  });

  it('waits after a 429 and then succeeds', async () => {
    replay.fault('/coingecko/coins', { kind: 'rate_limit', times: 1 });
    const started = Date.now();
    const result = await resolver().resolver.resolve([{ asset: 'BTC', day: '2024-02-01' }], {
      currency: 'USD',
    });
    expect(result.failures).toEqual([]);
    expect(result.book.answer('BTC', 'USD', '2024-02-01')?.price).toBe('42031.5');
    expect(replay.seen('/coingecko/coins/bitcoin')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // Retry-After: 1
  });

  it('falls back to the next provider when one is down, and says which one is not responding', async () => {
    replay.fault('/coingecko', { kind: 'down' });
    const result = await resolver().resolver.resolve(
      [
        { asset: 'XRP', day: '2024-02-01' },
        { asset: 'BTC', day: '2024-02-01' },
      ],
      { currency: 'USD' },
    );
    expect(result.failures).toEqual([
      {
        provider: 'coingecko',
        message: 'CoinGecko service is not currently responding, please try again in a bit.',
      },
    ]);
    // Bitstamp has XRP; nobody answers for BTC: it stays missing, never 0.
    expect(result.book.answer('XRP', 'USD', '2024-02-01')).toMatchObject({
      price: '0.6123',
      origin: 'bitstamp',
    });
    expect(result.missing).toEqual([{ asset: 'BTC', day: '2024-02-01' }]);
    // CoinGecko's retries back off over several seconds before the fallback is asked.
  }, 30_000);

  it('treats a malformed reply as a failure, not a price', async () => {
    replay.fault('/coingecko/coins', { kind: 'malformed' });
    replay.fault('/bitstamp', { kind: 'malformed' });
    const result = await resolver().resolver.resolve([{ asset: 'ETH', day: '2024-02-01' }], {
      currency: 'USD',
    });
    expect(result.failures.map((f) => f.provider)).toEqual(['coingecko', 'bitstamp']);
    expect(result.missing).toEqual([{ asset: 'ETH', day: '2024-02-01' }]);
    expect(result.book.answer('ETH', 'USD', '2024-02-01')).toBeNull();
  });

  it('offline: no request at all; pegs still value stablecoins', async () => {
    const result = await resolver().resolver.resolve(
      [
        { asset: 'BTC', day: '2024-02-01' },
        { asset: 'USDC', day: '2024-02-01' },
      ],
      { currency: 'USD', offline: true },
    );
    expect(replay.requests).toHaveLength(0);
    expect(result.missing).toEqual([{ asset: 'BTC', day: '2024-02-01' }]);
    expect(result.book.answer('USDC', 'USD', '2024-02-01')).toMatchObject({ price: '1', source: 'peg' });
  });

  it("asks for a GBP-valued row's crypto price only when GBP has no rate that day", async () => {
    const { resolver: r } = resolver(new MemoryPriceStore(), { PRICE_PROVIDERS: 'coingecko,ecb' });
    // 2024-02-01 has an ECB rate: the backup (ETH) is not asked for.
    const rated = await r.resolve(
      [
        { asset: 'GBP', day: '2024-02-01' },
        { asset: 'ETH', day: '2024-02-01', unless: 'GBP' },
      ],
      { currency: 'USD' },
    );
    expect(rated.book.answer('GBP', 'USD', '2024-02-01')).not.toBeNull();
    expect(replay.seen('/coingecko/coins/ethereum')).toHaveLength(0);
    // 2024-11-20 has none: ETH's price is fetched, the missing rate stays missing.
    const unrated = await r.resolve(
      [
        { asset: 'GBP', day: '2024-11-20' },
        { asset: 'ETH', day: '2024-11-20', unless: 'GBP' },
      ],
      { currency: 'USD' },
    );
    expect(unrated.book.answer('ETH', 'USD', '2024-11-20')).toMatchObject({ origin: 'coingecko' });
    expect(unrated.missing).toEqual([{ asset: 'GBP', day: '2024-11-20' }]);
  });

  it('does not ask again for a window a provider had nothing for, unless told to fetch again', async () => {
    const { store, resolver: r } = resolver(new MemoryPriceStore(), { PRICE_PROVIDERS: 'coingecko' });
    await r.resolve([{ asset: 'ETH', day: '2023-06-01' }], { currency: 'USD' });
    expect(replay.seen('/coingecko/coins/ethereum')).toHaveLength(1);
    await r.resolve([{ asset: 'ETH', day: '2023-06-01' }], { currency: 'USD' });
    expect(replay.seen('/coingecko/coins/ethereum')).toHaveLength(1);
    await r.resolve([{ asset: 'ETH', day: '2023-06-01' }], { currency: 'USD', refetch: true });
    expect(replay.seen('/coingecko/coins/ethereum')).toHaveLength(2);
    expect((await store.misses('coingecko', 'ETH')).length).toBeGreaterThan(0);
  });
});
