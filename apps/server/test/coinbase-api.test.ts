import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import {
  type CoinbaseTransaction,
  coinbaseHandler,
  coinbaseTransactionsFromCsv,
} from '@lotwise/test-replay/coinbase-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchCoinbaseHistory } from '../src/modules/wallets/sources/coinbase-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';

/**
 * Coinbase through ccxt (the App API's v2 wallets and transactions, v3 key permissions) against
 * a local server answering in Coinbase's documented shapes, replaying the sample reports.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const KEY = 'coinbase-read-only-key';
const SECRET = 'coinbase-legacy-hmac-secret-0123';

const state: { key: string; transactions: CoinbaseTransaction[]; permissions?: Record<string, unknown> } = {
  key: KEY,
  transactions: [],
};
const replay = new ExchangeReplay(coinbaseHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchCoinbaseHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined, note: undefined }));

describe('Coinbase API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  for (const sample of ['coinbase-history-2025-addresses.csv', 'coinbase-history-2024-id.csv']) {
    it(`gives the same records and dedupe keys as the downloaded ${sample}`, async () => {
      state.transactions = coinbaseTransactionsFromCsv(`${SAMPLES}/${sample}`);
      replay.reset();
      const api = await fetchHistory();
      const fromApi = parseFile(new TextEncoder().encode(api.csv));
      const fromFile = parseFile(readFileSync(`${SAMPLES}/${sample}`));
      expect(fromApi.format).toBe('coinbase-2025');
      expect(fromApi.errors).toEqual([]);
      expect(strip(fromApi)).toEqual(strip(fromFile));
      expect(dedupeKeys('coinbase', fromApi.transactions)).toEqual(
        dedupeKeys('coinbase', fromFile.transactions),
      );
      // The never-used wallet (no creation time, empty) is not read.
      expect(replay.to(/acct-XLM/)).toEqual([]);
      expect(api.warnings).toEqual([]);
    });
  }

  it('pages each wallet to its first transaction, and a resync asks once per wallet', async () => {
    const t0 = Date.UTC(2023, 0, 1);
    state.transactions = Array.from({ length: 230 }, (_, i) => ({
      id: `tx-${String(i).padStart(4, '0')}`,
      type: 'staking_reward',
      status: 'completed',
      created_at: new Date(t0 + i * 3_600_000).toISOString(),
      amount: { amount: '0.001', currency: 'ETH' },
      native_amount: { amount: '2.50', currency: 'USD' },
    }));
    replay.reset();
    const pages: number[] = [];
    const all = await fetchHistory({ onPage: (n) => void pages.push(n) });
    expect(all.entries).toBe(230);
    expect(replay.to(/acct-ETH\/transactions/)).toHaveLength(3);
    expect(pages).toEqual([100, 200, 230]);
    expect(parseFile(new TextEncoder().encode(all.csv)).transactions).toHaveLength(230);

    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(none.entries).toBe(0);
    expect(replay.to(/acct-ETH\/transactions/)).toHaveLength(1);
    state.transactions.push({
      id: 'tx-new',
      type: 'staking_reward',
      status: 'completed',
      created_at: new Date(t0 + 500 * 3_600_000).toISOString(),
      amount: { amount: '0.002', currency: 'ETH' },
      native_amount: { amount: '5.00', currency: 'USD' },
    });
    const one = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(one.entries).toBe(1);
    expect(one.csv).toContain('tx-new');
  });

  it('waits and tries again when rate limited (429), then succeeds', async () => {
    state.transactions = coinbaseTransactionsFromCsv(`${SAMPLES}/coinbase-history-2025-addresses.csv`);
    replay.reset();
    replay.faults.push(
      {
        status: 429,
        body: JSON.stringify({ errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] }),
      },
      { status: 429, body: 'Too many requests' },
    );
    const got = await fetchHistory();
    expect(got.entries).toBeGreaterThan(5);
  });

  it('warns when the key can trade or transfer', async () => {
    state.permissions = { can_view: true, can_trade: true, can_transfer: true };
    const got = await fetchHistory();
    expect(got.warnings).toEqual([
      'This Coinbase API key can also trade and withdraw (transfer). Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.permissions = undefined;
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ secret: '' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Coinbase service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ can_view: true }) },
      { status: 200, body: JSON.stringify({ data: 'nope' }) },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'Coinbase import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
