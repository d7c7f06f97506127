import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StatusSource } from './status-source.ts';

/**
 * Whether the user changed a transaction (any edit, type, ignore, pair or group recorded in
 * the annotation history) after their latest complete tax calculation started: the list's
 * `transactions_updated`, behind the notice that converted values may lag (spec 02 §2).
 * One index probe (annotation_histories_user_recent_idx); the calculation comes with the
 * status source the list loads anyway.
 */
export async function changedSinceCalculation(
  db: Kysely<Database>,
  userId: number,
  status: StatusSource,
): Promise<boolean> {
  const change = await db
    .selectFrom('annotation_histories')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const changed = change?.at ?? null;
  if (changed === null) return false;
  return status.calcStartedAt === null || changed >= status.calcStartedAt;
}

/** What came in or changed since the latest complete tax calculation started (the list's banners). */
export interface SinceCalculation {
  /** When that calculation started; null before the first one. */
  calculatedAt: string | null;
  /** Transactions imported since then (every one before the first calculation). */
  imported: number;
  /** Transactions the user changed since then, each counted once however often it changed. */
  changed: number;
}

/**
 * Counts for the transactions page's banners (issue 35, item 5: "You have changed 8
 * transactions since …", not "your transaction"). Imported rows are those above the highest id
 * the calculation took in (its input version names it; index user_id, id); changed rows are
 * the distinct transactions of the annotation history since it started (index user_id, created_at).
 */
export async function sinceCalculation(db: Kysely<Database>, userId: number): Promise<SinceCalculation> {
  const calc = await db
    .selectFrom('tax_calculations')
    .select(['created_at', 'input_version'])
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const since = calc?.created_at ?? null;
  // The input version starts `${count}:${max id}:…` (engine-input.ts transactionsVersion).
  const maxId = calc ? Number(calc.input_version.split('|')[0]?.split(':')[1]) : 0;
  let imported = db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId);
  if (calc) {
    imported = Number.isInteger(maxId)
      ? imported.where('id', '>', maxId)
      : imported.where('created_at', '>', calc.created_at);
  }
  let changed = db
    .selectFrom('annotation_histories')
    .select((eb) => eb.fn.count<number | string>('dedupe_key').distinct().as('n'))
    .where('user_id', '=', userId);
  if (since) changed = changed.where('created_at', '>=', since);
  const [i, c] = await Promise.all([imported.executeTakeFirst(), changed.executeTakeFirst()]);
  return { calculatedAt: since, imported: Number(i?.n ?? 0), changed: Number(c?.n ?? 0) };
}
