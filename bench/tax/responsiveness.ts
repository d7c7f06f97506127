/**
 * bench/tax/responsiveness: how long the server's thread is held while one user's full tax
 * calculation runs. A 20 ms timer runs on the server's thread through the job; every time it
 * fires late by more than 50 ms, the server could not answer anyone for that long.
 *
 *   npx tsx bench/tax/responsiveness.ts [--rows 100000]
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
import { TestClient } from '../../apps/server/src/test-support/http-client.ts';
import { seedTransactions } from '../list/seed.ts';

const at = process.argv.indexOf('--rows');
const ROWS = Number(at > 0 ? process.argv[at + 1] : 100_000);
const NOW = '2026-01-01T00:00:00.000Z';

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
  const history = await db.kysely
    .insertInto('import_histories')
    .values({
      user_id: user.id,
      account_name: 'Coinbase',
      account_slug: 'coinbase',
      type: 'csv',
      custom_name: null,
      us_based: false,
      import_status: 'complete',
      wallet_address: null,
      last_synced_at: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedTransactions(db, user.id, [history.id], ROWS, 0);

  const stalls: { at: number; ms: number }[] = [];
  const start = performance.now();
  let last = start;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last - 20 > 50) stalls.push({ at: now - start, ms: now - last - 20 });
    last = now;
  }, 20);
  await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
  await server.ctx.jobs.idle();
  clearInterval(timer);
  const total = performance.now() - start;

  const job = await db.kysely
    .selectFrom('jobs')
    .select('result')
    .where('name', '=', 'tax.calculate')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const worst = [...stalls].sort((a, b) => b.ms - a.ms);
  console.log(
    `${ROWS.toLocaleString('en-US')} transactions, full calculation ${(total / 1000).toFixed(1)} s`,
  );
  console.log(`  job steps (ms): ${JSON.stringify(JSON.parse(job.result ?? '{}').ms)}`);
  console.log(
    `  server thread held > 50 ms: ${stalls.length} times, ${(stalls.reduce((s, x) => s + x.ms, 0) / 1000).toFixed(1)} s in all`,
  );
  console.log(
    `  longest: ${worst
      .slice(0, 5)
      .map((s) => `${s.ms.toFixed(0)} ms at ${(s.at / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
} finally {
  await server.close();
}
