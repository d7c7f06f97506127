import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const file = (...days: number[]) =>
  `${[HEADER, ...days.map((d) => `2024-01-${String(d).padStart(2, '0')} 10:00:00 UTC,,,1,ETH,,,2000,USD,,,`)].join('\n')}\n`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: managing imports`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let historyId: number;
    let secondFileId: number;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      const first = await alice.upload('/api/imports/v1/csv_imports', {
        name: 'a.csv',
        content: file(1, 2, 3),
      });
      const second = await alice.upload('/api/imports/v1/csv_imports', {
        name: 'b.csv',
        content: file(3, 4),
      });
      historyId = first.body.data.import_history_id;
      secondFileId = second.body.data.import_file_id;
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    const rowCount = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('renames and marks US-based, only for the owner', async () => {
      const renamed = await alice.put('/api/imports/v2/import_histories/update_name', {
        id: historyId,
        custom_name: 'My ledger',
      });
      expect(renamed.body).toEqual({ status: 'success', message: 'Name updated successfully' });
      const us = await alice.put('/api/imports/v2/import_histories/update_us_based', {
        id: historyId,
        us_based: 'true',
      });
      expect(us.body.message).toBe('Mark as US Based successful');
      const row = (await alice.get('/api/imports/v2/import_histories')).body.data[0];
      expect(row).toMatchObject({ custom_name: 'My ledger', us_based: true, total_transactions: 4 });
      expect(
        (await bob.put('/api/imports/v2/import_histories/update_name', { id: historyId, custom_name: 'x' }))
          .status,
      ).toBe(404);
      const empty = await alice.put('/api/imports/v2/import_histories/update_name', {
        id: historyId,
        custom_name: ' ',
      });
      expect(empty.body.messages).toEqual(['custom_name: Enter a name']);
    });

    it('deletes one upload with the rows it added, reporting progress until done', async () => {
      expect((await bob.request('DELETE', `/api/imports/v1/import_files/${secondFileId}`)).status).toBe(404);
      const res = await alice.request('DELETE', `/api/imports/v1/import_files/${secondFileId}`);
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect((await alice.get('/api/imports/v1/deletion_status')).body).toEqual({
        in_progress: false,
        message: 'Deletion complete',
      });
      expect(await rowCount()).toBe(3);
      const sources = await alice.get(`/api/imports/v2/import_histories/${historyId}/exchange_sources`);
      expect(sources.body.data.map((s: { file_name: string }) => s.file_name)).toEqual(['a.csv']);
    });

    it('deletes a whole account', async () => {
      expect((await bob.request('DELETE', `/api/imports/v1/import_histories/${historyId}`)).status).toBe(404);
      await alice.request('DELETE', `/api/imports/v1/import_histories/${historyId}`);
      await server.ctx.jobs.idle();
      expect(await rowCount()).toBe(0);
      expect((await alice.get('/api/imports/v2/import_histories')).body.meta.total_count).toBe(0);
    });
  });
}
