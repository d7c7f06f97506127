import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Whether the user changed a transaction (any edit, type, ignore, pair or group recorded in
 * the annotation history) after their latest complete tax calculation started: the list's
 * `transactions_updated`, behind the notice that converted values may lag (spec 02 §2).
 */
export async function changedSinceCalculation(db: Kysely<Database>, userId: number): Promise<boolean> {
  const [change, calc] = await Promise.all([
    db
      .selectFrom('annotation_histories')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('tax_calculations')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('user_id', '=', userId)
      .where('status', '=', 'complete')
      .executeTakeFirst(),
  ]);
  const changed = change?.at ?? null;
  if (changed === null) return false;
  const calculated = calc?.at ?? null;
  return calculated === null || changed >= calculated;
}
