import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TableMarket } from './table-market.ts';

/** How long a user's table figures are reused when nothing visible changed (a shared file removed). */
const TTL_MS = 60_000;
/** Users kept at most; the oldest entry goes first. */
const MAX_USERS = 1000;

/**
 * Labs' figures from the local price table, per user, reused while the table is unchanged:
 * computing them reads every asset's latest day, which costs hundreds of milliseconds on a
 * table of a million prices (issue 35.11, bench/labs). The table's version is its newest id
 * and newest `fetched_at` (both indexed: a loaded, fetched or replaced price changes one of
 * them) and the user's own prices' count; a removed shared file shows within TTL_MS.
 */
export class TableMarketCache {
  private readonly entries = new Map<number, { key: string; at: number; value: TableMarket }>();

  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: number, compute: () => Promise<TableMarket>, now = Date.now()): Promise<TableMarket> {
    const key = await this.version(userId);
    const hit = this.entries.get(userId);
    if (hit && hit.key === key && now - hit.at < TTL_MS) return hit.value;
    const value = await compute();
    this.entries.delete(userId);
    this.entries.set(userId, { key, at: now, value });
    if (this.entries.size > MAX_USERS) this.entries.delete(this.entries.keys().next().value as number);
    return value;
  }

  private async version(userId: number): Promise<string> {
    // Two queries, not one: SQLite answers a lone max() from the index but scans the whole
    // table for two aggregates in one SELECT (107 ms on a million prices).
    const [id, at, own] = await Promise.all([
      this.db
        .selectFrom('prices')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
      this.db
        .selectFrom('prices')
        .select((eb) => eb.fn.max('fetched_at').as('at'))
        .executeTakeFirst(),
      this.db
        .selectFrom('prices')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return `${id?.id ?? ''}:${at?.at ?? ''}:${own?.n ?? 0}`;
  }
}
