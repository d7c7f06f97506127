import { randomUUID } from 'node:crypto';
import type { PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { nowIso } from '../../../db/timestamps.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What an annotation history entry of a pair carries (annotation_histories.payload). */
export interface PairPayload {
  pair_id: string;
  pair_kind: PairKind;
  /** dedupe_key of the other half, so a re-import finds it again. */
  partner: string;
  role: 'buy' | 'sell';
}

/** Where an unpaired row goes (spec 02 §4: external_transfer, business_or_investment for a trade). */
export function unpairedType(row: Pick<TransactionRow, 'kind'>): string {
  return row.kind === 'trade' ? 'business_or_investment' : 'external_transfer';
}

/**
 * Joins two rows: a new shared pair_id, the kind as their user-defined type, and the incoming
 * half hidden behind the outgoing one the way group members are hidden (gt_id pointing at the
 * shown row), so the list, its counts and the stats skip it with the indexes they already use.
 */
export async function linkPair(
  trx: Db,
  userId: number,
  sell: TransactionRow,
  buy: TransactionRow,
  kind: PairKind,
  pairId: string = randomUUID(),
): Promise<string> {
  const now = nowIso();
  const common = {
    pair_id: pairId,
    pair_kind: kind,
    user_defined_type: kind,
    manual_switch_trade: kind === 'switch_trade',
    ignored: false,
    updated_at: now,
  };
  await trx
    .updateTable('transactions')
    .set({ ...common, gt_id: null })
    .where('user_id', '=', userId)
    .where('id', '=', sell.id)
    .execute();
  await trx
    .updateTable('transactions')
    .set({ ...common, gt_id: sell.id })
    .where('user_id', '=', userId)
    .where('id', '=', buy.id)
    .execute();
  return pairId;
}

/** Clears a pair on the given rows; each goes back to `types.get(id)` or its unpaired type. */
export async function unlinkRows(
  trx: Db,
  userId: number,
  rows: TransactionRow[],
  types: Map<number, string | null> = new Map(),
): Promise<void> {
  const now = nowIso();
  for (const r of rows) {
    await trx
      .updateTable('transactions')
      .set({
        pair_id: null,
        pair_kind: null,
        manual_switch_trade: false,
        user_defined_type: types.has(r.id) ? (types.get(r.id) ?? null) : unpairedType(r),
        // Only the hidden half's gt_id is the pair's; a real group lead keeps its own.
        ...(r.gt_id !== null && r.gt_id !== r.id ? { gt_id: null } : {}),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('id', '=', r.id)
      .execute();
  }
}

/** Both rows of a pair (the user's only). */
export function pairRows(db: Db, userId: number, pairId: string): Promise<TransactionRow[]> {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', '=', pairId)
    .orderBy('id')
    .execute();
}

/** Records a pair change on each row, keyed by its dedupe_key (see annotations.repo.ts). */
export async function notePairChange(
  trx: Db,
  userId: number,
  entries: Array<{
    row: TransactionRow;
    action: 'pair' | 'unpair';
    type: string | null;
    payload: PairPayload;
  }>,
): Promise<void> {
  if (entries.length === 0) return;
  const now = nowIso();
  await trx
    .insertInto('annotation_histories')
    .values(
      entries.map((e) => ({
        user_id: userId,
        dedupe_key: e.row.dedupe_key,
        import_history_id: e.row.import_history_id,
        action: e.action,
        user_defined_type: e.type,
        ignored: false,
        prev_user_defined_type: e.row.user_defined_type,
        prev_ignored: Boolean(e.row.ignored),
        payload: JSON.stringify(e.payload),
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Pairs left with one row (the other half was deleted with its account, file or as a manual
 * row) come apart: the row left over is shown again as an ordinary transfer.
 */
export async function releaseOrphanPairs(db: Kysely<Database>, userId: number): Promise<number> {
  const lonely = await db
    .selectFrom('transactions')
    .select('pair_id')
    .where('user_id', '=', userId)
    .where('pair_id', 'is not', null)
    .groupBy('pair_id')
    .having((eb) => eb.fn.countAll(), '<', 2)
    .execute();
  const ids = lonely.map((r) => r.pair_id).filter((p): p is string => p !== null);
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', 'in', ids)
    .execute();
  await db.transaction().execute((trx) => unlinkRows(trx, userId, rows));
  return rows.length;
}

/**
 * The rows plus the other halves of any pairs among them: a pair is ignored or enabled as a
 * whole (one ignored half would leave the engine a half pair). No query when none is paired.
 */
export async function withPairPartners(
  db: Db,
  userId: number,
  rows: TransactionRow[],
): Promise<TransactionRow[]> {
  const pairIds = [...new Set(rows.map((r) => r.pair_id).filter((p): p is string => p !== null))];
  if (pairIds.length === 0) return rows;
  const have = new Set(rows.map((r) => Number(r.id)));
  const out = [...rows];
  for (let i = 0; i < pairIds.length; i += 500) {
    const partners = await db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('pair_id', 'in', pairIds.slice(i, i + 500))
      .execute();
    for (const p of partners) if (!have.has(Number(p.id))) out.push(p);
  }
  return out;
}
