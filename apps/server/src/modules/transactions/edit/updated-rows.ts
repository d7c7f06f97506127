import type { TransactionRow as ListRow } from '@lotwise/contracts/transactions/transaction-row';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../../db/schema.ts';
import { mergePairs } from '../pairs/pair-row.ts';
import { type MapContext, toListRow } from '../row-mapper.ts';
import { loadStatusSource, statusesOf } from '../status-source.ts';

/** Rows in the list's row shape (same mapper, members and pair merge as the list), for patching it in place. */
export async function listRowsOf(db: Kysely<Database>, user: UserRow, ids: number[]): Promise<ListRow[]> {
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const leadIds = rows.filter((r) => r.gt_id !== null).map((r) => Number(r.id));
  const [members, histories, source] = await Promise.all([
    leadIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('transactions')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('gt_id', 'in', leadIds)
          .orderBy('timestamp')
          .orderBy('id')
          .execute(),
    db.selectFrom('import_histories').selectAll().where('user_id', '=', user.id).execute(),
    loadStatusSource(db, user.id),
  ]);
  const statuses = await statusesOf(
    db,
    source,
    [...rows, ...members].map((r) => Number(r.id)),
  );
  const ctx: MapContext = {
    currency: user.currency.toUpperCase(),
    histories: new Map(histories.map((h) => [h.id, h])),
    statuses,
    derived: source.calcId === null,
    taxCalculated: source.calcId !== null,
  };
  const listed = rows.map((r) =>
    toListRow(
      r,
      members.filter((m) => Number(m.gt_id) === Number(r.id)),
      ctx,
    ),
  );
  return mergePairs(db, user.id, listed, ctx);
}
