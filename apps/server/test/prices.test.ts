import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const GBP_LEDGER = readFileSync(
  resolve(import.meta.dirname, '../../../packages/prices/test/fixtures/kraken-ledgers-gbp.csv'),
  'utf8',
);

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** 2023, fully valued in USD: a year no 2024 price can change. */
const LTC_2023 = [
  HEADER,
  '2023-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2023-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell,',
].join('\n');

/** Every price the GBP ledger needs, as the user would type them (the replay test's figures). */
const PRICES = [
  'date,asset,price,currency',
  '2024-02-01,GBP,1.25,USD',
  '2024-02-02,GBP,1.25,USD',
  '2024-03-01,GBP,1.25,USD',
  '2024-04-02,GBP,1.25,USD',
  '2024-04-19,GBP,1.25,USD',
  '2024-02-10,ETH,2949,USD',
  '2024-02-10,BTC,50650,USD',
  '2024-03-04,SOL,130,USD',
  '2024-03-11,SOL,134.72,USD',
  '2024-03-15,BTC,51500,USD',
].join('\n');

interface ListRow {
  id: number;
  status: string | null;
  from_currency: string | null;
  to_currency: string | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a GBP ledger gets its prices from the user's price file`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let db: Kysely<Database>;

    async function calculate(): Promise<{ resumedFrom?: number }> {
      const start = await alice.post('/api/recalculate_tax');
      expect(start.status).toBe(200);
      await server.ctx.jobs.idle();
      const job = await db
        .selectFrom('jobs')
        .select('result')
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return JSON.parse(job.result ?? '{}');
    }

    async function rows(): Promise<ListRow[]> {
      const res = await alice.post('/api/traces/list_transactions_new', { page_size: 100 });
      return res.body.transactions;
    }

    async function year2024() {
      const years = await alice.get('/api/tax/years');
      return years.body.data.years.find((y: { year: number }) => y.year === 2024);
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      db = server.ctx.db.kysely;
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'kraken-ledgers.csv', content: GBP_LEDGER });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc.csv', content: LTC_2023 });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('offline and without prices: the GBP rows are Missing Price, not a confident total', async () => {
      await calculate();
      const missing = (await rows()).filter((r) => r.status === 'error');
      expect(missing.length).toBeGreaterThanOrEqual(5);
      const years = await alice.get('/api/tax/years');
      expect(years.body.data.warnings.some((w: { code: string }) => w.code === 'missing_price')).toBe(true);
    });

    it('refuses a bad price file as a whole, naming the row and field', async () => {
      const bad = await alice.upload('/api/prices/files', {
        name: 'prices.csv',
        content: 'date,asset,price,currency\n2024-02-01,GBP,1.25,USD\n2024-02-10,ETH,lots,USD\n',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.messages).toEqual([
        'prices.csv: line 3, price: "lots" is not a decimal price of 0 or more',
      ]);
      const files = await alice.get('/api/prices/files');
      expect(files.body.data.files).toEqual([]);
      // Sharing with everyone is for administrators.
      const shared = await alice.upload(
        '/api/prices/files',
        { name: 'p.csv', content: PRICES },
        { shared: 'true' },
      );
      expect(shared.status).toBe(403);
    });

    it('loads the price file; each value says where it came from; only the owner sees it', async () => {
      const loaded = await alice.upload('/api/prices/files', { name: 'my-prices.csv', content: PRICES });
      expect(loaded.status).toBe(200);
      expect(loaded.body.data).toEqual({
        count: 10,
        assets: ['BTC', 'ETH', 'GBP', 'SOL'],
        origin: 'user:my-prices.csv',
      });
      const files = await alice.get('/api/prices/files');
      expect(files.body.data.files).toMatchObject([
        {
          origin: 'user:my-prices.csv',
          prices: 10,
          assets: 4,
          first_day: '2024-02-01',
          last_day: '2024-04-19',
        },
      ]);
      expect(files.body.data.providers).toEqual([]);

      const list = await rows();
      const buy = list.find((r) => r.from_currency === 'GBP' && r.to_currency === 'BTC')!;
      const trade = list.find((r) => r.from_currency === 'BTC' && r.to_currency === 'ETH')!;
      const sources = await alice.get(`/api/transaction/value_sources?ids=${buy.id},${trade.id}`);
      expect(sources.status).toBe(200);
      // The file's value, 500 GBP (fee excluded), × 1.25: the rate of Friday 02-02 for Saturday's trade.
      expect(sources.body.data[buy.id]).toMatchObject({
        value: '625',
        currency: 'USD',
        source: 'file',
        label: 'Value in the imported file, converted to your currency',
        via: ['GBP→USD 1.25 (your price file my-prices.csv, 2024-02-02)'],
      });
      expect(sources.body.data[trade.id]).toMatchObject({
        value: '419.6427',
        source: 'trade_leg',
        label: 'Other side of the trade: ETH at its daily price from your price file my-prices.csv',
        price: { asset: 'ETH', price: '2949', day: '2024-02-10', precision: 'day' },
      });
      // Bob asks about Alice's rows: nothing.
      const theirs = await bob.get(`/api/transaction/value_sources?ids=${buy.id},${trade.id}`);
      expect(theirs.body.data).toEqual({});
    });

    it('recalculates only from 2024 and the totals are the hand-checked ones', async () => {
      const before2023 = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2023,
      );
      const result = await calculate();
      expect(result.resumedFrom).toBe(2024);
      expect((await rows()).filter((r) => r.status === 'error')).toEqual([]);
      // packages/prices/test/sample-exports.test.ts has the arithmetic (783.7802, 548.7957…,
      // 234.9845…, 0.282912); pages show cents.
      expect(await year2024()).toMatchObject({
        proceeds: '783.78',
        cost_basis: '548.80',
        short_term_gain: '234.98',
        income: '0.28',
      });
      const after2023 = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2023,
      );
      expect(after2023).toEqual(before2023);
    });

    it('Change token symbol: recorded as an edit, replayed on re-import, undone by the reset', async () => {
      const sol = (await rows()).find((r) => r.to_currency === 'SOL' && r.from_currency === null)!;
      const other = await bob.post('/api/prices/change_symbol', {
        transaction_id: sol.id,
        from: 'SOL',
        to: 'MSOL',
      });
      expect(other.status).toBe(404);
      const wrong = await alice.post('/api/prices/change_symbol', {
        transaction_id: sol.id,
        from: 'ETH',
        to: 'MSOL',
      });
      expect(wrong.status).toBe(400);
      const changed = await alice.post('/api/prices/change_symbol', {
        transaction_id: sol.id,
        from: 'sol',
        to: 'msol',
      });
      expect(changed.body.message).toBe(
        'SOL is now MSOL on this transaction. Recalculate your taxes to price it.',
      );
      const stored = await db
        .selectFrom('transactions')
        .select(['received_asset', 'dedupe_key', 'import_history_id', 'import_file_id'])
        .where('id', '=', sol.id)
        .executeTakeFirstOrThrow();
      expect(stored.received_asset).toBe('MSOL');
      // The same file again: the edit is replayed on the row it was made on.
      await alice.request('DELETE', `/api/imports/v1/import_files/${stored.import_file_id}`);
      await server.ctx.jobs.idle();
      await alice.upload('/api/imports/v1/csv_imports', { name: 'kraken-again.csv', content: GBP_LEDGER });
      await server.ctx.jobs.idle();
      const again = await db
        .selectFrom('transactions')
        .select(['received_asset', 'import_history_id'])
        .where('dedupe_key', '=', stored.dedupe_key)
        .executeTakeFirstOrThrow();
      expect(again.received_asset).toBe('MSOL');
      const reset = await alice.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${again.import_history_id}`,
      );
      expect(reset.status).toBe(200);
      const undone = await db
        .selectFrom('transactions')
        .select('received_asset')
        .where('dedupe_key', '=', stored.dedupe_key)
        .executeTakeFirstOrThrow();
      expect(undone.received_asset).toBe('SOL');
    });

    it('a price that changes an earlier year restarts the calculation there', async () => {
      await alice.upload('/api/prices/files', {
        name: 'ltc.csv',
        content: 'date,asset,price,currency\n2023-06-01,LTC,80,USD\n',
      });
      const result = await calculate();
      expect(result.resumedFrom === undefined || result.resumedFrom <= 2023).toBe(true);
      const removed = await alice.request('DELETE', '/api/prices/files?origin=user%3Altc.csv');
      expect(removed.status).toBe(200);
      // Removed prices leave no day behind: the next calculation starts over.
      expect((await calculate()).resumedFrom).toBeUndefined();
      const gone = await bob.request('DELETE', '/api/prices/files?origin=user%3Amy-prices.csv');
      expect(gone.status).toBe(404);
    });
  });
}
