import { performance } from 'node:perf_hooks';
import type { BulkAction } from '@lotwise/contracts/transactions/edit/bulk';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import { listTransactionsBody } from '@lotwise/contracts/transactions/list-transactions';
import type { FastifyBaseLogger } from 'fastify';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import type { AppContext } from '../../apps/server/src/http/context.ts';
import { JobExecutor } from '../../apps/server/src/jobs/job-queue.ts';
import { JobsRepo } from '../../apps/server/src/jobs/jobs.repo.ts';
import { type BulkJobPayload, bulkJob } from '../../apps/server/src/modules/transactions/edit/bulk.job.ts';
import { selectionKind } from '../../apps/server/src/modules/transactions/edit/bulk.service.ts';
import { categoryOf } from '../../apps/server/src/modules/transactions/list-filters.ts';
import { loadStatusSource } from '../../apps/server/src/modules/transactions/status-source.ts';
import { TransactionsService } from '../../apps/server/src/modules/transactions/transactions.service.ts';
import { localHub } from '../../apps/server/src/realtime/hub.ts';
import { seedTransactions, seedUsers } from '../list/seed.ts';
import { openBenchDb } from '../support/bench-db.ts';
import { formatMs, measure } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '100000'));
const DIALECTS = arg('dialects', 'sqlite,postgres').split(',');

console.log(
  '| dialect | change | rows matched | request (check + count) | job | rows/s | progress events | peak RSS |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const dialect of DIALECTS) {
  const { db, drop } = await openBenchDb(dialect, 'bulk');
  await migrateToLatest(db);
  const [main, other] = await seedUsers(db, 2);
  if (!main || !other) throw new Error('no users');
  await seedTransactions(db, main.id, main.histories, ROWS, 0);
  await seedTransactions(db, other.id, other.histories, 2000, ROWS);
  // Every row of the main user a deposit, so the type change applies to all of them.
  await db.kysely
    .updateTable('transactions')
    .set({
      kind: 'deposit',
      sent_asset: null,
      sent_amount: null,
      received_asset: 'ETH',
      received_amount: '1',
    })
    .where('user_id', '=', main.id)
    .execute();

  const hub = localHub();
  const repo = new JobsRepo(db.kysely);
  // Only a failed job logs; the bench throws on one anyway.
  const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  const executor = new JobExecutor(repo, hub, quiet);
  const service = new TransactionsService(db.kysely, db.dialect);
  executor.register('transactions.bulk', bulkJob({ db } as AppContext, service));
  let events = 0;
  hub.subscribe(main.id, () => {
    events += 1;
  });

  const runs: { label: string; action: BulkAction; mark: UserDefinedType | null }[] = [
    { label: 'type → Airdrop', action: 'type', mark: 'airdrop' },
    { label: 'ignore', action: 'ignore', mark: null },
  ];
  for (const run of runs) {
    const filter = listTransactionsBody.parse({ txns_type: 'all', page: 1, page_size: 20 });
    const category = categoryOf(filter);
    // What the request does before it enqueues: the kind check (type only) and the count.
    const t0 = performance.now();
    const [histories, status] = await Promise.all([
      service.repo.histories(main.id),
      loadStatusSource(db.kysely, main.id),
    ]);
    const ctx = service.filterContext(main.id, filter, histories, status);
    const kind =
      run.action === 'type' ? selectionKind(await service.repo.matchingKinds(filter, category, ctx)) : null;
    const count = Number(
      (await service.repo.pageQueries(filter, category, ctx).count.executeTakeFirstOrThrow()).n,
    );
    const request = performance.now() - t0;
    const payload: BulkJobPayload = { action: run.action, mark: run.mark, kind, filter };
    const job = await repo.insert('transactions.bulk', main.id, payload, null);
    events = 0;
    const m = await measure(() => executor.run(job.id));
    const done = await db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (done.status !== 'succeeded') throw new Error(`job ${done.status}: ${done.error}`);
    const result = JSON.parse(done.result ?? '{}') as { updated: number };
    console.log(
      `| ${dialect} | ${run.label} | ${count.toLocaleString('en-US')} | ${formatMs(request)} | ${formatMs(m.ms)} | ${Math.round(result.updated / (m.ms / 1000)).toLocaleString('en-US')} | ${events} | ${m.peakRssMb.toFixed(0)} MB |`,
    );
  }
  const untouched = await db.kysely
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', other.id)
    .where((eb) => eb.or([eb('user_defined_type', 'is not', null)]))
    .executeTakeFirstOrThrow();
  if (Number(untouched.n) !== 0) throw new Error('the other user was touched');
  await hub.close();
  await drop();
}
