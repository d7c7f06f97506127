/**
 * bench/list: one user with 1,000,000 transactions (plus 50 users with 2,000 each), then the
 * list call for 20 filter/sort/page mixes against the same SQL run bare, and the stats calls.
 *
 *   npx tsx bench/list/run.ts [--rows 1000000] [--dialects sqlite,postgres] [--runs 7]
 */

import { performance } from 'node:perf_hooks';
import {
  listTransactionsBody,
  listTransactionsResponse,
  OTHER_IDS_LIMIT,
} from '@lotwise/contracts/transactions/list-transactions';
import { sql } from 'kysely';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import type { UserRow } from '../../apps/server/src/db/schema.ts';
import { categoryOf } from '../../apps/server/src/modules/transactions/list-filters.ts';
import { loadStatusSource } from '../../apps/server/src/modules/transactions/status-source.ts';
import { TransactionsService } from '../../apps/server/src/modules/transactions/transactions.service.ts';
import { openBenchDb } from '../support/bench-db.ts';
import { formatMs } from '../support/measure.ts';
import { mixes } from './mixes.ts';
import { seedTransactions, seedUsers } from './seed.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '1000000'));
const RUNS = Number(arg('runs', '7'));
const DIALECTS = arg('dialects', 'sqlite,postgres').split(',');

const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;
async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

for (const dialect of DIALECTS) {
  const { db, drop } = await openBenchDb(dialect, 'list');
  await migrateToLatest(db);
  const t0 = performance.now();
  const users = await seedUsers(db, 51);
  const [main, ...others] = users;
  if (!main) throw new Error('no user');
  await seedTransactions(db, main.id, main.histories, ROWS, 0);
  for (const [i, u] of others.entries()) await seedTransactions(db, u.id, u.histories, 2000, ROWS + i * 2000);
  if (dialect === 'postgres') await sql`VACUUM ANALYZE transactions`.execute(db.kysely);
  else db.sqlite?.exec('ANALYZE');
  console.log(
    `\n## ${dialect}: seeded ${ROWS.toLocaleString('en-US')} + 50×2,000 rows in ${formatMs(performance.now() - t0)}\n`,
  );

  const user = (await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', main.id)
    .executeTakeFirstOrThrow()) as UserRow;
  const service = new TransactionsService(db.kysely, db.dialect);
  const histories = await service.repo.histories(user.id);
  const status = await loadStatusSource(db.kysely, user.id);
  console.log('| mix | rows matched | list call p95 | bare SQL p95 | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  for (const mix of mixes(main.histories[0] as number)) {
    const body = listTransactionsBody.parse(mix.body);
    const category = categoryOf(body, mix.type);
    const ctx = service.filterContext(user.id, body, histories, status);
    const q = service.repo.pageQueries(body, category, ctx);
    const page = q.page.compile();
    const count = q.count.compile();
    let matched = 0;
    const call = await time(async () => {
      const res = await service.list(user, body, mix.type);
      matched = res.transactions_count;
      JSON.stringify(listTransactionsResponse.parse(res));
    });
    // The same statements the call runs: page and count, and the other pages' ids when the
    // response carries them (at most OTHER_IDS_LIMIT matches spread over several pages).
    const ids =
      matched > 0 && matched <= OTHER_IDS_LIMIT && matched > body.page_size ? q.ids.compile() : null;
    const bare = await time(async () => {
      await Promise.all([db.kysely.executeQuery(page), db.kysely.executeQuery(count)]);
      if (ids) await db.kysely.executeQuery(ids);
    });
    console.log(
      `| ${mix.name} | ${matched.toLocaleString('en-US')} | ${formatMs(p95(call))} | ${formatMs(p95(bare))} | ${(p95(call) / p95(bare)).toFixed(2)}× |`,
    );
  }
  const stats = await time(() => service.statsRepo.stats(user.id, false, status));
  const vis = await time(() => service.statsRepo.visibility(user.id));
  const sources = await time(() => service.importSources(user.id));
  console.log(
    `\nstats p95 ${formatMs(p95(stats))}, visibility_stats p95 ${formatMs(p95(vis))}, exchanges p95 ${formatMs(p95(sources))}`,
  );
  await drop();
}
