import type { Kysely, Transaction } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { nowIso } from '../../../db/timestamps.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Group changes in the annotation history (action 'group'). Rows are known by dedupe_key
 * across re-imports, so a note keeps the lead's dedupe_key, not its id:
 * payload = { gt, gt_type, prev_gt, prev_gt_type } (gt: the lead's dedupe_key or null).
 */
export interface GroupNote {
  gt: string | null;
  gt_type: string | null;
  prev_gt: string | null;
  prev_gt_type: string | null;
}

export const GROUP_ACTION = 'group';

type Member = Pick<
  TransactionRow,
  | 'id'
  | 'dedupe_key'
  | 'import_history_id'
  | 'user_defined_type'
  | 'ignored'
  | 'gt_id'
  | 'gt_user_defined_type'
>;

export interface GroupChange {
  row: Member;
  /** The new lead (null: not in a group) and, for a lead, the group's type. */
  lead: Pick<TransactionRow, 'id' | 'dedupe_key'> | null;
  gtType: string | null;
}

const CHUNK = 500;

function parse(payload: string | null): GroupNote | null {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as GroupNote;
  } catch {
    return null;
  }
}

/** Applies group changes to rows and records each in the history, in one database transaction. */
export async function applyGroupChanges(
  db: Kysely<Database>,
  userId: number,
  changes: GroupChange[],
  keyOfId: Map<number, string>,
): Promise<void> {
  if (changes.length === 0) return;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const c of changes) {
      await trx
        .updateTable('transactions')
        .set({ gt_id: c.lead ? c.lead.id : null, gt_user_defined_type: c.gtType, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', c.row.id)
        .execute();
    }
    const notes = changes.map((c) => {
      const note: GroupNote = {
        gt: c.lead ? c.lead.dedupe_key : null,
        gt_type: c.gtType,
        prev_gt: c.row.gt_id === null ? null : (keyOfId.get(Number(c.row.gt_id)) ?? null),
        prev_gt_type: c.row.gt_user_defined_type,
      };
      return {
        user_id: userId,
        dedupe_key: c.row.dedupe_key,
        import_history_id: c.row.import_history_id,
        action: GROUP_ACTION,
        user_defined_type: c.row.user_defined_type,
        ignored: Boolean(c.row.ignored),
        prev_user_defined_type: c.row.user_defined_type,
        prev_ignored: Boolean(c.row.ignored),
        payload: JSON.stringify(note),
        created_at: now,
      };
    });
    for (let i = 0; i < notes.length; i += CHUNK) {
      await trx
        .insertInto('annotation_histories')
        .values(notes.slice(i, i + CHUNK))
        .execute();
    }
  });
}

async function idsByKey(trx: Db, userId: number, keys: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('transactions')
      .select(['id', 'dedupe_key'])
      .where('user_id', '=', userId)
      .where('dedupe_key', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.dedupe_key, Number(r.id));
  }
  return out;
}

/** Sets each row (by dedupe_key) to the group state given; a lead that is not there leaves the row alone. */
async function restore(
  trx: Db,
  userId: number,
  states: Map<string, { gt: string | null; type: string | null }>,
) {
  const ids = await idsByKey(trx, userId, [
    ...states.keys(),
    ...[...states.values()].flatMap((s) => (s.gt ? [s.gt] : [])),
  ]);
  const now = nowIso();
  for (const [key, s] of states) {
    const id = ids.get(key);
    if (id === undefined) continue;
    const lead = s.gt === null ? null : (ids.get(s.gt) ?? null);
    await trx
      .updateTable('transactions')
      .set({ gt_id: lead, gt_user_defined_type: lead === id ? s.type : null, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
  await dropOrphans(trx, userId);
}

/**
 * Group members pointing at a lead that is no longer a lead (its own gt_id moved) would
 * vanish from the list, which shows a group only through its lead: they leave the group.
 */
async function dropOrphans(trx: Db, userId: number): Promise<void> {
  const orphans = await trx
    .selectFrom('transactions as m')
    .leftJoin('transactions as l', (j) => j.onRef('l.id', '=', 'm.gt_id').onRef('l.gt_id', '=', 'l.id'))
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.gt_id', 'is not', null)
    // A pair's hidden half points at its partner, which is no lead: it is not an orphan.
    .where('m.pair_id', 'is', null)
    .where('l.id', 'is', null)
    .execute();
  const ids = orphans.map((o) => Number(o.id));
  for (let i = 0; i < ids.length; i += CHUNK) {
    await trx
      .updateTable('transactions')
      .set({ gt_id: null, gt_user_defined_type: null })
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
}

/**
 * After an import commit: when the file brought back a row with a group note, every
 * recorded group of the user is laid again from the latest notes (groups are few, and a
 * lead may arrive in a later file than its members).
 */
export async function reapplyGroups(trx: Db, userId: number, fileId: number): Promise<void> {
  const hit = await trx
    .selectFrom('annotation_histories as a')
    .innerJoin('transactions as t', (j) =>
      j.onRef('t.user_id', '=', 'a.user_id').onRef('t.dedupe_key', '=', 'a.dedupe_key'),
    )
    .select('a.id')
    .where('a.user_id', '=', userId)
    .where('a.action', '=', GROUP_ACTION)
    .where('t.import_file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  if (!hit) return;
  const notes = await trx
    .selectFrom('annotation_histories')
    .select(['dedupe_key', 'payload'])
    .where('user_id', '=', userId)
    .where('action', '=', GROUP_ACTION)
    .orderBy('id')
    .execute();
  const latest = new Map<string, { gt: string | null; type: string | null }>();
  for (const n of notes) {
    const note = parse(n.payload);
    if (note) latest.set(n.dedupe_key, { gt: note.gt, type: note.gt_type });
  }
  await restore(trx, userId, latest);
}

/** Annotation reset of one account: its rows go back to the group state before their first group change. */
export async function resetGroups(trx: Db, userId: number, historyId: number): Promise<void> {
  const notes = await trx
    .selectFrom('annotation_histories')
    .select(['dedupe_key', 'payload'])
    .where('user_id', '=', userId)
    .where('import_history_id', '=', historyId)
    .where('action', '=', GROUP_ACTION)
    .orderBy('id')
    .execute();
  if (notes.length === 0) return;
  const first = new Map<string, { gt: string | null; type: string | null }>();
  for (const n of notes) {
    const note = parse(n.payload);
    if (note && !first.has(n.dedupe_key))
      first.set(n.dedupe_key, { gt: note.prev_gt, type: note.prev_gt_type });
  }
  await restore(trx, userId, first);
}
