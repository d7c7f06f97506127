import type { Kysely, Transaction } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { nowIso } from '../../../db/timestamps.ts';
import { reapplyGroups, resetGroups } from '../edit/group-history.ts';
import { reapplyPairs, resetPairs } from '../pairs/pair-annotations.ts';
import {
  asUpdate,
  type EditFields,
  type EditPayload,
  firstPrevious,
  mergeChanges,
  parsePayload,
} from './edit-fields.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a change sets on a row: its user-defined type (undefined keeps it) and ignored flag. */
export interface RowState {
  user_defined_type?: string | null;
  ignored: boolean;
}

type Changed = Pick<
  TransactionRow,
  'id' | 'dedupe_key' | 'import_history_id' | 'user_defined_type' | 'ignored'
>;

const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Applies a change to rows and records it in the annotation history, keyed by the row's
 * dedupe_key, in one database transaction. Touches updated_at, which the tax module's
 * staleness check reads. With `unchangedSince` (a background job's start), a row changed
 * after that moment is left as the user made it: the update itself checks, so a change
 * racing the job wins. Answers how many rows changed.
 */
export async function applyChange(
  db: Kysely<Database>,
  userId: number,
  rows: Changed[],
  action: 'type' | 'ignore',
  next: RowState,
  /** The all-pages bulk job making the change, so it can be undone in one step. */
  bulkJobId: number | null = null,
  unchangedSince: string | null = null,
): Promise<number> {
  if (rows.length === 0) return 0;
  const now = nowIso();
  let changed = 0;
  await db.transaction().execute(async (trx) => {
    for (const all of chunks(rows)) {
      let update = trx
        .updateTable('transactions')
        .set({
          ...(next.user_defined_type !== undefined ? { user_defined_type: next.user_defined_type } : {}),
          ignored: next.ignored,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          all.map((r) => r.id),
        );
      let part = all;
      if (unchangedSince === null) await update.execute();
      else {
        update = update.where('updated_at', '<=', unchangedSince);
        const done = new Set((await update.returning('id').execute()).map((r) => Number(r.id)));
        part = all.filter((r) => done.has(Number(r.id)));
        if (part.length === 0) continue;
      }
      changed += part.length;
      await trx
        .insertInto('annotation_histories')
        .values(
          part.map((r) => ({
            user_id: userId,
            dedupe_key: r.dedupe_key,
            import_history_id: r.import_history_id,
            action,
            user_defined_type:
              next.user_defined_type === undefined ? r.user_defined_type : next.user_defined_type,
            ignored: next.ignored,
            prev_user_defined_type: r.user_defined_type,
            prev_ignored: Boolean(r.ignored),
            bulk_job_id: bulkJobId,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  return changed;
}

/**
 * The edit dialog's save: sets the changed columns (and type / ignored) on one row and
 * records action 'edit' with the changed columns and their previous values as payload.
 */
export async function applyEdit(
  db: Kysely<Database>,
  userId: number,
  row: Changed,
  edit: EditPayload,
  next: RowState,
): Promise<void> {
  const now = nowIso();
  const udt = next.user_defined_type === undefined ? row.user_defined_type : next.user_defined_type;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('transactions')
      .set({ ...asUpdate(edit.changes), user_defined_type: udt, ignored: next.ignored, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('annotation_histories')
      .values({
        user_id: userId,
        dedupe_key: row.dedupe_key,
        import_history_id: row.import_history_id,
        action: 'edit',
        user_defined_type: udt,
        ignored: next.ignored,
        prev_user_defined_type: row.user_defined_type,
        prev_ignored: Boolean(row.ignored),
        payload: JSON.stringify(edit),
        created_at: now,
      })
      .execute();
  });
}

/**
 * After an import commit: the rows this file added whose dedupe_key has a history get the
 * latest recorded state again (type, ignored and every edited column, later edits winning),
 * and the history follows them to their (possibly new) account.
 * Runs inside the import's database transaction.
 */
export async function reapplyAnnotations(trx: Db, userId: number, fileId: number): Promise<number> {
  const hits = await trx
    .selectFrom('annotation_histories as a')
    .innerJoin('transactions as t', (j) =>
      j.onRef('t.user_id', '=', 'a.user_id').onRef('t.dedupe_key', '=', 'a.dedupe_key'),
    )
    .select([
      't.id',
      't.dedupe_key',
      't.import_history_id',
      'a.user_defined_type',
      'a.ignored',
      'a.action',
      'a.payload',
    ])
    .where('a.user_id', '=', userId)
    .where('t.import_file_id', '=', fileId)
    .orderBy('a.id')
    .execute();
  if (hits.length === 0) return 0;
  const latest = new Map<number, (typeof hits)[number]>();
  const edits = new Map<number, (EditPayload | null)[]>();
  for (const h of hits) {
    latest.set(Number(h.id), h);
    if (h.action === 'edit')
      edits.set(Number(h.id), [...(edits.get(Number(h.id)) ?? []), parsePayload(h.payload)]);
  }
  const now = nowIso();
  for (const h of latest.values()) {
    const edited: EditFields = mergeChanges(edits.get(Number(h.id)) ?? []);
    await trx
      .updateTable('transactions')
      .set({
        ...asUpdate(edited),
        user_defined_type: h.user_defined_type,
        ignored: Boolean(h.ignored),
        updated_at: now,
      })
      .where('id', '=', h.id)
      .execute();
    await trx
      .updateTable('annotation_histories')
      .set({ import_history_id: h.import_history_id })
      .where('user_id', '=', userId)
      .where('dedupe_key', '=', h.dedupe_key)
      .execute();
  }
  await reapplyPairs(trx, userId, fileId);
  await reapplyGroups(trx, userId, fileId);
  return latest.size;
}

/**
 * Undoes every recorded change to one account's rows: each row goes back to the state
 * before its first change (each edited column to its value before its first edit), and the
 * history is removed. Returns how many rows were restored.
 */
export async function resetAnnotations(
  db: Kysely<Database>,
  userId: number,
  historyId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await resetPairs(trx, userId, historyId);
    await resetGroups(trx, userId, historyId);
    const notes = await trx
      .selectFrom('annotation_histories')
      .select(['dedupe_key', 'action', 'prev_user_defined_type', 'prev_ignored', 'payload'])
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .orderBy('id')
      .execute();
    const first = new Map<string, (typeof notes)[number]>();
    const payloads = new Map<string, (EditPayload | null)[]>();
    for (const n of notes) {
      if (!first.has(n.dedupe_key)) first.set(n.dedupe_key, n);
      // Only edits carry column changes; pair entries have payloads of their own.
      if (n.action === 'edit')
        payloads.set(n.dedupe_key, [...(payloads.get(n.dedupe_key) ?? []), parsePayload(n.payload)]);
    }
    const now = nowIso();
    let restored = 0;
    for (const n of first.values()) {
      const res = await trx
        .updateTable('transactions')
        .set({
          ...asUpdate(firstPrevious(payloads.get(n.dedupe_key) ?? [])),
          user_defined_type: n.prev_user_defined_type,
          ignored: Boolean(n.prev_ignored),
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('dedupe_key', '=', n.dedupe_key)
        .executeTakeFirst();
      restored += Number(res.numUpdatedRows);
    }
    await trx
      .deleteFrom('annotation_histories')
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .execute();
    return restored;
  });
}
