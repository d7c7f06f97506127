import { isFiat } from '@lotwise/engine/assets';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TransactedCount {
  asset: string;
  transactions: number;
}

/**
 * The assets this instance's users transacted most over the last `days`, as counts only and
 * only for assets at least `minUsers` different users transacted (so nobody's activity can be
 * read off the list). Ignored rows and fiat legs do not count.
 */
export async function mostTransacted(
  db: Kysely<Database>,
  options: { days: number; minUsers: number; limit: number; now?: number },
): Promise<TransactedCount[]> {
  const since = new Date((options.now ?? Date.now()) - options.days * 86_400_000).toISOString();
  const legs = db
    .selectFrom('transactions')
    .select(['user_id', 'sent_asset as asset'])
    .where('timestamp', '>=', since)
    .where('ignored', '=', false)
    .where('sent_asset', 'is not', null)
    .unionAll(
      db
        .selectFrom('transactions')
        .select(['user_id', 'received_asset as asset'])
        .where('timestamp', '>=', since)
        .where('ignored', '=', false)
        .where('received_asset', 'is not', null),
    );
  const rows = await db
    .selectFrom(legs.as('legs'))
    .select((eb) => ['legs.asset', eb.fn.countAll<number>().as('n')])
    .groupBy('legs.asset')
    .having(sql<number>`count(distinct legs.user_id)`, '>=', options.minUsers)
    .orderBy('n', 'desc')
    .orderBy('legs.asset')
    .execute();
  return rows
    .filter((r) => r.asset !== null && !isFiat(r.asset))
    .slice(0, options.limit)
    .map((r) => ({ asset: String(r.asset), transactions: Number(r.n) }));
}
