/**
 * bench/tax: one user with N transactions (default 100,000) through the app: the calculation
 * job (read, engine in its worker, storage), the tax pages' calls and the report downloads,
 * then the recalculation after one edited transaction.
 *
 *   npx tsx bench/tax/run.ts [--rows 100000] [--dialects sqlite,postgres] [--calc-only]
 *
 * The server is the real app (createServer) on a SQLite file or a fresh PostgreSQL schema;
 * calls go through app.inject with a signed-in session. The edit is written to the row (the
 * transaction edit API belongs to another issue) and bumps updated_at, as an edit does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { openTestDb } from '../../apps/server/test/support/dialects.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { insertHistory, seedTransactions } from '../list/seed.ts';
import { formatMs, measure } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '100000'));
const DIALECTS = arg('dialects', 'sqlite').split(',');
/** Only the full calculation (the 1M figures of issue 17), not the pages, reports and edits. */
const CALC_ONLY = process.argv.includes('--calc-only');

type Server = Awaited<ReturnType<typeof createServer>>;

async function open(dialect: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-tax-'));
  const db =
    dialect === 'sqlite'
      ? Object.assign(openDatabase(`sqlite:${path.join(dataDir, 'bench.db')}`), {
          dispose: async () => {},
        })
      : await openTestDb('postgres');
  // Offline, as in the tests: no provider is reachable here and timeouts would be measured instead.
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PRICE_PROVIDERS: 'none' });
  const server = await createServer(
    { ...config, webDist: undefined },
    { db, mailer: { send: async () => {} }, logger: false },
  );
  return {
    server,
    dispose: async () => {
      await server.close();
      await db.dispose();
    },
  };
}

async function raw(server: Server, client: TestClient, url: string) {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.rawPayload.length;
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await run();
  console.log(`  ${label.padEnd(44)} ${formatMs(performance.now() - t)}`);
  return out;
}

async function calculate(server: Server, client: TestClient, recalculate: boolean) {
  const m = await measure(async () => {
    const start = await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {
      recalculate,
    });
    await server.ctx.jobs.idle();
    const check = await client.get(`/api/traces/check_tax_calculation?id=${start.body.data.trace_id}`);
    if (check.body.data.state !== 'complete')
      throw new Error(`calculation ${JSON.stringify(check.body.data)}`);
  });
  return m;
}

/** The last tax job's own account of itself: where it resumed, rows read, ms per step. */
async function jobSteps(server: Server): Promise<string> {
  const job = await server.ctx.db.kysely
    .selectFrom('jobs')
    .select('result')
    .where('name', '=', 'tax.calculate')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const r = JSON.parse(job.result ?? '{}');
  return `job: ${r.resumedFrom ? `resumed from ${r.resumedFrom}` : 'full'}, ${r.rows} rows read, ms ${JSON.stringify(r.ms)}`;
}

async function runDialect(dialect: string) {
  console.log(`\n${dialect}: ${ROWS.toLocaleString('en-US')} transactions`);
  const { server, dispose } = await open(dialect);
  try {
    const client = new TestClient(server.app);
    await client.post('/api/auth/sign_up', { email: 'bench@example.com', password: 'correct horse 9' });
    const db = server.ctx.db;
    const user = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bench@example.com')
      .executeTakeFirstOrThrow();
    const history = await insertHistory(db, user.id, 'Coinbase', 'csv');
    await timed('seed (direct insert)', () => seedTransactions(db, user.id, [history], ROWS, 0));

    const first = await calculate(server, client, false);
    console.log(
      `  ${'calculation job (start → complete)'.padEnd(44)} ${formatMs(first.ms)}  peak RSS ${first.peakRssMb.toFixed(0)} MiB`,
    );
    const counts = await Promise.all(
      ['tax_disposals', 'tax_income', 'tax_holdings', 'tax_warnings'].map(async (t) => {
        const r = await db.kysely
          .selectFrom(t as 'tax_disposals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return `${t.replace('tax_', '')} ${Number(r.n).toLocaleString('en-US')}`;
      }),
    );
    console.log(`  stored: ${counts.join(', ')}`);
    console.log(`    ${await jobSteps(server)}`);
    if (CALC_ONLY) return;

    const years = await timed('GET /api/tax/years', () => client.get('/api/tax/years'));
    await timed('GET /api/tax/years (again: printed totals remembered)', () => client.get('/api/tax/years'));
    const busiest = [...years.body.data.years].sort((a, b) => b.disposal_count - a.disposal_count)[0];
    const year: number = busiest.year;
    console.log(`  busiest year ${year}: ${busiest.disposal_count.toLocaleString('en-US')} disposals`);
    await timed(`GET /api/tax/years/${year} (one-year page)`, () => client.get(`/api/tax/years/${year}`));
    await timed('GET disposals page 1', () =>
      client.get(`/api/tax/years/${year}/disposals?page=1&per_page=25`),
    );
    const last = Math.ceil(busiest.disposal_count / 25);
    const page = await timed(`GET disposals page ${last} (last)`, () =>
      client.get(`/api/tax/years/${year}/disposals?page=${last}&per_page=25`),
    );
    const id = page.body.data[0]?.id;
    if (id) await timed('GET lots of one line', () => client.get(`/api/tax/disposals/${id}/lots`));
    await timed('GET tax_calculations/details', () => client.get('/api/imports/v1/tax_calculations/details'));
    for (const form of ['capital-gains.csv', 'turbotax.csv', 'form-8949.pdf', 'tax-report.pdf']) {
      const bytes = await timed(`download ${form}`, () =>
        raw(server, client, `/api/tax/reports/${year}/${form}`),
      );
      console.log(`    ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
    }

    // Two edits: the row in the middle by id (a random date: everything after it is redone)
    // and the latest row (the common case, fixing something recent).
    const middle = await db.kysely
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .limit(1)
      .offset(Math.floor(ROWS / 2))
      .executeTakeFirstOrThrow();
    const latest = await db.kysely
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const [label, id] of [
      ['middle row', middle.id],
      ['latest row', latest.id],
    ] as const) {
      await db.kysely
        .updateTable('transactions')
        .set({ fiat_currency: 'USD', fiat_value: '123.45', updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const details = await client.get('/api/imports/v1/tax_calculations/details');
      console.log(
        `  after editing the ${label}: need_tax_calculation=${details.body.data.need_tax_calculation}`,
      );
      const again = await calculate(server, client, false);
      console.log(
        `  ${`recalculation after editing the ${label}`.padEnd(44)} ${formatMs(again.ms)}  peak RSS ${again.peakRssMb.toFixed(0)} MiB`,
      );
      console.log(`    ${await jobSteps(server)}`);
    }
  } finally {
    await dispose();
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
