import type { PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { halfOf } from './pair-rules.ts';
import { linkPair, notePairChange, type PairPayload, unlinkRows, unpairedType } from './pair-store.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * After an import commit (see reapplyAnnotations): rows of the file whose latest pair entry
 * is 'pair' are joined again with their partner (found by dedupe_key), if the partner is
 * there and free. A partner imported later re-pairs from its own entry.
 */
export async function reapplyPairs(trx: Db, userId: number, fileId: number): Promise<number> {
  const notes = await trx
    .selectFrom('annotation_histories as a')
    .innerJoin('transactions as t', (j) =>
      j.onRef('t.user_id', '=', 'a.user_id').onRef('t.dedupe_key', '=', 'a.dedupe_key'),
    )
    .select(['t.id', 'a.action', 'a.payload'])
    .where('a.user_id', '=', userId)
    .where('t.import_file_id', '=', fileId)
    .where('a.action', 'in', ['pair', 'unpair'])
    .orderBy('a.id')
    .execute();
  const latest = new Map<number, (typeof notes)[number]>();
  for (const n of notes) latest.set(Number(n.id), n);
  let paired = 0;
  for (const n of latest.values()) {
    if (n.action !== 'pair' || !n.payload) continue;
    const payload = JSON.parse(n.payload) as PairPayload;
    const rows = await trx
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('id', '=', n.id), eb('dedupe_key', '=', payload.partner)]))
      .execute();
    const self = rows.find((r) => Number(r.id) === Number(n.id));
    const partner = rows.find((r) => Number(r.id) !== Number(n.id));
    if (!self || !partner) continue;
    // The replay of types has just set both rows' type; what decides is that both are free halves.
    const free = (r: TransactionRow) => halfOf({ ...r, ignored: false });
    const [sell, buy] = payload.role === 'sell' ? [self, partner] : [partner, self];
    if (free(sell) !== 'sell' || free(buy) !== 'buy') continue;
    await linkPair(trx, userId, sell, buy, payload.pair_kind, payload.pair_id);
    paired += 1;
  }
  return paired;
}

/**
 * Before an account's annotation reset (see resetAnnotations): its paired rows come apart.
 * A partner in another account goes back to the type it had before the pair, with an
 * 'unpair' entry so a later re-import does not join it again.
 */
export async function resetPairs(trx: Db, userId: number, historyId: number): Promise<void> {
  const mine = await trx
    .selectFrom('transactions')
    .select('pair_id')
    .where('user_id', '=', userId)
    .where('import_history_id', '=', historyId)
    .where('pair_id', 'is not', null)
    .execute();
  const pairIds = mine.map((r) => r.pair_id).filter((p): p is string => p !== null);
  if (pairIds.length === 0) return;
  const rows = await trx
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pair_id', 'in', pairIds)
    .execute();
  const others = rows.filter((r) => r.import_history_id !== historyId);
  const before = new Map<number, string | null>();
  for (const r of others) {
    const entry = await trx
      .selectFrom('annotation_histories')
      .select('prev_user_defined_type')
      .where('user_id', '=', userId)
      .where('dedupe_key', '=', r.dedupe_key)
      .where('action', '=', 'pair')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    before.set(r.id, entry ? entry.prev_user_defined_type : unpairedType(r));
  }
  await unlinkRows(trx, userId, rows, before);
  await notePairChange(
    trx,
    userId,
    others.map((r) => ({
      row: r,
      action: 'unpair' as const,
      type: before.get(r.id) ?? null,
      payload: {
        pair_id: r.pair_id ?? '',
        pair_kind: (r.pair_kind ?? 'self_transfer') as PairKind,
        partner: rows.find((o) => o.pair_id === r.pair_id && o.id !== r.id)?.dedupe_key ?? '',
        role: r.sent_asset !== null ? ('sell' as const) : ('buy' as const),
      },
    })),
  );
}
