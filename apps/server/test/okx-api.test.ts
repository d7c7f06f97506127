import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { type OkxAccount, okxAccountFromCsv, okxHandler } from '@lotwise/test-replay/okx-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';
import { fetchOkxHistory } from '../src/modules/wallets/sources/okx-api.ts';

/**
 * OKX through ccxt (account config, trading and funding bills) against a local server answering
 * in OKX's documented shapes, replaying the sample trading and funding histories.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const TRADING = `${SAMPLES}/okx-trading-history.csv`;
const FUNDING = `${SAMPLES}/okx-funding-history.csv`;
const KEY = 'okx-read-only-key';
const SECRET = 'okx-secret-for-the-replay-server';
const PASSPHRASE = 'okx passphrase';

const state: { key: string; passphrase: string; account: OkxAccount; perm?: string } = {
  key: KEY,
  passphrase: PASSPHRASE,
  account: { trading: [], funding: [] },
};
const replay = new ExchangeReplay(okxHandler(state));

const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchOkxHistory({
    apiKey: KEY,
    secret: SECRET,
    passphrase: PASSPHRASE,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    ...extra,
  });

const strip = (r: { transactions: object[] }) =>
  r.transactions.map((t) => ({ ...t, source_lines: undefined }));

describe('OKX API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it('gives the same records and dedupe keys as the downloaded trading and funding histories', async () => {
    state.account = okxAccountFromCsv(TRADING, FUNDING);
    replay.reset();
    const api = await fetchHistory();
    const pairs: [string, string, string][] = [
      [api.csv, TRADING, 'okx-trading'],
      [api.more?.[0]?.csv ?? '', FUNDING, 'okx-funding'],
    ];
    for (const [csv, file, format] of pairs) {
      const fromApi = parseFile(new TextEncoder().encode(csv));
      const fromFile = parseFile(readFileSync(file));
      expect(fromApi.format).toBe(format);
      expect(fromApi.errors).toEqual([]);
      expect(strip(fromApi)).toEqual(strip(fromFile));
      expect(dedupeKeys('okx', fromApi.transactions)).toEqual(dedupeKeys('okx', fromFile.transactions));
    }
    expect(api.warnings).toEqual([]);
  });

  it('pages back to the first bill, and a resync stops at the last one synced', async () => {
    const t0 = Date.UTC(2025, 0, 1);
    state.account = {
      trading: [],
      funding: Array.from({ length: 250 }, (_, i) => ({
        billId: String(10_000 + i),
        ts: String(t0 + i * 60_000),
        type: '83',
        ccy: 'ETH',
        balChg: '0.0001',
        bal: '1',
      })),
    };
    replay.reset();
    const all = await fetchHistory();
    expect(all.more?.[0]?.entries).toBe(250);
    expect(replay.to(/bills-history/)).toHaveLength(3);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(none.entries + (none.more?.[0]?.entries ?? 0)).toBe(0);
    expect(replay.to(/bills-history/)).toHaveLength(1);
    expect(replay.to(/bills-archive/)).toHaveLength(1);
    state.account.funding.push({
      billId: '99999',
      ts: String(t0 + 1e9),
      type: '1',
      ccy: 'BTC',
      balChg: '0.1',
      bal: '0.1',
    });
    const one = await fetchHistory({ cursor: all.cursor ?? undefined });
    expect(one.more?.[0]?.entries).toBe(1);
  });

  it('waits and tries again when rate limited (429, then 50011), then succeeds', async () => {
    state.account = okxAccountFromCsv(TRADING, FUNDING);
    replay.reset();
    replay.faults.push(
      { status: 429, body: JSON.stringify({ code: '50011', msg: 'Too Many Requests', data: [] }) },
      { status: 200, body: JSON.stringify({ code: '50011', msg: 'Too Many Requests', data: [] }) },
    );
    expect((await fetchHistory()).entries).toBe(5);
  });

  it('warns when the key can trade or withdraw', async () => {
    state.perm = 'read_only,trade,withdraw';
    expect((await fetchHistory()).warnings).toEqual([
      'This OKX API key can also trade and withdraw. Lotwise only reads your history: create a read-only key and connect it instead.',
    ]);
    state.perm = undefined;
  });

  it("says the spec's words for a missing passphrase, a rejected key or passphrase, a service down and a malformed page", async () => {
    await expect(fetchHistory({ passphrase: '' })).rejects.toThrow(
      'Please Provide Correct Api-Key and Secret.',
    );
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    await expect(fetchHistory({ passphrase: 'wrong' })).rejects.toThrow('Oops! Keys are invalid');
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(
      'OKX service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push(
      { status: 200, body: JSON.stringify({ code: '0', data: [{ perm: 'read_only' }] }) },
      { status: 200, body: JSON.stringify({ code: '0', data: [{ billId: 5 }] }) },
    );
    await expect(fetchHistory()).rejects.toThrow(
      'OKX import failed, please try again and contact customer support if the issue persists.',
    );
  });
});
