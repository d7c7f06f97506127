import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The attack pass after issues 29 and 32: a bounded request gets a bounded, fast 4xx naming the
 * field (tax method, nesting, filter lists), a bulk write's filter knows every key it is given,
 * and imports refuse a value they cannot store as given.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [
  HEADER,
  '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell,',
].join('\n');

/** A JSON text nested `depth` arrays deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: bounded requests, strict bulk filters, imports that say what they refuse`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    let aliceHistory = 0;

    /** A JSON text as it is (not re-serialised), with the client's cookies and CSRF header. */
    const rawPost = (client: TestClient | null, url: string, payload: string) =>
      (client ?? new TestClient(server.app)).request('POST', url, Buffer.from(payload), {
        'content-type': 'application/json',
      });

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      for (const [client, email] of [
        [alice, 'alice@example.com'],
        [bob, 'bob@example.com'],
      ] as const) {
        const res = await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
        await server.ctx.users.update(res.body.user.id, { onboarded: true });
        const up = await client.upload('/api/imports/v1/csv_imports', { name: 'ltc.csv', content: LEDGER });
        expect(up.status).toBe(200);
        if (client === alice) aliceHistory = up.body.data.import_history_id;
      }
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('a 900 KB lot method is refused fast with a short answer naming method; a year given often is named once', async () => {
      const started = Date.now();
      const res = await alice.put('/api/tax/settings', {
        method: Array.from({ length: 90_000 }, () => '2024:fifo').join(','),
        basis: 'universal',
        allocation_rule: 'stay-oldest-first',
      });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('method');
      expect(JSON.stringify(res.body).length).toBeLessThan(2_000);
      expect(Date.now() - started).toBeLessThan(1_500);
      const often = await alice.put('/api/tax/settings', {
        method: '2024:fifo,2024:lifo,2024:hifo,2023:fifo,2023:lofo',
        basis: 'universal',
        allocation_rule: 'stay-oldest-first',
      });
      expect(often.status).toBe(400);
      expect(often.body.messages).toEqual([
        'method: 2024 is given twice; give each year one method',
        'method: 2023 is given twice; give each year one method',
      ]);
    });

    it('a body nested 10,000 deep is a 400 on routes with and without a body schema, signed in or not', async () => {
      for (const url of ['/api/auth/logout', '/api/recalculate_tax', '/api/traces/list_transactions_new']) {
        for (const client of [alice, null]) {
          const res = await rawPost(client, url, nested(10_000));
          expect(res.status, `${url} ${client ? 'signed in' : 'signed out'}`).toBe(400);
          expect(res.body.message).toMatch(/nests deeper than 64 levels/);
        }
      }
      // Brackets inside strings do not count, and 64 levels are fine.
      const inString = await rawPost(
        alice,
        '/api/traces/list_transactions_new',
        JSON.stringify({ search_params: '['.repeat(400) }),
      );
      expect(inString.status).toBe(200);
      const deepOk = await rawPost(alice, '/api/recalculate_tax', `{"a":${nested(60)}}`);
      expect(deepOk.status).toBeLessThan(500);
      expect(deepOk.body.message ?? '').not.toMatch(/nests deeper/);
    });

    it('filter lists of 40,000 entries are a 400 naming the field, never a 500; duplicates count once', async () => {
      const many = Array.from({ length: 40_000 }, (_, i) => ({ value: i + 1 }));
      const list = await alice.post('/api/traces/list_transactions_new', { exchanges: many });
      expect(list.status).toBe(400);
      expect(list.body.field).toBe('exchanges');
      const grouped = await alice.post('/api/traces/list_transactions_new', {
        grouped_exchange: many.map((e) => e.value),
      });
      expect(grouped.status).toBe(400);
      expect(grouped.body.field).toBe('grouped_exchange');
      const bulk = await alice.post('/api/transaction/bulk_by_filter', {
        action: 'ignore',
        filter: { txns_type: 'all', exchanges: many },
      });
      expect(bulk.status).toBe(400);
      expect(bulk.body.field).toBe('filter.exchanges');
      // The same account 1,000 times is one entry: the list answers as for one.
      const once = await alice.post('/api/traces/list_transactions_new', {
        grouped_exchange: [aliceHistory],
      });
      const repeated = await alice.post('/api/traces/list_transactions_new', {
        grouped_exchange: Array.from({ length: 1_000 }, () => aliceHistory),
      });
      expect(repeated.status).toBe(200);
      expect(repeated.body.transactions_count).toBe(once.body.transactions_count);
      expect(once.body.transactions_count).toBeGreaterThan(0);
    });

    it('id lists of bulk actions: 10,000 ids answer without a 5xx, 10,001 are a 400 naming ids', async () => {
      const ids = Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i);
      for (const [url, body] of [
        ['/api/traces/toggle_group_transaction_type_ignore', { ids, is_ignore: true }],
        ['/api/traces/delete_transaction', { ids }],
        ['/api/transaction/update_selected', { type: 'airdrop', selected_txns: ids }],
        ['/api/traces/bulk_update_transactions', { ids, sub_category: 'airdrop' }],
      ] as const) {
        const res = await alice.post(url, body);
        expect(res.status, url).toBeLessThan(500);
        const over = await alice.post(url, {
          ...body,
          ...('ids' in body ? { ids: [...ids, 1] } : { selected_txns: [...ids, 1] }),
        });
        expect(over.status, url).toBe(400);
      }
    });

    it('a bulk change whose filter has an unknown key is refused naming the key, and changes nothing', async () => {
      const res = await bob.post('/api/transaction/bulk_by_filter', {
        action: 'ignore',
        filter: { txns_type: 'all', import_history_id: aliceHistory },
      });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('filter');
      expect(res.body.message).toMatch(/import_history_id/);
      const nestedKey = await bob.post('/api/transaction/bulk_by_filter', {
        action: 'ignore',
        filter: { txns_type: 'all', exchanges: [{ value: 1, grop_id: 2 }] },
      });
      expect(nestedKey.status).toBe(400);
      expect(nestedKey.body.message).toMatch(/grop_id/);
      const topKey = await bob.post('/api/transaction/bulk_by_filter', {
        action: 'ignore',
        filter: { txns_type: 'all' },
        only_ids: [1],
      });
      expect(topKey.status).toBe(400);
      expect(topKey.body.message).toMatch(/only_ids/);
      const ignored = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select('id')
        .where('ignored', '=', true)
        .execute();
      expect(ignored).toEqual([]);
    });

    it('an import cell with a NUL or a time at second 60 is a row error naming line and column, never altered', async () => {
      const file = [
        HEADER,
        '2024-03-02 07:31:60 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
        '2024-03-03 07:31:00 UTC,100,USD,1,LTC,,,100,USD,,ok\u0000row,',
        '2024-03-04 07:31:00 UTC,100,USD,1,LTC,,,100,USD,,fine,',
      ].join('\n');
      const up = await alice.upload('/api/imports/v1/csv_imports', { name: 'edge.csv', content: file });
      expect(up.status).toBe(200);
      await server.ctx.jobs.idle();
      const errors = await alice.get(`/api/imports/v1/import_files/${up.body.data.import_file_id}/errors`);
      const rows = errors.body.data.errors as Array<{ line: number; column: string | null; message: string }>;
      expect(rows.map((e) => ({ line: e.line, column: e.column }))).toEqual([
        { line: 2, column: 'Date' },
        { line: 3, column: 'Description' },
      ]);
      expect(rows[0]!.message).toMatch(/second 60/);
      expect(rows[1]!.message).toMatch(/NUL/);
      const stored = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['timestamp', 'note'])
        .where('import_file_id', '=', up.body.data.import_file_id)
        .execute();
      expect(stored.map((r) => r.timestamp)).toEqual(['2024-03-04T07:31:00Z']);
    });
  });
}
