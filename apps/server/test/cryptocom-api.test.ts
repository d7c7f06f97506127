import { parseFile } from '@lotwise/importers/parse';
import {
  type CryptocomAccount,
  cryptocomHandler,
  cryptocomSampleAccount,
  cryptocomTrade,
} from '@lotwise/test-replay/cryptocom-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchCryptocomHistory } from '../src/modules/wallets/sources/cryptocom-api.ts';
import type { ExchangeApiOptions } from '../src/modules/wallets/sources/exchange-api.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Crypto.com Exchange through ccxt (deposits, withdrawals, staking rewards, spot trades) against a
 * local server answering in the Exchange API v1's documented shapes, rendered as Koinly's
 * universal template; then the same account connected through the app on both databases.
 */
const KEY = 'cryptocom-read-only-key';
const SECRET = 'cryptocom-secret-for-the-replay-server';
const NOW = Date.UTC(2024, 5, 30);
const DAY = 86_400_000;
const OPENED = Date.UTC(2019, 9, 1);
const windowsOf = (span: number, from = OPENED, to = NOW) => Math.ceil((to - from) / span);

const state: { key: string; secret: string; account: CryptocomAccount } = {
  key: KEY,
  secret: SECRET,
  account: cryptocomSampleAccount(),
};
const replay = new ExchangeReplay(cryptocomHandler(state));
const fetchHistory = (extra: Partial<ExchangeApiOptions> = {}) =>
  fetchCryptocomHistory({
    apiKey: KEY,
    secret: SECRET,
    baseURL: replay.url,
    backoffMs: 5,
    enableRateLimit: false,
    now: NOW,
    ...extra,
  });
const parsed = (csv: string) => parseFile(new TextEncoder().encode(csv));
const TRADES = /get-trades/;
const DEPOSITS = /get-deposit-history/;
const WITHDRAWALS = /get-withdrawal-history/;
const REWARDS = /get-reward-history/;

describe('Crypto.com Exchange API history (ccxt) against a replay server', () => {
  beforeAll(() => replay.start());
  afterAll(() => replay.close());

  it("renders trades, fees, transfers and staking rewards in Koinly's template, exactly", async () => {
    state.account = cryptocomSampleAccount();
    replay.reset();
    const api = await fetchHistory();
    // Back to before the Exchange opened: 7-day windows of trades, 90 days of transfers, 180 of rewards.
    expect(replay.to(TRADES)).toHaveLength(windowsOf(7 * DAY));
    expect(replay.to(DEPOSITS)).toHaveLength(windowsOf(90 * DAY));
    expect(replay.to(WITHDRAWALS)).toHaveLength(windowsOf(90 * DAY));
    expect(replay.to(REWARDS)).toHaveLength(windowsOf(180 * DAY));
    expect(replay.to(TRADES)[0]?.fields.params).toMatchObject({ limit: '100' });
    const { format, errors, transactions } = parsed(api.csv);
    expect([format, errors, api.warnings]).toEqual(['koinly-universal', [], []]);
    const brief = transactions.map((t) => [
      t.timestamp,
      t.kind,
      t.subtype ?? null,
      t.sent,
      t.received,
      t.fee,
    ]);
    const m = (asset: string, amount: string) => ({ asset, amount });
    // Deposit amounts come as JSON numbers: 1.23456789012345678 keeps all its digits.
    expect(brief).toEqual([
      ['2023-12-20T10:00:00Z', 'deposit', null, null, m('BTC', '0.05'), null],
      ['2023-12-21T10:00:00Z', 'deposit', null, null, m('ETH', '1.23456789012345678'), null],
      ['2024-01-10T09:15:30Z', 'buy', null, m('USD', '526.88125'), m('BTC', '0.0125'), m('BTC', '0.0000125')],
      ['2024-02-03T17:40:02Z', 'trade', null, m('ETH', '0.75'), m('BTC', '0.0440475'), m('CRO', '0.43')],
      ['2024-02-03T17:40:02Z', 'trade', null, m('ETH', '0.75'), m('BTC', '0.0440475'), m('CRO', '0.43')],
      ['2024-03-01T00:00:00Z', 'withdrawal', null, m('BTC', '0.01'), null, m('BTC', '0.0005')],
      ['2024-03-15T08:00:00Z', 'trade', null, m('USDT', '85.12'), m('CRO', '1000'), null],
      ['2024-03-15T08:00:00Z', 'income', 'reward', null, m('USDT', '0.0017'), null],
      ['2024-04-01T00:00:00Z', 'income', 'staking', null, m('SOL', '0.00123456'), null],
      ['2024-04-02T00:00:00Z', 'income', 'staking', null, m('SOL', '0.00123456'), null],
    ]);
    expect(transactions.map((t) => t.tx_hash ?? '')).toContain('ab12');
    // The two fills alike to the second stay two records, with keys that a second fetch repeats.
    const keys = dedupeKeys('koinly', transactions);
    expect(new Set(keys).size).toBe(keys.length);
    expect(dedupeKeys('koinly', parsed((await fetchHistory()).csv).transactions)).toEqual(keys);
  });

  it('pages to the start of the history, also through fills sharing an instant', async () => {
    const day = Date.UTC(2024, 5, 20);
    const fill = {
      side: 'BUY' as const,
      instrument_name: 'BTC_USDT',
      traded_quantity: '0.001',
      traded_price: '65000',
    };
    state.account = {
      ...cryptocomSampleAccount(),
      // 250 fills, three to an instant: every full page of 100 ends inside an instant.
      trades: Array.from({ length: 250 }, (_, i) =>
        cryptocomTrade(`t${i}`, day + Math.floor(i / 3) * 1000, { ...fill, fees: '-0.065' }, 7n),
      ),
      deposits: Array.from({ length: 450 }, (_, i) => ({
        ...cryptocomSampleAccount().deposits[0]!,
        id: `d${i}`,
        create_time: day - i * 60_000,
      })),
    };
    state.account.trades.push(cryptocomTrade('first', OPENED + 3_600_000, { ...fill, fees: '-0.065' }));
    replay.reset();
    const api = await fetchHistory();
    const rows = parsed(api.csv).transactions;
    expect(rows.filter((t) => t.sent?.asset === 'USDT')).toHaveLength(251);
    expect(rows.filter((t) => t.kind === 'deposit')).toHaveLength(450);
    expect(rows[0]?.timestamp).toBe('2019-10-01T01:00:00Z');
    const start = String(BigInt(NOW - 14 * DAY) * 1_000_000n);
    const pages = replay
      .to(TRADES)
      .filter((r) => (r.fields.params as { start_time: string }).start_time === start);
    expect(pages).toHaveLength(3);
    expect(replay.to(DEPOSITS).map((r) => (r.fields.params as { page: string }).page)).toContain('2');
  });

  it('resyncs only what is new, and reads a withdrawal still processing again', async () => {
    state.account = cryptocomSampleAccount();
    const all = await fetchHistory();
    expect(all.entries).toBe(10);
    replay.reset();
    const none = await fetchHistory({ cursor: all.cursor ?? undefined, now: NOW + 3_600_000 });
    expect(none.entries).toBe(0);
    expect([TRADES, REWARDS].map((p) => replay.to(p).length)).toEqual([1, 1]);
    // The withdrawal processing at the last sync holds the transfers' windows back until it completes.
    const held = windowsOf(90 * DAY, Date.UTC(2024, 2, 2), NOW + 3_600_000);
    expect([DEPOSITS, WITHDRAWALS].map((p) => replay.to(p).length)).toEqual([held, held]);
    state.account.withdrawals[1]!.status = '5';
    state.account.trades.push(
      cryptocomTrade('2001', NOW + 5_000_000, {
        side: 'SELL',
        instrument_name: 'BTC_USD',
        traded_quantity: '0.002',
        traded_price: '61000.1',
        fees: '-0.12',
      }),
    );
    const two = await fetchHistory({ cursor: none.cursor ?? undefined, now: NOW + 7_200_000 });
    expect(parsed(two.csv).transactions.map((t) => [t.kind, t.sent?.amount])).toEqual([
      ['withdrawal', '0.1'],
      ['sell', '0.002'],
    ]);
    replay.reset();
    expect((await fetchHistory({ cursor: two.cursor ?? undefined, now: NOW + 9_000_000 })).entries).toBe(0);
    expect(replay.to(WITHDRAWALS)).toHaveLength(1);
  });

  it('waits and tries again when rate limited (429, then 42901), then succeeds', async () => {
    state.account = cryptocomSampleAccount();
    replay.reset();
    const limited = JSON.stringify({
      id: 1,
      method: 'private/get-deposit-history',
      code: 42901,
      message: 'TOO_MANY_REQUESTS',
    });
    replay.faults.push({ status: 429, body: limited }, { status: 200, body: limited });
    expect((await fetchHistory()).entries).toBe(10);
    expect(replay.to(DEPOSITS).length).toBe(windowsOf(90 * DAY) + 2);
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchHistory({ secret: ' ' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    const rejected = 'Oops! Keys are invalid or has permission issues,please obtain a new one and try.';
    await expect(fetchHistory({ apiKey: 'revoked' })).rejects.toThrow(rejected);
    await expect(fetchHistory({ secret: 'another secret' })).rejects.toThrow(rejected);
    const down =
      'Crypto.com Exchange service is not currently responding, please try importing again in a bit.';
    replay.faults.push({ status: 503, body: 'Service Unavailable' });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(down);
    replay.faults.push({
      status: 500,
      body: JSON.stringify({ id: 1, code: 50001, message: 'ERR_INTERNAL' }),
    });
    await expect(fetchHistory({ retries: 1 })).rejects.toThrow(down);
    const failed =
      'Crypto.com Exchange import failed, please try again and contact customer support if the issue persists.';
    replay.faults.push({
      status: 200,
      body: JSON.stringify({ id: 1, code: 0, result: { deposit_list: [{ currency: 'BTC' }] } }),
    });
    await expect(fetchHistory()).rejects.toThrow(failed);
    replay.faults.push({ status: 200, body: '<html>maintenance</html>' });
    await expect(fetchHistory()).rejects.toThrow(failed);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: a connected Crypto.com Exchange account`, () => {
    const appState = { key: KEY, secret: SECRET, account: cryptocomSampleAccount() };
    const exchange = new ExchangeReplay(cryptocomHandler(appState));
    let server: TestServer;
    let client: TestClient;

    beforeAll(async () => {
      await exchange.start();
      server = await startTestServer(dialect, { CRYPTOCOM_BASE_URL: exchange.url, CRYPTOCOM_PACING: 'off' });
      client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'cdc@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await exchange.close();
    });

    const rows = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const job = async (res: { status: number; body: { data: { job_id: number } } }) => {
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      return server.ctx.jobsRepo.find(res.body.data.job_id);
    };

    it('says so when Crypto.com rejects the key', async () => {
      const failed = await job(
        await client.post('/api/imports/v1/api_imports', {
          exchange: 'cryptocom',
          api_key: 'revoked',
          secret: SECRET,
        }),
      );
      expect(failed?.status).toBe('failed');
      expect(failed?.error).toBe(
        'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
      );
    });

    it('imports the account, and a resync adds only what is new', async () => {
      const res = await client.post('/api/imports/v1/api_imports', {
        exchange: 'cryptocom',
        api_key: KEY,
        secret: SECRET,
      });
      const done = await job(res);
      expect([done?.status, done?.error ?? null]).toEqual(['succeeded', null]);
      expect(await rows()).toBe(10);
      const listed = (await client.get('/api/imports/v2/import_histories?page=1')).body.data as {
        id: number;
        account_name: string;
        account_slug: string;
        api_warning: string | null;
      }[];
      const account = listed.find((h) => h.id === res.body.data.import_history_id);
      expect(account).toMatchObject({
        account_name: 'Crypto.com Exchange',
        account_slug: 'cryptocom',
        api_warning: null,
      });
      const resync = () =>
        client.post('/api/imports/v2/actions/resync_account', { import_history_id: account?.id });
      expect((await job(await resync()))?.status).toBe('succeeded');
      expect(await rows()).toBe(10);
      appState.account.trades.push(
        cryptocomTrade('3001', Date.now(), {
          side: 'BUY',
          instrument_name: 'ETH_USD',
          traded_quantity: '0.5',
          traded_price: '3000.25',
          fees: '-0.75',
        }),
      );
      expect((await job(await resync()))?.status).toBe('succeeded');
      expect(await rows()).toBe(11);
    });
  });
}
