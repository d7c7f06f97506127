/**
 * bench/responsiveness: how long the server's thread is held while long jobs run — one user's
 * full tax calculation, report downloads for 2024, then a bulk ignore of all their rows by
 * filter and the bulk enable that undoes it. A 20 ms timer runs on the server's thread through each job; every time it
 * fires more than 50 ms late, the server could not answer anyone for that long.
 *
 *   npx tsx bench/responsiveness/run.ts [--rows 100000]
 *
 * SQLite file, the real app (createServer) and job queue, rows from bench/list's seed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { insertHistory, seedTransactions } from '../list/seed.ts';

const at = process.argv.indexOf('--rows');
const ROWS = Number(at > 0 ? process.argv[at + 1] : 100_000);
/** `--no-bulk`: skip the two bulk jobs (minutes at a million rows). */
const BULK = !process.argv.includes('--no-bulk');

/** Runs `work` with a 20 ms timer on this thread and prints how late it fired (> 50 ms). */
async function watch(label: string, work: () => Promise<string>): Promise<void> {
  const stalls: { at: number; ms: number }[] = [];
  const start = performance.now();
  let last = start;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last - 20 > 50) stalls.push({ at: now - start, ms: now - last - 20 });
    last = now;
  }, 20);
  const detail = await work();
  clearInterval(timer);
  const end = performance.now();
  // A hold that lasted to the end of the work never let the timer fire: count it too.
  if (end - last - 20 > 50) stalls.push({ at: end - start, ms: end - last - 20 });
  const total = end - start;
  const worst = [...stalls].sort((a, b) => b.ms - a.ms);
  console.log(`  ${label}: ${(total / 1000).toFixed(1)} s; ${detail}`);
  console.log(
    `    server thread held > 50 ms: ${stalls.length} times, ${(stalls.reduce((s, x) => s + x.ms, 0) / 1000).toFixed(1)} s in all; longest ${worst
      .slice(0, 5)
      .map((x) => `${x.ms.toFixed(0)} ms at ${(x.at / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-stalls-'));
const db = Object.assign(openDatabase(`sqlite:${path.join(dataDir, 'bench.db')}`), {
  dispose: async () => {},
});
const server = await createServer(
  { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: undefined },
  { db, mailer: { send: async () => {} }, logger: false },
);
try {
  const client = new TestClient(server.app);
  await client.post('/api/auth/sign_up', { email: 'bench@example.com', password: 'correct horse 9' });
  const user = await db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const history = await insertHistory(db, user.id, 'Coinbase', 'csv');
  await seedTransactions(db, user.id, [history], ROWS, 0);

  const job = async (name: string) =>
    JSON.parse(
      (
        await db.kysely
          .selectFrom('jobs')
          .select('result')
          .where('name', '=', name)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).result ?? '{}',
    );
  console.log(`${ROWS.toLocaleString('en-US')} transactions, SQLite`);
  await watch('full tax calculation', async () => {
    await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
    await server.ctx.jobs.idle();
    return `steps (ms) ${JSON.stringify((await job('tax.calculate')).ms)}`;
  });
  for (const report of ['form-8949.pdf', 'tax-report.pdf', 'capital-gains.csv']) {
    await watch(`download 2024 ${report}`, async () => {
      const res = await client.get(`/api/tax/reports/2024/${report}`);
      return `status ${res.status}`;
    });
  }
  for (const action of BULK ? (['ignore', 'enable'] as const) : []) {
    await watch(`bulk ${action} of every row by filter`, async () => {
      await client.post('/api/transaction/bulk_by_filter', {
        action,
        filter: { txns_type: 'all', ...(action === 'enable' ? { visibility: ['ignored'] } : {}) },
      });
      await server.ctx.jobs.idle();
      return `${JSON.stringify(await job('transactions.bulk'))}`;
    });
  }
} finally {
  await server.close();
}
