/**
 * bench/broker-forms: the 1099-DA tie-out (issue 31) of N 1099-DA lines (default 20,000)
 * against a year of M disposals (default 200,000) through the app's route
 * (GET /api/tax/years/2025/tie_out: reading the forms, the year's disposals and the sales' and
 * lots' transactions, matching, reasons, totals), and the pure tie-out alone on the same data.
 * The calculation's stored rows are written directly (a calculation of 200,000 sales is
 * bench/tax's subject); the form is imported through its upload route, also timed.
 *
 * Each cold run is the first call after a calculation (the calculation's trace id is renewed
 * before it, as a recalculation does, so no answer kept from an earlier call is used); the
 * page's next call (another page, a filter) is timed as a warm run. Each run prints its wall
 * time, this process's CPU time (user + system; PostgreSQL's own work is not in it) and the
 * load average at the time.
 *
 *   npx tsx bench/broker-forms/run.ts [--lines 20000] [--disposals 200000] [--dialects sqlite,postgres] [--runs 3]
 *     [--keep DIR]   keep the seeded data (SQLite: DIR/bench.db; PostgreSQL: schema bench_broker_keep)
 *                    and reuse it on the next run with the same DIR
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { bulkInsert } from '../../apps/server/src/db/bulk-insert.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { BrokerFormsRepo } from '../../apps/server/src/modules/broker-forms/broker-forms.repo.ts';
import { yearTieOut } from '../../apps/server/src/modules/broker-forms/tie-out.service.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { openTestDb, POSTGRES_URL } from '../../apps/server/test/support/dialects.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { insertHistory, seedTransactions } from '../list/seed.ts';
import { formatMs } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const LINES = Number(arg('lines', '20000'));
const DISPOSALS = Number(arg('disposals', '200000'));
const RUNS = Number(arg('runs', '3'));
const DIALECTS = arg('dialects', 'sqlite,postgres').split(',');
const KEEP = arg('keep', '');
const KEPT_SCHEMA = 'bench_broker_keep';
const ASSETS = ['BTC', 'ETH', 'SOL', 'ADA', 'DOT', 'LINK', 'AVAX', 'MATIC'];
const YEAR_START = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 86_400_000 - 60_000;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** Wall and CPU time (this process, user + system) of one call, and the 1-minute load average. */
async function timed<T>(
  run: () => Promise<T>,
): Promise<{ result: T; wall: number; cpu: number; load: number }> {
  const load = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await run();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { result, wall, cpu: (cpu.user + cpu.system) / 1000, load };
}

const runsText = (rs: Array<{ wall: number; cpu: number; load: number }>) =>
  `wall median ${formatMs(median(rs.map((r) => r.wall)))}, CPU median ${formatMs(median(rs.map((r) => r.cpu)))} of ${rs.length} (${rs
    .map((r) => `${formatMs(r.wall)} / CPU ${formatMs(r.cpu)} at load ${r.load.toFixed(1)}`)
    .join('; ')})`;

/** The database: fresh, or the kept one of --keep (created when missing). */
async function openBenchData(dialect: string, dataDir: string): Promise<Db & { dispose(): Promise<void> }> {
  if (dialect === 'sqlite')
    return Object.assign(openDatabase(`sqlite:${path.join(dataDir, 'bench.db')}`), {
      dispose: async () => {},
    });
  if (!KEEP) return openTestDb('postgres');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${KEPT_SCHEMA}`);
  await admin.end();
  const db = openDatabase(POSTGRES_URL, { schema: KEPT_SCHEMA });
  return Object.assign(db, { dispose: () => db.close() });
}

/** Disposal i of the year: asset, instant, units and amounts (exact decimals as text). */
function disposal(i: number) {
  const at = new Date(YEAR_START + Math.floor((i / DISPOSALS) * YEAR_MS));
  const units = `${(i % 97) + 1}.${String((i * 7919) % 100000).padStart(5, '0')}`;
  const proceeds = `${(i % 5000) + 10}.${String(i % 100).padStart(2, '0')}`;
  const basis = `${(i % 4000) + 5}.${String((i * 3) % 100).padStart(2, '0')}`;
  return { at, asset: ASSETS[i % ASSETS.length]!, units, proceeds, basis };
}

async function runDialect(dialect: string) {
  console.log(
    `\n${dialect}: ${LINES.toLocaleString('en-US')} 1099-DA lines against ${DISPOSALS.toLocaleString('en-US')} disposals of 2025`,
  );
  const dataDir = KEEP ? path.resolve(KEEP) : mkdtempSync(path.join(tmpdir(), 'lotwise-bench-broker-'));
  if (KEEP && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  const db = await openBenchData(dialect, dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PRICE_PROVIDERS: 'none' });
  const server = await createServer(
    { ...config, webDist: undefined },
    { db, mailer: { send: async () => {} }, logger: false },
  );
  try {
    const client = new TestClient(server.app);
    const credentials = { email: 'bench@example.com', password: 'correct horse 9' };
    const kept = await db.kysely.selectFrom('broker_forms').select('id').executeTakeFirst();
    if (kept) {
      await client.post('/api/auth/login', credentials);
      console.log('  reusing the data kept by --keep');
    } else await seed(db, client, credentials);
    const user = await db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const calc = await db.kysely
      .selectFrom('tax_calculations')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const cold: Array<{ wall: number; cpu: number; load: number }> = [];
    const warm: Array<{ wall: number; cpu: number; load: number }> = [];
    let counts = '';
    for (let r = 0; r < RUNS; r++) {
      // As a recalculation does: a new trace id, so nothing computed before is reused.
      await db.kysely
        .updateTable('tax_calculations')
        .set({ trace_id: randomUUID() })
        .where('id', '=', calc.id)
        .execute();
      const first = await timed(() => client.get('/api/tax/years/2025/tie_out?per_page=25'));
      if (first.result.status !== 200) throw new Error(JSON.stringify(first.result.body).slice(0, 500));
      cold.push(first);
      counts = (first.result.body.data.totals.by_status as Array<{ status: string; count: number }>)
        .map((s) => `${s.status} ${s.count}`)
        .join(', ');
      warm.push(
        await timed(() => client.get('/api/tax/years/2025/tie_out?per_page=25&page=3&status=lotwise_only')),
      );
    }
    console.log(`  GET /api/tax/years/2025/tie_out, first call after a calculation: ${runsText(cold)}`);
    console.log(`  the page's next call (another page of a filter): ${runsText(warm)}`);
    console.log(`  lines: ${counts}`);
    const repo = new BrokerFormsRepo(db.kysely);
    const calcRow = await db.kysely
      .selectFrom('tax_calculations')
      .selectAll()
      .where('id', '=', calc.id)
      .executeTakeFirstOrThrow();
    const service: Array<{ wall: number; cpu: number; load: number }> = [];
    for (let r = 0; r < RUNS; r++) {
      // Only the figures are kept: a year's tie-out held from run to run is the collector's work.
      const { wall, cpu, load } = await timed(() => yearTieOut(db.kysely, repo, user.id, calcRow, 2025));
      service.push({ wall, cpu, load });
    }
    console.log(`  reading + tie-out without HTTP: ${runsText(service)}`);
  } finally {
    await server.close();
    await db.dispose();
  }
}

/** The user, two accounts, DISPOSALS transactions, a calculation's disposals and the form. */
async function seed(db: Db, client: TestClient, credentials: { email: string; password: string }) {
  {
    await client.post('/api/auth/sign_up', credentials);
    const user = await db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const coinbase = await insertHistory(db, user.id, 'Coinbase', 'csv');
    const ledger = await insertHistory(db, user.id, 'Ledger', 'wallet');
    let t = performance.now();
    await seedTransactions(db, user.id, [coinbase, ledger], DISPOSALS, 0);
    const ids = await db.kysely
      .selectFrom('transactions')
      .select(['id', 'import_history_id'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    const calc = await db.kysely
      .insertInto('tax_calculations')
      .values({
        user_id: user.id,
        trace_id: '00000000-0000-4000-8000-000000000031',
        status: 'complete',
        settings: JSON.stringify({
          method: 'fifo',
          basis: 'us-2025',
          allocation_rule: 'stay-oldest-first',
          timezone: 'UTC',
          currency: 'USD',
        }),
        input_version: 'bench',
        transaction_count: DISPOSALS,
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: DISPOSALS }, (_, i) => i);
    await bulkInsert(
      { db: db.kysely, sqlite: db.sqlite },
      'tax_disposals',
      [
        'calc_id',
        'year',
        'transaction_id',
        'asset',
        'amount',
        'acquired_at',
        'disposed_at',
        'disposed_timestamp',
        'proceeds',
        'cost_basis',
        'gain',
        'term',
        'category',
        'taxable',
        'wallet',
        'lots',
        'sell_without_buy',
        'missing_price',
        'fair_market_value',
      ],
      rows,
      (i) => {
        const d = disposal(i);
        const tx = ids[i]!;
        const lot = ids[(i * 7 + 3) % ids.length]!;
        const day = d.at.toISOString().slice(0, 10);
        return [
          calc.id,
          2025,
          tx.id,
          d.asset,
          d.units,
          '2024-06-01',
          day,
          d.at.toISOString(),
          d.proceeds,
          d.basis,
          (Number(d.proceeds) - Number(d.basis)).toFixed(2),
          'short',
          'sale',
          true,
          tx.import_history_id === coinbase ? 'Coinbase' : 'Ledger',
          JSON.stringify([
            {
              lotId: String(lot.id),
              acquiredAt: '2024-06-01',
              acquiredTimestamp: '2024-06-01T00:00:00.000Z',
              amount: d.units,
              costBasis: d.basis,
            },
          ]),
          null,
          false,
          null,
        ];
      },
    );
    console.log(
      `  seeded ${DISPOSALS.toLocaleString('en-US')} transactions and disposals in ${formatMs(performance.now() - t)}`,
    );

    // The form: LINES of Coinbase's sales, most as Lotwise has them, some off by a fee, some
    // with no basis, some the wrong term, and 2% not in Lotwise at all.
    const header =
      'asset_symbol,asset_name,asset_quantity,acquired_date,disposed_date,proceeds,cost_basis,proceeds_type,gain_loss_classification,is_noncovered_security';
    const lines: string[] = [header];
    const coinbaseRows = rows.filter((i) => ids[i]!.import_history_id === coinbase);
    const step = Math.max(1, Math.floor(coinbaseRows.length / LINES));
    for (let k = 0; k < LINES; k++) {
      const i = coinbaseRows[(k * step) % coinbaseRows.length]!;
      const d = disposal(i);
      const day = d.at.toISOString().slice(0, 10);
      const us = `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(0, 4)}`;
      const kind = k % 50;
      const proceeds = kind === 1 ? (Number(d.proceeds) + 1.5).toFixed(2) : d.proceeds;
      const basis = kind === 2 ? '' : d.basis;
      const asset = kind === 3 ? 'XRP' : d.asset;
      lines.push(
        `${asset},${asset},${d.units},6/1/2024,${us},${proceeds},${basis},Gross Proceeds,${kind === 4 ? 'Long-term' : 'Short-term'},FALSE`,
      );
    }
    t = performance.now();
    const upload = await client.upload(
      '/api/tax/broker_forms',
      { name: 'coinbase-1099da.csv', content: lines.join('\n') },
      { account_id: String(coinbase), year: '2025' },
    );
    if (upload.status !== 200) throw new Error(JSON.stringify(upload.body).slice(0, 500));
    console.log(
      `  import of the ${LINES.toLocaleString('en-US')}-line 1099-DA (upload route): ${formatMs(performance.now() - t)}`,
    );
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
