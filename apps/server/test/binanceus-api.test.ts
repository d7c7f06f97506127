import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import {
  type BinanceusAccount,
  binanceusAccountFromCsv,
  binanceusHandler,
} from '@lotwise/test-replay/binanceus-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchBinanceusHistory } from '../src/modules/wallets/sources/binanceus-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';

/**
 * Binance.US through ccxt (binanceus: the sapi history calls in 90-day windows, spot trades per
 * market) against a local server answering in Binance.US's documented shapes, replaying the
 * sample Transaction History.
 */
const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/exchange-samples/binanceus-transaction-history.csv',
);
const KEY = 'binanceus-read-only-key';
const SECRET = 'binanceus-secret-for-the-replay-server';
const NOW = Date.UTC(2025, 5, 30);

const empty = (): BinanceusAccount => ({
  trades: [],
  deposits: [],
  withdrawals: [],
  distributions: [],
  converts: [],
  buys: [],
  symbols: [],
});
const state: { key: string; account: BinanceusAccount } = { key: KEY, account: empty() };
const replay = new ExchangeReplay(binanceusHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchBinanceusHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    now: NOW,
    ...extra,
  });

// The export's USD values are not in the API's answers (Lotwise prices the rows itself).
const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined, note: undefined, fiat_value: undefined }));

describe('Binance.US API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the records and dedupe keys of the downloaded history (less its USD bank deposit)', async () => {
    state.account = binanceusAccountFromCsv(SAMPLE);
    replay.reset();
    const api = await fetchHistory();
    const fromApi = parseFile(new TextEncoder().encode(api.csv));
    const fromFile = parseFile(readFileSync(SAMPLE));
    expect(fromApi.format).toBe('binanceus-history');
    expect(fromApi.errors).toEqual([]);
    const onApi = fromFile.transactions.filter((t) => t.received?.asset !== 'USD' || t.kind !== 'deposit');
    expect(strip(fromApi)).toEqual(strip({ transactions: onApi }));
    expect(dedupeKeys('binanceus', fromApi.transactions)).toEqual(dedupeKeys('binanceus', onApi));
    expect(
      replay
        .to(/myTrades/)
        .map((r) => r.query.get('symbol'))
        .sort(),
    ).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('pages trades by id, and a resync asks once per market and window', async () => {
    const account = empty();
    account.symbols = [{ symbol: 'BTCUSD', baseAsset: 'BTC', quoteAsset: 'USD' }];
    account.deposits.push(
      { id: 'd1', coin: 'USD', amount: '1000', status: 1, insertTime: NOW - 9e8 },
      { id: 'd2', coin: 'BTC', amount: '1', status: 1, insertTime: NOW - 9e8 },
    );
    account.trades = Array.from({ length: 1500 }, (_, i) => ({
      symbol: 'BTCUSD',
      id: i + 1,
      orderId: i,
      qty: '0.0001',
      quoteQty: '6',
      commission: '0',
      commissionAsset: 'USD',
      time: NOW - 8e8 + i * 1000,
      isBuyer: true,
    }));
    state.account = account;
    replay.reset();
    const all = await fetchHistory();
    expect(all.entries).toBe(1502);
    expect(replay.to(/myTrades/).map((r) => r.query.get('fromId'))).toEqual(['0', '1001']);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined, now: NOW + 3_600_000 });
    expect(none.entries).toBe(0);
    expect(replay.to(/myTrades/).map((r) => r.query.get('fromId'))).toEqual(['1501']);
    expect(replay.to(/deposit\/hisrec/)).toHaveLength(1);
  });

  it('waits and tries again when rate limited (429), then succeeds', async () => {
    state.account = binanceusAccountFromCsv(SAMPLE);
    replay.reset();
    replay.faults.push(
      { status: 429, body: '{"code":-1003,"msg":"Too many requests."}' },
      { status: 418, body: '{}' },
    );
    expect((await fetchHistory()).entries).toBe(7);
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ apiKey: '' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Binance US service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push({ status: 200, body: JSON.stringify([{ id: 1, coin: 'BTC' }]) });
    await expect(fetchHistory()).rejects.toThrow(
      'Binance US import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
