import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { applyEdit, diffEdit, type EditFields } from '../transactions/annotations/annotations.service.ts';

/**
 * Renames one asset of the user's row (every side that holds it: sent, received, fee) through
 * the edit path, so the change is in the annotation history like any edit.
 */
export async function changeTokenSymbol(
  db: Kysely<Database>,
  userId: number,
  transactionId: number,
  from: string,
  to: string,
): Promise<string> {
  const row = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!row) throw notFound('Transaction');
  const old = from.trim().toUpperCase();
  const fields: EditFields = {};
  if (row.sent_asset?.toUpperCase() === old) fields.sent_asset = to;
  if (row.received_asset?.toUpperCase() === old) fields.received_asset = to;
  if (row.fee_asset?.toUpperCase() === old) fields.fee_asset = to;
  if (Object.keys(fields).length === 0) {
    throw new AppError('validation_failed', `from: this transaction holds no ${old}`, { field: 'from' });
  }
  const edit = diffEdit(row, fields);
  if (Object.keys(edit.changes).length > 0) {
    await applyEdit(db, userId, row, edit, { ignored: Boolean(row.ignored) });
  }
  return `${old} is now ${to} on this transaction. Recalculate your taxes to price it.`;
}
