import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { type KucoinFill, kucoinFillsFromCsv, kucoinHandler } from '@lotwise/test-replay/kucoin-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';
import { fetchKucoinHistory } from '../src/modules/wallets/sources/kucoin-api.ts';

/**
 * KuCoin through ccxt (the key's record, spot fills in 7-day windows) against a local server
 * answering in KuCoin's documented shapes, replaying the sample trade history.
 */
const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/exchange-samples/kucoin-spot-trade-history.csv',
);
const KEY = 'kucoin-read-only-key';
const SECRET = 'kucoin-secret-for-the-replay-server';
const PASSPHRASE = 'kucoin passphrase';
const NOW = Date.UTC(2024, 5, 30);
const DAY = 86_400_000;

const state: { key: string; secret: string; passphrase: string; fills: KucoinFill[]; permission?: string } = {
  key: KEY,
  secret: SECRET,
  passphrase: PASSPHRASE,
  fills: [],
};
const replay = new ExchangeReplay(kucoinHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchKucoinHistory({
    apiKey: KEY,
    secret: SECRET,
    passphrase: PASSPHRASE,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    now: NOW,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined }));

describe('KuCoin API fills (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the same records and dedupe keys as the downloaded trade history', async () => {
    state.fills = kucoinFillsFromCsv(SAMPLE);
    replay.reset();
    const api = await fetchHistory();
    const fromApi = parseFile(new TextEncoder().encode(api.csv));
    const fromFile = parseFile(readFileSync(SAMPLE));
    expect(fromApi.format).toBe('kucoin-trade-history');
    expect(fromApi.errors).toEqual([]);
    expect(strip(fromApi)).toEqual(strip(fromFile));
    expect(dedupeKeys('kucoin', fromApi.transactions)).toEqual(dedupeKeys('kucoin', fromFile.transactions));
    // 7-day windows from KuCoin's launch (September 2017).
    expect(replay.to(/fills/).length).toBe(Math.ceil((NOW - Date.UTC(2017, 8, 1)) / (7 * DAY)));
    expect(api.warnings).toEqual([]);
  });

  it('pages a window to its end, and a resync reads only the windows since', async () => {
    const t0 = NOW - 3 * DAY;
    state.fills = Array.from({ length: 1200 }, (_, i) => ({
      symbol: 'BTC-USDT',
      tradeId: `t${i}`,
      orderId: `o${i}`,
      side: i % 2 ? 'sell' : 'buy',
      liquidity: 'taker',
      price: '60000',
      size: '0.001',
      funds: '60',
      fee: '0.06',
      feeCurrency: 'USDT',
      type: 'market',
      tradeType: 'TRADE',
      createdAt: t0 + i * 60_000,
    }));
    replay.reset();
    const all = await fetchHistory();
    expect(all.entries).toBe(1200);
    expect(
      replay
        .to(/fills/)
        .filter((r) => r.query.get('currentPage') !== '1')
        .map((r) => r.query.get('currentPage')),
    ).toEqual(['2', '3']);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined, now: NOW + 3_600_000 });
    expect(none.entries).toBe(0);
    expect(replay.to(/fills/)).toHaveLength(1);
    state.fills.push({
      ...state.fills[0],
      tradeId: 'tnew',
      orderId: 'onew',
      createdAt: NOW + 5_000_000,
    } as KucoinFill);
    const one = await fetchHistory({ cursor: none.cursor ?? undefined, now: NOW + 7_200_000 });
    expect(one.entries).toBe(1);
    expect(one.csv).toContain('onew');
  });

  it('waits and tries again when rate limited (429, then 429000), then succeeds', async () => {
    state.fills = kucoinFillsFromCsv(SAMPLE);
    replay.reset();
    replay.faults.push(
      { status: 429, body: JSON.stringify({ code: '429000', msg: 'Too Many Requests' }) },
      { status: 200, body: JSON.stringify({ code: '429000', msg: 'Too Many Requests' }) },
    );
    expect((await fetchHistory()).entries).toBe(5);
  });

  it('warns when the key can trade or withdraw', async () => {
    state.permission = 'General,Spot,Withdrawal';
    expect((await fetchHistory()).warnings).toEqual([
      'This KuCoin API key can also trade and withdraw. Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.permission = undefined;
  });

  it("says the spec's words for a missing key or passphrase, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ passphrase: ' ' })).rejects.toThrow(
      'Please Provide Correct Api-Key and Secret.',
    );
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    await expect(fetchHistory({ passphrase: 'wrong' })).rejects.toThrow('Oops! Keys are invalid');
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'KuCoin service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ code: '200000', data: { permission: 'General' } }) },
      { status: 200, body: JSON.stringify({ code: '200000', data: { items: [{ symbol: 'BTC-USDT' }] } }) },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'KuCoin import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
