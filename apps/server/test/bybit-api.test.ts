import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { type BybitAccount, bybitAccountFromCsv, bybitHandler } from '@lotwise/test-replay/bybit-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchBybitHistory } from '../src/modules/wallets/sources/bybit-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';

/**
 * Bybit through ccxt (the key's record, the unified account's transaction log, deposit and
 * withdrawal records, each in its windows) against a local server answering in Bybit's
 * documented v5 shapes, replaying the sample transaction log and funding history.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const LOG = `${SAMPLES}/bybit-uta-transaction-log.csv`;
const FUNDING = `${SAMPLES}/bybit-funding-history.csv`;
const KEY = 'bybit-read-only-key';
const SECRET = 'bybit-secret-for-the-replay-server';
const NOW = Date.UTC(2024, 11, 31);
const DAY = 86_400_000;

const state: { key: string; account: BybitAccount; readOnly?: number; wallet?: string[] } = {
  key: KEY,
  account: { log: [], deposits: [], withdrawals: [] },
};
const replay = new ExchangeReplay(bybitHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchBybitHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    now: NOW,
    ...extra,
  });

const strip = (r: { transactions: object[] }, noId = false) =>
  r.transactions.map((t) => ({
    ...t,
    source_lines: undefined,
    note: undefined,
    ...(noId ? { external_id: null } : {}),
  }));

describe('Bybit API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the records of the downloaded transaction log and funding history', async () => {
    state.account = bybitAccountFromCsv(LOG, FUNDING);
    replay.reset();
    const api = await fetchHistory();
    const log = parseFile(new TextEncoder().encode(api.csv));
    const logFile = parseFile(readFileSync(LOG));
    expect(log.format).toBe('bybit-uta');
    expect(log.errors).toEqual([]);
    // The API's log carries each fill's Order ID, the EU export does not: the same records otherwise.
    expect(strip(log, true)).toEqual(strip(logFile));
    expect(log.transactions.every((t) => t.external_id?.startsWith('order-'))).toBe(true);
    const funding = parseFile(new TextEncoder().encode(api.more?.[0]?.csv ?? ''));
    const fundingFile = parseFile(readFileSync(FUNDING));
    expect(funding.format).toBe('bybit-funding');
    expect(funding.errors).toEqual([]);
    // On-chain deposits and withdrawals only: the export's fiat deposit and airdrop have no API record.
    const onChain = fundingFile.transactions.filter(
      (t) => t.subtype !== 'airdrop' && t.timestamp !== '2024-06-05T08:16:17Z',
    );
    expect(strip(funding)).toEqual(strip({ transactions: onChain }));
    expect(dedupeKeys('bybit', funding.transactions)).toEqual(dedupeKeys('bybit', onChain));
    // Two years back: 7-day windows of the log, 30-day ones of deposits.
    expect(replay.to(/transaction-log/).length).toBe(Math.ceil((2 * 365 * DAY) / (7 * DAY)));
    expect(api.warnings).toEqual([]);
  });

  it('pages a window by cursor, and a resync reads only the windows since', async () => {
    state.account = {
      deposits: [],
      withdrawals: [],
      log: Array.from({ length: 120 }, (_, i) => ({
        symbol: 'BTCUSDT',
        side: 'Buy',
        transactionTime: NOW - DAY + Math.floor(i / 2) * 1000,
        type: 'TRADE',
        qty: '0.001',
        size: '0',
        currency: i % 2 ? 'USDT' : 'BTC',
        tradePrice: '60000',
        funding: '0',
        fee: '0',
        cashFlow: i % 2 ? '-60' : '0.001',
        change: i % 2 ? '-60' : '0.001',
        cashBalance: '1',
        feeRate: '0.001',
        tradeId: `t${i}`,
        orderId: `o${Math.floor(i / 2)}`,
      })),
    };
    replay.reset();
    const all = await fetchHistory();
    expect(all.entries).toBe(120);
    expect(replay.to(/transaction-log/).filter((r) => r.query.get('cursor'))).toHaveLength(2);
    expect(parseFile(new TextEncoder().encode(all.csv)).transactions).toHaveLength(60);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined, now: NOW + 3_600_000 });
    expect(none.entries).toBe(0);
    expect(replay.to(/transaction-log/)).toHaveLength(1);
    expect(replay.to(/deposit/)).toHaveLength(1);
  });

  it('waits and tries again when rate limited (429, then 10006), then succeeds', async () => {
    state.account = bybitAccountFromCsv(LOG, FUNDING);
    replay.reset();
    replay.faults.push(
      { status: 429, body: 'Too Many Requests' },
      { status: 200, body: JSON.stringify({ retCode: 10006, retMsg: 'Too many visits!', result: {} }) },
    );
    expect((await fetchHistory()).entries).toBe(6);
  });

  it('warns when the key can trade or withdraw', async () => {
    state.readOnly = 0;
    state.wallet = ['AccountTransfer', 'Withdraw'];
    expect((await fetchHistory()).warnings).toEqual([
      'This Bybit API key can also trade and withdraw. Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.readOnly = undefined;
    state.wallet = undefined;
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ secret: ' ' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Bybit service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ retCode: 0, retMsg: 'OK', result: { readOnly: 1 } }) },
      {
        status: 200,
        body: JSON.stringify({ retCode: 0, retMsg: 'OK', result: { list: [{ type: 'TRADE' }] } }),
      },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'Bybit import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
