import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ROWS = [
  '2024-01-13 14:25:00 UTC,1000,EUR,0.02391,BTC,2.50,EUR,1000,EUR,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,EUR,reward,Staking payout,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,EUR,reward,Staking payout,',
  '2024-03-01 10:00:00 UTC,0.01,BTC,500,EUR,,,500,EUR,,Sell,',
];
const csv = (rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

// Every case runs with the upload parsed on the job's thread, on the parse worker (the path
// large uploads take) and, on SQLite in a file, on the parse worker feeding the import writer
// (the path large uploads take on the embedded default): all must store the same rows,
// errors and counts.
const MODES = [
  { mode: 'inline parse', env: {} },
  { mode: 'parse worker', env: { IMPORT_WORKER_MIN_BYTES: '0' } },
  {
    mode: 'parse worker and import writer',
    env: {
      IMPORT_WORKER_MIN_BYTES: '0',
      DATABASE_URL: `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'lotwise-writer-')), 'lotwise.db')}`,
    },
    only: 'sqlite',
  },
] as const;

for (const dialect of DIALECTS)
  for (const { mode, env, ...rest } of MODES) {
    if ('only' in rest && rest.only !== dialect) continue;
    describe(`${dialect}, ${mode}: imports`, () => {
      let server: TestServer;
      let alice: TestClient;
      let bob: TestClient;
      beforeAll(async () => {
        server = await startTestServer(dialect, env);
        alice = new TestClient(server.app);
        bob = new TestClient(server.app);
        await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
        await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      });
      afterAll(() => server.dispose());

      const countRows = async () =>
        Number(
          (
            await server.ctx.db.kysely
              .selectFrom('transactions')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      it('uploads a file, parses it in a job and stores every row once', async () => {
        expect((await alice.get('/api/imports/v1/import_histories/import_history_exists')).body).toEqual({
          import_history_exists: false,
          transaction_uploaded: false,
        });
        const up = await alice.upload('/api/imports/v1/csv_imports', {
          name: 'koinly.csv',
          content: csv(ROWS),
        });
        expect(up.status).toBe(200);
        await server.ctx.jobs.idle();
        const histories = await alice.get('/api/imports/v2/import_histories?page=1');
        expect(histories.body.meta).toEqual({
          current_page: 1,
          per_page: 50,
          total_count: 1,
          total_pages: 1,
        });
        expect(histories.body.data[0]).toMatchObject({
          account_name: 'Universal CSV',
          account_slug: 'koinly',
          import_status: 'complete',
          total_transactions: 4,
          file_name: 'koinly.csv',
          progress: 100,
        });
        const sources = await alice.get(
          `/api/imports/v2/import_histories/${up.body.data.import_history_id}/exchange_sources`,
        );
        expect(sources.body.data[0]).toMatchObject({
          parsed: 4,
          added: 4,
          duplicates: 0,
          error_count: 0,
          format: 'koinly-universal',
        });
        expect(await countRows()).toBe(4);
        const stored = await server.ctx.db.kysely
          .selectFrom('transactions')
          .select(['received_amount', 'fee_amount', 'kind'])
          .orderBy('id')
          .executeTakeFirstOrThrow();
        expect(stored.kind).toBe('buy');
        expect(stored.received_amount && Number(stored.received_amount)).toBe(0.02391);
        expect((await alice.get('/api/imports/v1/import_histories/import_history_exists')).body).toEqual({
          import_history_exists: true,
          transaction_uploaded: true,
        });
      });

      it('adds nothing when the same file comes again, and only the new rows of an overlapping file', async () => {
        const again = await alice.upload('/api/imports/v1/csv_imports', {
          name: 'koinly.csv',
          content: csv(ROWS),
        });
        await server.ctx.jobs.idle();
        const sources = await alice.get(
          `/api/imports/v2/import_histories/${again.body.data.import_history_id}/exchange_sources`,
        );
        expect(sources.body.data[0]).toMatchObject({ parsed: 4, added: 0, duplicates: 4 });
        expect(await countRows()).toBe(4);

        const overlap = [...ROWS.slice(1), '2024-04-01 10:00:00 UTC,0.005,BTC,260,EUR,,,260,EUR,,Sell,'];
        const next = await alice.upload('/api/imports/v1/csv_imports', {
          name: 'koinly-2.csv',
          content: csv(overlap),
        });
        await server.ctx.jobs.idle();
        const s2 = await alice.get(
          `/api/imports/v2/import_histories/${next.body.data.import_history_id}/exchange_sources`,
        );
        expect(s2.body.data[0]).toMatchObject({ parsed: 4, added: 1, duplicates: 3 });
        expect(await countRows()).toBe(5);
        // All three uploads went into the one Universal CSV account.
        expect((await alice.get('/api/imports/v2/import_histories')).body.meta.total_count).toBe(1);
      });

      it('stores the good rows and lists the bad ones with line, column and problem', async () => {
        const broken = csv([
          '2024-05-01 10:00:00 UTC,,,abc,ETH,,,,,,Bad amount,',
          '2024-05-02 10:00:00 UTC,,,1,ETH,,,,,,Good,',
        ]);
        const up = await alice.upload('/api/imports/v1/csv_imports', { name: 'broken.csv', content: broken });
        await server.ctx.jobs.idle();
        const errors = await alice.get(`/api/imports/v1/import_files/${up.body.data.import_file_id}/errors`);
        expect(errors.status).toBe(200);
        expect(errors.body.data.source).toMatchObject({ added: 1, error_count: 1 });
        expect(errors.body.data.errors).toHaveLength(1);
        expect(errors.body.data.errors[0]).toMatchObject({ line: 2, column: 'Received Amount' });
        expect(errors.body.data.errors[0].message).toMatch(/abc/);
      });

      it('changes nothing when the job runs again after its upload was stored (a crash before the job was marked done)', async () => {
        const before = await countRows();
        const up = await alice.upload('/api/imports/v1/csv_imports', {
          name: 'again.csv',
          content: csv(['2024-06-01 10:00:00 UTC,,,7,ETH,,,,,,Again,']),
        });
        await server.ctx.jobs.idle();
        const sources = () =>
          alice.get(`/api/imports/v2/import_histories/${up.body.data.import_history_id}/exchange_sources`);
        const stored = (await sources()).body.data[0];
        expect(stored).toMatchObject({ added: 1, duplicates: 0 });
        const userId = (
          await server.ctx.db.kysely
            .selectFrom('import_files')
            .select('user_id')
            .where('id', '=', up.body.data.import_file_id)
            .executeTakeFirstOrThrow()
        ).user_id;
        await server.ctx.jobs.enqueue('import.parse', userId, { fileId: up.body.data.import_file_id });
        await server.ctx.jobs.idle();
        expect((await sources()).body.data[0]).toMatchObject({
          added: 1,
          duplicates: 0,
          import_status: 'complete',
        });
        expect(await countRows()).toBe(before + 1);
      });

      it('marks an upload failed when none of its rows can be read, keeping its row errors', async () => {
        const before = await countRows();
        const bad = csv(['2024-05-01 10:00:00 UTC,,,abc,ETH,,,,,,Bad,', 'yesterday,,,1,ETH,,,,,,Bad date,']);
        const up = await alice.upload('/api/imports/v1/csv_imports', { name: 'all-bad.csv', content: bad });
        await server.ctx.jobs.idle();
        const errors = await alice.get(`/api/imports/v1/import_files/${up.body.data.import_file_id}/errors`);
        expect(errors.body.data.source).toMatchObject({ added: 0, error_count: 2 });
        expect(errors.body.data.errors.map((e: { line: number }) => e.line)).toEqual([2, 3]);
        const file = await server.ctx.db.kysely
          .selectFrom('import_files')
          .select(['status', 'status_message'])
          .where('id', '=', up.body.data.import_file_id)
          .executeTakeFirstOrThrow();
        expect(file.status).toBe('failed');
        expect(file.status_message).toBe(
          'Universal CSV import failed, please try again and contact customer support if the issue persists. "abc" is not a number',
        );
        expect(await countRows()).toBe(before);
      });

      it('refuses a file of unknown layout up front, storing nothing', async () => {
        const before = await countRows();
        const res = await alice.upload('/api/imports/v1/csv_imports', {
          name: 'notes.csv',
          content: 'hello,world\n1,2\n',
        });
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('file');
        expect(res.body.message).toContain('unrecognised file layout');
        const empty = await alice.upload('/api/imports/v1/csv_imports', { name: 'empty.csv', content: '' });
        expect(empty.body.message).toBe('file: the file is empty');
        expect(await countRows()).toBe(before);
      });

      it("keeps each user's imports to themselves", async () => {
        const mine = await alice.get('/api/imports/v2/import_histories');
        const id = mine.body.data[0].id;
        expect((await bob.get(`/api/imports/v2/import_histories/${id}/exchange_sources`)).status).toBe(404);
        expect((await bob.get('/api/imports/v1/import_files/1/errors')).status).toBe(404);
        expect((await bob.get('/api/imports/v2/import_histories')).body.meta.total_count).toBe(0);
        const intoAlices = await bob.upload(
          '/api/imports/v1/csv_imports',
          { name: 'x.csv', content: csv(ROWS) },
          { import_history_id: String(id) },
        );
        expect(intoAlices.status).toBe(400);
        expect(intoAlices.body.message).toBe('import_history_id: account not found');
        const files = await alice.get('/api/users/list_csv_files?all=true');
        expect(Object.keys(files.body.data)).toEqual(['Universal CSV']);
        expect((await bob.get('/api/users/list_csv_files?all=true')).body.data).toEqual({});
      });
    });
  }
