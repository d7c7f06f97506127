import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import {
  type BinanceAccount,
  binanceAccountFromStatement,
  binanceHandler,
  emptyBinanceAccount,
} from '@lotwise/test-replay/binance-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchBinanceHistory } from '../src/modules/wallets/sources/binance-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';

/**
 * Binance through ccxt (spot trades by market, the sapi history calls in their windows, the
 * key's restrictions) against a local server answering in Binance's documented shapes,
 * replaying the sample statements.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const KEY = 'binance-read-only-key';
const SECRET = 'binance-secret-for-the-replay-server';
const NOW = Date.UTC(2024, 11, 31);

const state: { key: string; account: BinanceAccount; restrictions?: Record<string, boolean> } = {
  key: KEY,
  account: emptyBinanceAccount(),
};
const replay = new ExchangeReplay(binanceHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchBinanceHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    now: NOW,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined, note: undefined }));

describe('Binance API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  for (const sample of ['binance-transaction-history-v2.csv', 'binance-transaction-history-v3.csv']) {
    it(`gives the same records and dedupe keys as the downloaded ${sample}`, async () => {
      state.account = binanceAccountFromStatement(`${SAMPLES}/${sample}`);
      replay.reset();
      const api = await fetchHistory();
      const fromApi = parseFile(new TextEncoder().encode(api.csv));
      const fromFile = parseFile(readFileSync(`${SAMPLES}/${sample}`));
      expect(fromApi.format).toBe('binance-statement-v2');
      expect(fromApi.errors).toEqual([]);
      expect(fromFile.errors).toEqual([]);
      expect(strip(fromApi)).toEqual(strip(fromFile));
      expect(dedupeKeys('binance', fromApi.transactions)).toEqual(
        dedupeKeys('binance', fromFile.transactions),
      );
      // Only the markets between the account's assets are asked for trades.
      const asked = replay.to(/myTrades/).map((r) => r.query.get('symbol'));
      expect(asked).not.toContain('XRPBTC');
      expect(api.warnings).toEqual([]);
    });
  }

  it('pages trades by id and deposits by window, and a resync asks once per market and window', async () => {
    const t0 = Date.UTC(2022, 0, 1);
    const account = emptyBinanceAccount();
    account.symbols.push({ symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT' });
    account.deposits.push({ coin: 'USDT', amount: '100000', status: 1, insertTime: t0 - 1000 });
    account.deposits.push({ coin: 'BTC', amount: '1', status: 1, insertTime: t0 - 2000 });
    account.trades = Array.from({ length: 2100 }, (_, i) => ({
      symbol: 'BTCUSDT',
      id: i + 1,
      qty: '0.001',
      quoteQty: '30.5',
      commission: '0.0305',
      commissionAsset: 'USDT',
      time: t0 + i * 60_000,
      isBuyer: i % 2 === 0,
    }));
    state.account = account;
    replay.reset();
    const all = await fetchHistory();
    expect(replay.to(/myTrades/).map((r) => r.query.get('fromId'))).toEqual(['0', '1001', '2001']);
    // 2017-07 to the end of 2024 in windows of 90 days.
    expect(replay.to(/deposit\/hisrec/).length).toBe(
      Math.ceil((NOW - Date.UTC(2017, 6, 1)) / (90 * 86_400_000)),
    );
    expect(parseFile(new TextEncoder().encode(all.csv)).transactions).toHaveLength(2102);

    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined, now: NOW + 3_600_000 });
    expect(none.entries).toBe(0);
    expect(replay.to(/myTrades/).map((r) => r.query.get('fromId'))).toEqual(['2101']);
    expect(replay.to(/deposit\/hisrec/)).toHaveLength(1);
    expect(replay.to(/convert\/tradeFlow/)).toHaveLength(1);
    account.deposits.push({ coin: 'BTC', amount: '0.5', status: 1, insertTime: NOW + 7_200_000 });
    const one = await fetchHistory({ cursor: none.cursor ?? undefined, now: NOW + 10_800_000 });
    expect(one.entries).toBe(1);
  });

  it('waits and tries again when rate limited (429, then -1003), then succeeds', async () => {
    state.account = binanceAccountFromStatement(`${SAMPLES}/binance-transaction-history-v2.csv`);
    replay.reset();
    replay.faults.push(
      { status: 429, body: JSON.stringify({ code: -1003, msg: 'Too many requests.' }) },
      { status: 200, body: JSON.stringify({ code: -1003, msg: 'Too much request weight used.' }) },
    );
    const got = await fetchHistory();
    expect(got.entries).toBeGreaterThan(10);
  });

  it('warns when the key can trade or withdraw', async () => {
    state.restrictions = { enableSpotAndMarginTrading: true, enableWithdrawals: true };
    const got = await fetchHistory();
    expect(got.warnings).toEqual([
      'This Binance API key can also trade and withdraw. Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.restrictions = undefined;
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ apiKey: '' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    // Binance's spot answer for a key without permission (ccxt files it as OperationRejected there).
    replay.faults.push({
      status: 400,
      body: JSON.stringify({ code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' }),
    });
    await expect(fetchHistory()).rejects.toThrow('Oops! Keys are invalid');
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Binance service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ enableReading: true }) },
      { status: 200, body: JSON.stringify({ balances: 'nope' }) },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'Binance import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
