import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { type GeminiAccount, geminiAccountFromCsv, geminiHandler } from '@lotwise/test-replay/gemini-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';
import { fetchGeminiHistory } from '../src/modules/wallets/sources/gemini-api.ts';

/**
 * Gemini through ccxt (roles, transfers, balances, trades per market; signed X-GEMINI-PAYLOAD)
 * against a local server answering in Gemini's documented shapes, replaying the sample export.
 */
const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/exchange-samples/gemini-transaction-history.csv',
);
const KEY = 'account-gemini-read-only-key';
const SECRET = 'gemini-secret-for-the-replay-server';

const state: { key: string; account: GeminiAccount; roles?: Record<string, boolean> } = {
  key: KEY,
  account: { trades: [], transfers: [], symbols: [] },
};
const replay = new ExchangeReplay(geminiHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchGeminiHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined, note: undefined }));

describe('Gemini API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the same records and dedupe keys as the downloaded export', async () => {
    state.account = geminiAccountFromCsv(SAMPLE);
    replay.reset();
    const api = await fetchHistory();
    const fromApi = parseFile(new TextEncoder().encode(api.csv));
    const fromFile = parseFile(readFileSync(SAMPLE));
    expect(fromApi.format).toBe('gemini-history');
    expect(fromApi.errors).toEqual([]);
    expect(strip(fromApi)).toEqual(strip(fromFile));
    expect(dedupeKeys('gemini', fromApi.transactions)).toEqual(dedupeKeys('gemini', fromFile.transactions));
    // Only markets between the account's assets are asked.
    expect(replay.to(/mytrades/).length).toBe(3);
    expect(api.warnings).toEqual([]);
  });

  it('pages trades and transfers by time, and a resync asks once per market and for transfers', async () => {
    const t0 = Date.UTC(2023, 0, 1);
    state.account = {
      symbols: ['btcusd'],
      transfers: [
        {
          type: 'Deposit',
          status: 'Complete',
          timestampms: t0 - 10,
          eid: 1,
          currency: 'USD',
          amount: '100000',
        },
        { type: 'Deposit', status: 'Complete', timestampms: t0 - 5, eid: 2, currency: 'BTC', amount: '1' },
      ],
      trades: Array.from({ length: 1100 }, (_, i) => ({
        symbol: 'btcusd',
        price: '20000',
        amount: '0.001',
        timestampms: t0 + i * 1000,
        type: i % 2 ? 'Sell' : 'Buy',
        fee_currency: 'USD',
        fee_amount: '0.02',
        tid: 5000 + i,
        order_id: `${9000 + i}`,
      })),
    };
    replay.reset();
    const all = await fetchHistory();
    expect(all.entries).toBe(1102);
    expect(replay.to(/mytrades/)).toHaveLength(3);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(none.entries).toBe(0);
    expect(replay.to(/mytrades/)).toHaveLength(1);
    expect(replay.to(/transfers/)).toHaveLength(1);
    state.account.transfers.push({
      type: 'Withdrawal',
      status: 'Complete',
      timestampms: t0 + 9e6,
      eid: 3,
      currency: 'BTC',
      amount: '0.1',
    });
    const one = await fetchHistory({ cursor: none.cursor ?? undefined });
    expect(one.entries).toBe(1);
  });

  it('waits and tries again when rate limited (429), then succeeds', async () => {
    state.account = geminiAccountFromCsv(SAMPLE);
    replay.reset();
    replay.faults.push(
      {
        status: 429,
        body: JSON.stringify({ result: 'error', reason: 'RateLimit', message: 'Too many requests' }),
      },
      { status: 429, body: 'Too Many Requests' },
    );
    expect((await fetchHistory()).entries).toBe(7);
  });

  it('warns when the key can trade or move funds', async () => {
    state.roles = { isTrader: true, isFundManager: true };
    expect((await fetchHistory()).warnings).toEqual([
      'This Gemini API key can also trade and withdraw. Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.roles = undefined;
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ apiKey: '' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'account-revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    await expect(fetchHistory({ apiKey: 'master-key-not-for-one-account' })).rejects.toThrow(
      'Oops! Keys are invalid',
    );
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Gemini service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ isAuditor: true }) },
      { status: 200, body: JSON.stringify([{ type: 'Deposit', eid: 'x' }]) },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'Gemini import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
