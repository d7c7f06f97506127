import type { TransactionRow as ListRow } from '@lotwise/contracts/transactions/transaction-row';
import type { Kysely } from 'kysely';
import type { Database, TransactionRow, UserRow } from '../../../db/schema.ts';
import { type MapContext, toLeg, toListRow } from '../row-mapper.ts';
import { loadStatusSource, statusesOf } from '../status-source.ts';

/**
 * A pair shows as one row: the outgoing half, with the incoming half's received side as its
 * In column and the half itself as `partner`. Partners are read by (user_id, pair_id).
 */
export async function mergePairs(
  db: Kysely<Database>,
  userId: number,
  rows: ListRow[],
  ctx: MapContext,
): Promise<ListRow[]> {
  const pairIds = rows.map((r) => r.pair_id).filter((p): p is string => typeof p === 'string');
  if (pairIds.length === 0) return rows;
  const shown = new Set(rows.map((r) => r.id));
  const partners = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', 'in', pairIds)
    .execute();
  const byPair = new Map<string, TransactionRow>();
  for (const p of partners) if (!shown.has(Number(p.id)) && p.pair_id) byPair.set(p.pair_id, p);
  return rows.map((r) => {
    const partner = r.pair_id ? byPair.get(r.pair_id) : undefined;
    return partner ? withPartner(r, toLeg(partner, ctx)) : r;
  });
}

export function withPartner(row: ListRow, partner: ListRow['incoming'][number]): ListRow {
  return {
    ...row,
    to_currency: partner.to_currency,
    to_currency_name: partner.to_currency_name,
    to_amount: partner.to_amount,
    to_currency_icon_url: partner.to_currency_icon_url,
    to_currency_crypto: partner.to_currency_crypto,
    to_per_token_price: partner.to_per_token_price,
    to_converted_currency: partner.to_converted_currency,
    to_converted_amount: partner.to_converted_amount,
    partner,
  };
}

/** One row as the list shows it (merged when paired), for the pair calls' updated_row. */
export async function listRowOf(db: Kysely<Database>, user: UserRow, row: TransactionRow): Promise<ListRow> {
  const [histories, status] = await Promise.all([
    db.selectFrom('import_histories').selectAll().where('user_id', '=', user.id).execute(),
    loadStatusSource(db, user.id),
  ]);
  const ctx: MapContext = {
    currency: user.currency.toUpperCase(),
    histories: new Map(histories.map((h) => [h.id, h])),
    statuses: await statusesOf(db, status, [Number(row.id)]),
    derived: status.calcId === null,
    taxCalculated: status.calcId !== null,
  };
  const [merged] = await mergePairs(db, user.id, [toListRow(row, [], ctx)], ctx);
  return merged!;
}
