/**
 * bench/taxpro: the Tax Pro dashboard (GET /api/tax_pro/clients, page 1 and a search) for an
 * accountant with N clients (default 500) of M transactions each (default 2,000), every client
 * with a complete calculation whose per-transaction status rows carry some missing prices and
 * insufficient balances; against the bare indexed SQL reading the same page: the page of links
 * with their users, then for those clients their complete calculations, transaction counts and
 * status counts (each through its index).
 *
 *   npx tsx bench/taxpro/run.ts [--clients 500] [--rows 2000] [--dialects sqlite,postgres] [--runs 40]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { openTestDb } from '../../apps/server/test/support/dialects.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { seedTransactions, seedUsers } from '../list/seed.ts';
import { formatMs } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const CLIENTS = Number(arg('clients', '500'));
const ROWS = Number(arg('rows', '2000'));
const RUNS = Number(arg('runs', '40'));
const DIALECTS = arg('dialects', 'sqlite').split(',');

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function times(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

async function runDialect(dialect: string) {
  console.log(`\n${dialect}: ${CLIENTS} clients × ${ROWS.toLocaleString('en-US')} transactions`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-taxpro-'));
  const db =
    dialect === 'sqlite'
      ? Object.assign(openDatabase(`sqlite:${path.join(dataDir, 'bench.db')}`), { dispose: async () => {} })
      : await openTestDb('postgres');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PRICE_PROVIDERS: 'none' });
  const server = await createServer(
    { ...config, webDist: undefined },
    { db, mailer: { send: async () => {} }, logger: false },
  );
  try {
    const cpa = new TestClient(server.app);
    const me = await cpa.post('/api/auth/sign_up', { email: 'cpa@example.com', password: 'correct horse 9' });
    const cpaId = me.body.user.id as number;
    await server.ctx.users.update(cpaId, { roles: 'cpa' });

    const t0 = performance.now();
    const clients = await seedUsers(db, CLIENTS);
    for (const [i, c] of clients.entries()) {
      await seedTransactions(db, c.id, c.histories, ROWS, i * ROWS);
      await db.kysely
        .updateTable('users')
        .set({ first_name: `Client ${i}` })
        .where('id', '=', c.id)
        .execute();
    }
    const now = new Date().toISOString();
    await db.kysely
      .insertInto('accountant_links')
      .values(
        clients.map((c, i) => ({
          customer_user_id: c.id,
          customer_email: `bench${i}@example.com`,
          cpa_user_id: cpaId,
          cpa_email: 'cpa@example.com',
          invited_by: 'customer' as const,
          status: 'accepted' as const,
          token_hash: null,
          expires_at: now,
          created_at: now,
          accepted_at: now,
          revoked_at: null,
        })),
      )
      .execute();
    // A complete calculation per client, with its status rows (1 in 50 missing a price, 1 in 80 short).
    for (const c of clients) {
      const { id } = await db.kysely
        .insertInto('tax_calculations')
        .values({
          user_id: c.id,
          trace_id: `bench-${c.id}`,
          job_id: null,
          status: 'complete',
          settings: '{}',
          input_version: 'x',
          allocation: null,
          error: null,
          created_at: now,
          finished_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('tax_year_summaries')
        .values(
          [2024, 2025].map((year) => ({
            calc_id: id,
            year,
            proceeds: '0',
            cost_basis: '0',
            short_term_gain: '0',
            long_term_gain: '0',
            income: '0',
            disposal_count: 0,
            income_count: 0,
          })),
        )
        .execute();
      const yes = dialect === 'sqlite' ? sql`1` : sql`true`;
      const no = dialect === 'sqlite' ? sql`0` : sql`false`;
      await sql`INSERT INTO tax_transaction_status (calc_id, user_id, transaction_id, status, missing_price, sell_without_buy, year)
        SELECT ${id}, user_id, id, 'ok', CASE WHEN id % 50 = 0 THEN ${yes} ELSE ${no} END, CASE WHEN id % 80 = 0 THEN ${yes} ELSE ${no} END, 2024
        FROM transactions WHERE user_id = ${c.id}`.execute(db.kysely);
    }
    console.log(`  seeded in ${formatMs(performance.now() - t0)}`);

    const bare = await times(async () => {
      const page = await db.kysely
        .selectFrom('accountant_links as l')
        .innerJoin('users as u', 'u.id', 'l.customer_user_id')
        .select(['l.customer_user_id', 'l.customer_email', 'u.first_name'])
        .where('l.cpa_user_id', '=', cpaId)
        .where('l.status', '=', 'accepted')
        .orderBy('l.customer_email')
        .limit(20)
        .execute();
      const on = page.map((p) => p.customer_user_id as number);
      const calcs = await db.kysely
        .selectFrom('tax_calculations')
        .select('id')
        .where('user_id', 'in', on)
        .where('status', '=', 'complete')
        .execute();
      await Promise.all([
        db.kysely
          .selectFrom('transactions')
          .select((eb) => ['user_id', eb.fn.countAll().as('n')])
          .where('user_id', 'in', on)
          .groupBy('user_id')
          .execute(),
        db.kysely
          .selectFrom('tax_transaction_status')
          .select((eb) => [
            'calc_id',
            eb.fn.sum(eb.case().when('missing_price', '=', true).then(1).else(0).end()).as('m'),
            eb.fn.sum(eb.case().when('sell_without_buy', '=', true).then(1).else(0).end()).as('s'),
          ])
          .where(
            'calc_id',
            'in',
            calcs.map((c) => c.id),
          )
          .groupBy('calc_id')
          .execute(),
      ]);
    });
    const first = await cpa.get('/api/tax_pro/clients');
    const row = first.body.data[0];
    console.log(
      `  page 1: ${first.body.data.length} of ${first.body.meta.total_count} clients; first ${row.email}: ${row.transactions} transactions, ${row.missing_prices} missing prices, ${row.insufficient_balance} insufficient, years ${row.tax_years.join('/')}`,
    );
    const page = await times(() => cpa.get('/api/tax_pro/clients'));
    const search = await times(() => cpa.get('/api/tax_pro/clients?q=bench42'));
    const floor = p95(bare);
    console.log(
      `  bare indexed SQL for the page (p50 / p95 of ${RUNS})   ${formatMs(p50(bare))} / ${formatMs(floor)}`,
    );
    console.log(
      `  GET /api/tax_pro/clients page 1 (p50 / p95)          ${formatMs(p50(page))} / ${formatMs(p95(page))}  ×${(p95(page) / floor).toFixed(1)} of the SQL's p95`,
    );
    console.log(
      `  GET /api/tax_pro/clients?q=bench42 (p50 / p95)       ${formatMs(p50(search))} / ${formatMs(p95(search))}  ×${(p95(search) / floor).toFixed(1)}`,
    );
  } finally {
    await server.close();
    await db.dispose();
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
