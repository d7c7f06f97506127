import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { applyChange } from '../../annotations/annotations.repo.ts';

const CHUNK = 2000;

/**
 * Undoes an all-pages bulk change in one step: every row it changed goes back to its type
 * and ignored flag from before, unless the row was changed again since (then the later
 * change stands). The undo is itself an annotation (and a bulk job that can be undone).
 */
export async function undoBulk(
  db: Kysely<Database>,
  userId: number,
  undoneJobId: number,
  jobId: number,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ total: number; updated: number; skipped: number }> {
  const entries = await db
    .selectFrom('annotation_histories')
    .select([
      'dedupe_key',
      'action',
      'user_defined_type',
      'ignored',
      'prev_user_defined_type',
      'prev_ignored',
    ])
    .where('user_id', '=', userId)
    .where('bulk_job_id', '=', undoneJobId)
    .orderBy('id')
    .execute();
  let updated = 0;
  let skipped = 0;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const part = entries.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where(
        'dedupe_key',
        'in',
        part.map((e) => e.dedupe_key),
      )
      .execute();
    const byKey = new Map(rows.map((r) => [r.dedupe_key, r]));
    // Rows going back to the same state are written together.
    const groups = new Map<
      string,
      { action: 'type' | 'ignore'; type: string | null; ignored: boolean; rows: TransactionRow[] }
    >();
    for (const e of part) {
      const row = byKey.get(e.dedupe_key);
      const stillAsSet =
        row !== undefined &&
        (e.action === 'ignore'
          ? Boolean(row.ignored) === Boolean(e.ignored)
          : row.user_defined_type === e.user_defined_type && Boolean(row.ignored) === Boolean(e.ignored));
      if (!row || !stillAsSet) {
        skipped++;
        continue;
      }
      const action = e.action === 'ignore' ? 'ignore' : 'type';
      const key = `${action}|${e.prev_user_defined_type ?? ''}|${Boolean(e.prev_ignored)}`;
      const group = groups.get(key) ?? {
        action,
        type: e.prev_user_defined_type,
        ignored: Boolean(e.prev_ignored),
        rows: [],
      };
      group.rows.push(row);
      groups.set(key, group);
    }
    for (const g of groups.values()) {
      await applyChange(
        db,
        userId,
        g.rows,
        g.action,
        g.action === 'ignore' ? { ignored: g.ignored } : { user_defined_type: g.type, ignored: g.ignored },
        jobId,
      );
      updated += g.rows.length;
    }
    await progress(Math.min(i + CHUNK, entries.length), entries.length);
  }
  return { total: entries.length, updated, skipped };
}
