import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import {
  type BitstampTransaction,
  bitstampHandler,
  bitstampTransactionsFromCsv,
} from '@lotwise/test-replay/bitstamp-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchBitstampHistory } from '../src/modules/wallets/sources/bitstamp-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';

/**
 * Bitstamp through ccxt (`user_transactions`, signed v2 X-Auth) against a local server
 * answering in Bitstamp's documented shapes, replaying the sample export.
 */
const SAMPLE = resolve(
  import.meta.dirname,
  '../../../fixtures/exchange-samples/bitstamp-transactions-2024.csv',
);
const KEY = 'bitstamp-read-only-key';
const SECRET = 'bitstamp-secret-for-the-replay-server';

const state: { key: string; transactions: BitstampTransaction[] } = { key: KEY, transactions: [] };
const replay = new ExchangeReplay(bitstampHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchBitstampHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined }));

describe('Bitstamp API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the same records and dedupe keys as the downloaded export', async () => {
    state.transactions = bitstampTransactionsFromCsv(SAMPLE);
    replay.reset();
    const api = await fetchHistory();
    const fromApi = parseFile(new TextEncoder().encode(api.csv));
    const fromFile = parseFile(readFileSync(SAMPLE));
    expect(fromApi.format).toBe('bitstamp-2024');
    expect(fromApi.errors).toEqual([]);
    expect(strip(fromApi)).toEqual(strip(fromFile));
    expect(fromApi.skipped.length).toBe(fromFile.skipped.length);
    expect(dedupeKeys('bitstamp', fromApi.transactions)).toEqual(
      dedupeKeys('bitstamp', fromFile.transactions),
    );
  });

  it('pages from the first transaction, and a resync asks once from the last id', async () => {
    state.transactions = Array.from({ length: 2300 }, (_, i) => ({
      id: 1000 + i,
      datetime: new Date(Date.UTC(2023, 0, 1) + i * 60_000)
        .toISOString()
        .replace('T', ' ')
        .replace('Z', '000'),
      type: '27',
      eth: '0.0001',
      eur: '0.00',
      fee: '0.00',
      order_id: null,
    }));
    replay.reset();
    const pages: number[] = [];
    const all = await fetchHistory({ onPage: (n) => void pages.push(n) });
    expect(all.entries).toBe(2300);
    // `since_id` answers that transaction again: each next page repeats the last one.
    expect(pages).toEqual([1000, 1999, 2300]);
    expect(replay.requests.map((r) => r.fields.since_id ?? null)).toEqual([null, '1999', '2998']);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(none.entries).toBe(0);
    expect(replay.requests).toHaveLength(1);
    state.transactions.push({
      id: 9000,
      datetime: '2024-06-01 10:00:00.000000',
      type: '0',
      eur: '50.00',
      fee: '0',
    });
    const one = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(one.entries).toBe(1);
    expect(one.csv).toContain('9000,Main Account,Deposit');
  });

  it('waits and tries again when rate limited (429), then succeeds', async () => {
    state.transactions = bitstampTransactionsFromCsv(SAMPLE);
    replay.reset();
    replay.faults.push({ status: 429, body: 'Too Many Requests' }, { status: 429, body: '{}' });
    expect((await fetchHistory()).entries).toBe(7);
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ secret: '' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    replay.faults.push({
      status: 200,
      body: JSON.stringify({ status: 'error', reason: 'No permission found' }),
    });
    await expect(fetchHistory()).rejects.toThrow('Oops! Keys are invalid');
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'Bitstamp service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push({ status: 200, body: JSON.stringify([{ id: 'x', type: '2' }]) });
    await expect(fetchHistory()).rejects.toThrow(
      'Bitstamp import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
