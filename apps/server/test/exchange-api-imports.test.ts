import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { binanceAccountFromStatement, binanceHandler } from '@lotwise/test-replay/binance-replay';
import { coinbaseHandler, coinbaseTransactionsFromCsv } from '@lotwise/test-replay/coinbase-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { kucoinFillsFromCsv, kucoinHandler } from '@lotwise/test-replay/kucoin-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Connected Coinbase, Binance and KuCoin accounts through the app (issue 18): the API and a
 * downloaded export of the same account, overlapping (the API lacks one of the export's records
 * and has newer ones), imported in either order, add each transaction once. Also: the
 * passphrase KuCoin needs, and the warning kept when a key can trade.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const KEY = 'read-only-key';
const SECRET = 'secret-for-the-replay-servers';
const PASSPHRASE = 'kucoin passphrase';

const coinbase = {
  key: KEY,
  transactions: coinbaseTransactionsFromCsv(`${SAMPLES}/coinbase-history-2025-addresses.csv`),
};
// Each API lacks one of the export's records and has two the export does not.
coinbase.transactions = coinbase.transactions.filter((t) => t.id !== '677a5e7caa01bb02cc03dd0d');
for (const [i, day] of [20, 21].entries()) {
  coinbase.transactions.push({
    id: `api-only-${i}`,
    type: 'staking_reward',
    status: 'completed',
    created_at: `2025-03-${day}T08:00:00Z`,
    amount: { amount: '0.0123', currency: 'SOL' },
    native_amount: { amount: '1.58', currency: 'EUR' },
  });
}
const binance = {
  key: KEY,
  account: binanceAccountFromStatement(`${SAMPLES}/binance-transaction-history-v2.csv`),
};
binance.account.dividends = binance.account.dividends.filter((d) => d.asset !== 'DOT');
binance.account.deposits.push({ coin: 'ETH', amount: '1.5', status: 1, insertTime: Date.UTC(2022, 2, 1) });
binance.account.deposits.push({ coin: 'ETH', amount: '0.5', status: 1, insertTime: Date.UTC(2022, 2, 2) });
const kucoin = {
  key: KEY,
  secret: SECRET,
  passphrase: PASSPHRASE,
  permission: 'General,Spot',
  fills: kucoinFillsFromCsv(`${SAMPLES}/kucoin-spot-trade-history.csv`).slice(1),
};
const first = kucoin.fills[0];
if (first) {
  for (const i of [1, 2]) {
    kucoin.fills.push({
      ...first,
      tradeId: `api-${i}`,
      orderId: `api-order-${i}`,
      createdAt: Date.UTC(2024, 2, i),
    });
  }
}

const CASES = [
  { exchange: 'coinbase', sample: 'coinbase-history-2025-addresses.csv', apiOnly: 2 },
  { exchange: 'binance', sample: 'binance-transaction-history-v2.csv', apiOnly: 2 },
  { exchange: 'kucoin', sample: 'kucoin-spot-trade-history.csv', apiOnly: 2 },
] as const;

for (const dialect of DIALECTS) {
  describe(`${dialect}: exchange API and CSV of the same account`, () => {
    const replays = {
      coinbase: new ExchangeReplay(coinbaseHandler(coinbase)),
      binance: new ExchangeReplay(binanceHandler(binance)),
      kucoin: new ExchangeReplay(kucoinHandler(kucoin)),
    };
    let server: TestServer;

    beforeAll(async () => {
      await Promise.all(Object.values(replays).map((r) => r.start()));
      const env: Record<string, string> = {};
      for (const [id, replay] of Object.entries(replays)) {
        env[`${id.toUpperCase()}_BASE_URL`] = replay.url;
        env[`${id.toUpperCase()}_PACING`] = 'off';
      }
      server = await startTestServer(dialect, env);
    });
    afterAll(async () => {
      await server.dispose();
      await Promise.all(Object.values(replays).map((r) => r.close()));
    });

    const rows = async (email: string) =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions as t')
            .innerJoin('users as u', 'u.id', 't.user_id')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('u.email', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const signUp = async (email: string) => {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      return client;
    };
    const connect = async (client: TestClient, exchange: string) => {
      const res = await client.post('/api/imports/v1/api_imports', {
        exchange,
        api_key: KEY,
        secret: SECRET,
        ...(exchange === 'kucoin' ? { passphrase: PASSPHRASE } : {}),
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      const job = await server.ctx.jobsRepo.find(res.body.data.job_id);
      expect(job?.error ?? null).toBeNull();
      expect(job?.status).toBe('succeeded');
    };
    const upload = async (client: TestClient, sample: string) => {
      const res = await client.upload('/api/imports/v1/csv_imports', {
        name: sample,
        content: readFileSync(`${SAMPLES}/${sample}`, 'utf8'),
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
    };

    for (const c of CASES) {
      it(`${c.exchange}: the API then the CSV, and the CSV then the API, each add every transaction once`, async () => {
        const inFile = parseFile(readFileSync(`${SAMPLES}/${c.sample}`)).transactions.length;
        const apiFirst = await signUp(`${c.exchange}-api-first@example.com`);
        await connect(apiFirst, c.exchange);
        const apiOnly = await rows(`${c.exchange}-api-first@example.com`);
        expect(apiOnly).toBe(inFile - 1 + c.apiOnly);
        await upload(apiFirst, c.sample);
        expect(await rows(`${c.exchange}-api-first@example.com`)).toBe(inFile + c.apiOnly);

        const csvFirst = await signUp(`${c.exchange}-csv-first@example.com`);
        await upload(csvFirst, c.sample);
        expect(await rows(`${c.exchange}-csv-first@example.com`)).toBe(inFile);
        await connect(csvFirst, c.exchange);
        expect(await rows(`${c.exchange}-csv-first@example.com`)).toBe(inFile + c.apiOnly);
      });
    }

    it('asks KuCoin for its passphrase, and keeps the warning about a key that can trade', async () => {
      const client = await signUp('kucoin-warning@example.com');
      const missing = await client.post('/api/imports/v1/api_imports', {
        exchange: 'kucoin',
        api_key: KEY,
        secret: SECRET,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Please Provide Correct Api-Key and Secret.');
      await connect(client, 'kucoin');
      const listed = (await client.get('/api/imports/v2/import_histories?page=1')).body.data as {
        account_name: string;
        api_warning: string | null;
      }[];
      expect(listed.map((h) => [h.account_name, h.api_warning])).toEqual([
        [
          'KuCoin',
          'This KuCoin API key can also trade. Lotwise only reads your history: create a read-only key and connect it instead.',
        ],
      ]);
      const stored = JSON.stringify(
        await server.ctx.db.kysely.selectFrom('api_credentials').selectAll().execute(),
      );
      expect(stored).not.toContain(PASSPHRASE);
      expect(stored).not.toContain(SECRET);
    });
  });
}
