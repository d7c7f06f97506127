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
