/**
 * bench/review: the guided review's findings for one user with N transactions (default
 * 100,000) over three accounts, after a calculation, against the bare SQL that reads the same
 * candidates (undecided deposits, withdrawals and income; the calculation's missing-price and
 * sell-without-buy rows; its deposits from nowhere) with nothing done to them.
 *
 *   npx tsx bench/review/run.ts [--rows 100000] [--dialects sqlite,postgres] [--runs 5]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { CandidatesRepo } from '../../apps/server/src/modules/review/candidates.repo.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { openTestDb } from '../../apps/server/test/support/dialects.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { insertHistory, seedTransactions } from '../list/seed.ts';
import { formatMs } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '100000'));
const RUNS = Number(arg('runs', '5'));
const DIALECTS = arg('dialects', 'sqlite').split(',');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function times(run: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

async function runDialect(dialect: string) {
  console.log(`\n${dialect}: ${ROWS.toLocaleString('en-US')} transactions over 3 accounts`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-review-'));
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
    const client = new TestClient(server.app);
    await client.post('/api/auth/sign_up', { email: 'bench@example.com', password: 'correct horse 9' });
    const user = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bench@example.com')
      .executeTakeFirstOrThrow();
    const histories = [
      await insertHistory(db, user.id, 'Coinbase', 'csv'),
      await insertHistory(db, user.id, 'Kraken', 'csv'),
      await insertHistory(db, user.id, 'Ledger', 'wallet'),
    ];
    await seedTransactions(db, user.id, histories, ROWS, 0);
    const t = performance.now();
    await client.post('/api/recalculate_tax');
    await server.ctx.jobs.idle();
    console.log(
      `  calculation first (for the findings that rest on it)   ${formatMs(performance.now() - t)}`,
    );

    const summary = await client.get('/api/review/summary');
    const counts = summary.body.data.wizards
      .filter((w: { count: number }) => w.count > 0)
      .map((w: { wizard: string; count: number }) => `${w.wizard} ${w.count.toLocaleString('en-US')}`);
    console.log(`  findings: ${counts.join(', ')}`);

    const calc = await db.kysely
      .selectFrom('tax_calculations')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'complete')
      .executeTakeFirstOrThrow();
    const repo = new CandidatesRepo(db.kysely);
    const bare = await times(() =>
      Promise.all([
        repo.undecided(user.id),
        repo.flagged(user.id, calc.id, 'missing_price'),
        repo.flagged(user.id, calc.id, 'sell_without_buy'),
        repo.missingBasis(calc.id),
      ]),
    );
    const full = await times(() => client.get('/api/review/summary'));
    const page = await times(() => client.get('/api/review/findings?wizard=SentGiftorPurchase&per_page=20'));
    const floor = median(bare);
    console.log(`  bare SQL reading the candidates (median of ${RUNS})      ${formatMs(floor)}`);
    console.log(
      `  GET /api/review/summary: every finding (median)           ${formatMs(median(full))}  ×${(median(full) / floor).toFixed(1)} of the SQL`,
    );
    console.log(`  GET /api/review/findings (one wizard, page 1, median)     ${formatMs(median(page))}`);
  } finally {
    await server.close();
    await db.dispose();
  }
}

for (const dialect of DIALECTS) await runDialect(dialect);
