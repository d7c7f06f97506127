import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 29.3: no GET writes user data (a top-level link from any site is a GET with the
 * user's cookie and no CSRF token). Walks the OpenAPI document, calls every GET route with
 * plausible parameters as a signed-in user who owns data (a customer who is also an admin,
 * so the admin and accountant routes run too), lets any queued job finish, and compares a
 * hash of every table before and after. A route added later that writes fails here.
 */

/** Not user data: the session's own sliding expiry and the shared caches of public prices. */
const NOT_USER_DATA = new Set(['sessions', 'market_snapshots', 'prices', 'price_misses', 'price_assets']);

/** Refusals that are the right answer here (nothing of that kind exists); every other GET answers 2xx. */
const EXPECTED_REFUSALS = [
  'GET /api/traces/update_transaction_type/{id}/{type} → 405',
  'GET /api/transaction/bulk_status/{id} → 404',
  'GET /api/recalculate_tax → 405',
  'GET /api/imports/v1/currencies/historical_price → 404',
  'GET /api/customer_cpa_page/{id} → 404',
  'GET /api/tax_pro/clients/{id} → 404',
  'GET /api/tax/broker_forms/{id}/lines → 404',
  // Its year is 2024 here: Form 1099-DA starts with 2025.
  'GET /api/tax/years/{year}/tie_out → 400',
  'GET /api/tax/years/{year}/tie_out.csv → 400',
];

const MARK = 'rw29guard';
const LEDGER = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  `2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy ${MARK},`,
  `2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell ${MARK},`,
  `2024-10-01 12:00:00 UTC,,,0.5,LTC,,,40,USD,,Receive ${MARK},`,
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: every GET route is read-only`, () => {
    let server: TestServer;
    let alice: TestClient;
    let gets: string[];
    const ids = { user: 0, transaction: 0, incoming: 0, history: 0, file: 0, job: 0, disposal: 0, trace: '' };
    const enqueued: string[] = [];

    /** This database's tables (its own schema only: Kysely's introspection reads every schema, racing other suites). */
    async function tableNames(): Promise<string[]> {
      const query =
        dialect === 'sqlite'
          ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
          : sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`;
      const rows = (await query.execute(server.ctx.db.kysely)).rows;
      return rows
        .map((r) => r.name)
        .filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !NOT_USER_DATA.has(n))
        .sort();
    }

    /** One hash per table over its rows in a stable order. */
    async function snapshot(): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (const name of await tableNames()) {
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
          server.ctx.db.kysely,
        );
        const lines = rows.rows.map((r) =>
          JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        );
        out.set(name, createHash('sha256').update(lines.sort().join('\n')).digest('hex'));
      }
      return out;
    }

    function pathFor(route: string): string {
      const path = route.slice(4);
      const id = /import_histories|exchange_sources/.test(path)
        ? ids.history
        : /import_files/.test(path)
          ? ids.file
          : /bulk_status/.test(path)
            ? ids.job
            : /probable_/.test(path)
              ? ids.incoming
              : /disposals\/\{id\}/.test(path)
                ? ids.disposal
                : /customer_cpa_page|tax_pro\/clients/.test(path)
                  ? ids.user
                  : /labs\/price/.test(path)
                    ? 'LTC'
                    : /download_users_transactions|exchanges\/\{id\}/.test(path)
                      ? ids.history
                      : ids.transaction;
      const query: Record<string, string> = {
        '/api/feature_toggles/feature_status': 'feature=group_ui',
        '/api/transaction/drill': `id=${ids.transaction}`,
        '/api/traces/check_tax_calculation': `id=${ids.trace}`,
        '/api/imports/v1/currencies/historical_price': 'code=LTC&timestamp=2024-03-01',
        '/api/transaction/value_sources': `ids=${ids.transaction}`,
        '/api/review/findings': 'wizard=PricingWizard',
        '/api/review/method_comparison': 'year=2024',
        '/api/tax/broker_forms': 'year=2025',
        '/api/imports/v1/exchanges/search': 'q=coin',
        '/api/imports/v1/currencies/search': 'q=LT',
      };
      const filled = path
        .replace('{year}', '2024')
        .replace('{form}', 'form-8949.pdf')
        .replace('{type}', 'airdrop')
        .replace(/\{id\}/g, String(id));
      const q = query[path];
      return q ? `${filled}?${q}` : filled;
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      await server.app.ready();
      const enqueue = server.ctx.jobs.enqueue.bind(server.ctx.jobs);
      server.ctx.jobs.enqueue = (name, ...rest) => {
        enqueued.push(name);
        return enqueue(name, ...rest);
      };
      const doc = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      gets = Object.entries(doc.paths)
        .filter(([, ops]) => 'get' in ops)
        .map(([p]) => `GET ${p}`);

      alice = new TestClient(server.app);
      const res = await alice.post('/api/auth/sign_up', {
        email: 'alice@example.com',
        password: 'correct horse 9',
        first_name: 'Alice',
      });
      ids.user = res.body.user.id;
      await server.ctx.users.update(ids.user, { roles: 'customer,admin', onboarded: true });
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: `${MARK}.csv`, content: LEDGER },
        { new_account: 'true', custom_name: `Vault ${MARK}` },
      );
      await server.ctx.jobs.idle();
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', { recalculate: true });
      await server.ctx.jobs.idle();
      const tx = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['id', 'import_history_id', 'import_file_id'])
        .where('user_id', '=', ids.user)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      ids.transaction = tx.id;
      ids.history = tx.import_history_id;
      ids.file = tx.import_file_id ?? 0;
      const job = await server.ctx.db.kysely.selectFrom('jobs').select('id').orderBy('id').executeTakeFirst();
      ids.job = job?.id ?? 1;
      const incoming = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', ids.user)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      ids.incoming = incoming.id;
      const calc = await server.ctx.db.kysely
        .selectFrom('tax_calculations')
        .select('trace_id')
        .executeTakeFirst();
      ids.trace = calc?.trace_id ?? 'none';
      const disposal = await server.ctx.db.kysely.selectFrom('tax_disposals').select('id').executeTakeFirst();
      ids.disposal = disposal?.id ?? 1;
    });
    afterAll(() => server.dispose());

    it('finds the GET routes in the OpenAPI document and the tables to compare', async () => {
      expect(gets.length).toBeGreaterThan(60);
      expect(gets).toContain('GET /api/recalculate_tax');
      const tables = await tableNames();
      expect(tables).toContain('transactions');
      expect(tables).toContain('jobs');
    });

    it('no GET changes a table or queues a job, and each answers without a server error', async () => {
      const writers: string[] = [];
      const failures: string[] = [];
      const refused: string[] = [];
      let before = await snapshot();
      for (const route of gets) {
        const jobsBefore = enqueued.length;
        const res = await alice.get(pathFor(route));
        await server.ctx.jobs.idle();
        if (res.status >= 500) failures.push(`${route} → ${res.status}`);
        if (res.status >= 300) refused.push(`${route} → ${res.status}`);
        const after = await snapshot();
        const changed = [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
        const jobs = enqueued.slice(jobsBefore);
        if (changed.length || jobs.length)
          writers.push(
            `${route} (${res.status}) changed [${changed.join(', ')}] queued [${jobs.join(', ')}]`,
          );
        before = after;
      }
      expect(writers).toEqual([]);
      expect(failures).toEqual([]);
      // The handlers really ran (not refused at validation): every other route answered 2xx.
      expect(refused.sort()).toEqual(EXPECTED_REFUSALS.sort());
    });

    it('the row alice owns is unchanged by the type-change and recalculate links', async () => {
      const row = () =>
        server.ctx.db.kysely
          .selectFrom('transactions')
          .selectAll()
          .where('id', '=', ids.transaction)
          .executeTakeFirstOrThrow();
      const first = await row();
      const jobs = enqueued.length;
      const link = await alice.get(`/api/traces/update_transaction_type/${ids.transaction}/gift_received`);
      const recalc = await alice.get('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      expect(link.status).toBe(405);
      expect(link.body.message).toMatch(/POST/);
      expect(recalc.status).toBe(405);
      expect(recalc.body.message).toMatch(/POST/);
      expect(await row()).toEqual(first);
      expect(enqueued.length).toBe(jobs);
    });
  });
}
