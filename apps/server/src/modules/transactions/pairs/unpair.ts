import type { PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { notePairChange, pairRows, unlinkRows, unpairedType } from './pair-store.ts';

/**
 * Reset Self Transfer / Reset Rebrand / Reset Switch Trades (and the Incoming / Outgoing
 * revert) on a paired row: both halves come apart and go back to external_transfer
 * (business_or_investment for a trade), recorded in the annotation history.
 * Returns the row's new user-defined type.
 */
export async function unpairRow(db: Kysely<Database>, userId: number, row: TransactionRow): Promise<string> {
  const rows = row.pair_id ? await pairRows(db, userId, row.pair_id) : [row];
  const kind = (row.pair_kind ?? 'self_transfer') as PairKind;
  await db.transaction().execute(async (trx) => {
    await unlinkRows(trx, userId, rows);
    await notePairChange(
      trx,
      userId,
      rows.map((r) => ({
        row: r,
        action: 'unpair' as const,
        type: unpairedType(r),
        payload: {
          pair_id: row.pair_id ?? '',
          pair_kind: kind,
          partner: rows.find((o) => o.id !== r.id)?.dedupe_key ?? '',
          role: r.sent_asset !== null ? ('sell' as const) : ('buy' as const),
        },
      })),
    );
  });
  return unpairedType(row);
}
