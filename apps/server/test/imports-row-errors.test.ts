import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 35, item 6: a finished upload whose rows had errors says so where its status is shown
 * (the uploads list, the account list), not only under Details: each upload's error_count and
 * each account's row_errors, summed over its uploads.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const WITH_ERRORS = [
  HEADER,
  '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2024-13-45 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Bad date,',
  '2024-03-02 12:00:00 UTC,abc,USD,1,LTC,,,100,USD,,Bad amount,',
  '2024-03-03 12:00:00 UTC,100,USD,1x,LTC,,,100,USD,,Bad amount,',
  '2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell,',
].join('\n');
const CLEAN = [HEADER, '2024-04-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,'].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: uploads with row errors say so beside their status`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('counts the rows that could not be imported per upload and per account', async () => {
      const first = await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'ledger.csv', content: WITH_ERRORS },
        { new_account: 'true', custom_name: 'Vault' },
      );
      expect(first.status).toBe(200);
      await server.ctx.jobs.idle();
      const account = first.body.data.import_history_id as number;
      const second = await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'more.csv', content: CLEAN },
        { import_history_id: String(account) },
      );
      expect(second.status).toBe(200);
      await server.ctx.jobs.idle();

      const files = (await alice.get('/api/users/list_csv_files?all=true')).body.data.Vault as Array<{
        file_name: string;
        status: string;
        error_count: number;
      }>;
      expect(files.map((f) => [f.file_name, f.status, f.error_count])).toEqual([
        ['ledger.csv', 'finished', 3],
        ['more.csv', 'finished', 0],
      ]);
      const errors = await alice.get(`/api/imports/v1/import_files/${first.body.data.import_file_id}/errors`);
      expect(errors.body.data.source.error_count).toBe(3);
      expect(errors.body.data.errors).toHaveLength(3);

      for (const path of ['/api/imports/v1/import_histories', '/api/imports/v2/import_histories']) {
        const rows = (await alice.get(path)).body.data as Array<{
          id: number;
          import_status: string;
          row_errors: number;
        }>;
        expect(
          rows.find((r) => r.id === account),
          path,
        ).toMatchObject({
          import_status: 'complete',
          row_errors: 3,
        });
      }

      // Another user's account shows none of them.
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      expect((await bob.get('/api/imports/v1/import_histories')).body.data).toEqual([]);
    });
  });
}
