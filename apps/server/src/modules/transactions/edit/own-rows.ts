import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';

/** The user's rows with these ids; any id that is not theirs is "not found". */
export async function ownRows(
  db: Kysely<Database>,
  userId: number,
  ids: number[],
): Promise<TransactionRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw notFound('Transaction');
  return rows;
}
