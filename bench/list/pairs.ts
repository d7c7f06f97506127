import { performance } from 'node:perf_hooks';
import {
  listTransactionsBody,
  listTransactionsResponse,
} from '@lotwise/contracts/transactions/list-transactions';
import { sql } from 'kysely';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import type { UserRow } from '../../apps/server/src/db/schema.ts';
import type { AppContext } from '../../apps/server/src/http/context.ts';
import { linkPair } from '../../apps/server/src/modules/transactions/pairs/pair-store.ts';
import { PairsService } from '../../apps/server/src/modules/transactions/pairs/pairs.service.ts';
import { unpairRow } from '../../apps/server/src/modules/transactions/pairs/unpair.ts';
import { loadStatusSource } from '../../apps/server/src/modules/transactions/status-source.ts';
import { TransactionsService } from '../../apps/server/src/modules/transactions/transactions.service.ts';
import { openBenchDb } from '../support/bench-db.ts';
import { formatMs } from '../support/measure.ts';
import { seedTransactions, seedUsers } from './seed.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '1000000'));
const PAIRS = Number(arg('pairs', '10000'));
const RUNS = Number(arg('runs', '5'));
const DIALECTS = arg('dialects', 'sqlite,postgres').split(',');
const VISIBLE = ['cryptocurrency', 'nft', 'lptokens', 'valid'];

const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;
async function time(run: () => Promise<unknown>): Promise<string> {
  await run();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return formatMs(p95(out));
}

for (const dialect of DIALECTS) {
  const { db, drop } = await openBenchDb(dialect, 'pairs');
  await migrateToLatest(db);
  const t0 = performance.now();
  const [main] = await seedUsers(db, 1);
  if (!main) throw new Error('no user');
  await seedTransactions(db, main.id, main.histories, ROWS, 0);
  const k = db.kysely;
  const newest = (kind: string) =>
    k
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', main.id)
      .where('kind', '=', kind)
      .where('ignored', '=', false)
      .orderBy('timestamp', 'desc')
      .limit(PAIRS * 2)
      .execute();
  const [outs, ins] = [await newest('withdrawal'), await newest('deposit')];
  let paired = 0;
  await k.transaction().execute(async (trx) => {
    for (const sell of outs) {
      if (paired >= PAIRS) break;
      const at = ins.findIndex((b) => b.import_history_id !== sell.import_history_id);
      if (at < 0) break;
      const [buy] = ins.splice(at, 1);
      await linkPair(trx, main.id, sell, buy!, 'self_transfer');
      paired += 1;
    }
  });
  if (dialect === 'postgres') await sql`VACUUM ANALYZE transactions`.execute(k);
  else db.sqlite?.exec('ANALYZE');
  console.log(
    `\n## ${dialect}: ${ROWS.toLocaleString('en-US')} rows, ${paired.toLocaleString('en-US')} pairs, set up in ${formatMs(performance.now() - t0)}\n`,
  );

  const user = (await k
    .selectFrom('users')
    .selectAll()
    .where('id', '=', main.id)
    .executeTakeFirstOrThrow()) as UserRow;
  const service = new TransactionsService(k, db.dialect);
  const status = await loadStatusSource(k, user.id);
  // The pair calls only read ctx.db here (Create Manual, which needs the rest, is not timed).
  const pairs = new PairsService({ db } as unknown as AppContext);
  const list = async (body: object) => {
    const res = await service.list(user, listTransactionsBody.parse(body));
    JSON.stringify(listTransactionsResponse.parse(res));
    return res;
  };
  const first = await list({ visibility: VISIBLE });
  const merged = first.transactions.filter((t) => t.partner).length;
  const outsOnPage = first.transactions.filter((t) => t.default_type === 'withdrawal').length;
  const free = await k
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('kind', '=', 'withdrawal')
    .where('pair_id', 'is', null)
    .where('ignored', '=', false)
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const found = await pairs.candidates(user.id, free.id, 'self_transfer');
  const partner = found.transactions[0];
  console.log('| call | p95 |');
  console.log('|---|---:|');
  console.log(
    `| list, default page (${merged} of 20 rows merged pairs, ${outsOnPage} withdrawals) | ${await time(() => list({ visibility: VISIBLE }))} |`,
  );
  console.log(
    `| list, Self Transfers category (${(await list({ visibility: VISIBLE, txns_type: 'self_transfer' })).transactions_count.toLocaleString('en-US')} rows) | ${await time(() => list({ visibility: VISIBLE, txns_type: 'self_transfer' }))} |`,
  );
  console.log(`| stats | ${await time(() => service.statsRepo.stats(user.id, false, status))} |`);
  console.log(
    `| self-transfer candidates (${found.transactions.length} found) | ${await time(() => pairs.candidates(user.id, free.id, 'self_transfer'))} |`,
  );
  console.log(
    `| switch-trade candidates | ${await time(() => pairs.candidates(user.id, free.id, 'switch_trade'))} |`,
  );
  if (partner) {
    const cycle = await time(async () => {
      await pairs.mark(user, 'self_transfer', { sell_id: free.id, buy_id: partner.id });
      const row = await k
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', free.id)
        .executeTakeFirstOrThrow();
      await unpairRow(k, user.id, row);
    });
    console.log(`| mark self transfer + revert | ${cycle} |`);
  }
  await drop();
}
