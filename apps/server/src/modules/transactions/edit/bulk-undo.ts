import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { applyChange } from '../annotations/annotations.repo.ts';

const CHUNK = 2000;

interface UndoCounts {
  updated: number;
  skipped: number;
}

/** Where an undo got to: entries done (in history order) and what they came to. */
interface UndoCheckpoint {
  done: number;
  counts: UndoCounts;
}

/**
 * Undoes an all-pages bulk change in one step: every row it changed goes back to its type
 * and ignored flag from before, unless the row was changed again since (then the later
 * change stands). The undo is itself an annotation (and a bulk job that can be undone).
 * Run again after a restart or a take-over it goes on from its checkpoint, and a row
 * changed after the undo was asked for (`since`) keeps that change.
 */
export async function undoBulk(
  db: Kysely<Database>,
  userId: number,
  undoneJobId: number,
  jobId: number,
  run: {
    since: string;
    checkpoint: unknown;
    progress: (done: number, total: number, checkpoint: UndoCheckpoint) => Promise<void>;
  },
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
  const from = run.checkpoint as Partial<UndoCheckpoint> | null;
  const start = typeof from?.done === 'number' ? from.done : 0;
  let updated = from?.counts?.updated ?? 0;
  let skipped = from?.counts?.skipped ?? 0;
  for (let i = start; i < entries.length; i += CHUNK) {
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
      const changed = await applyChange(
        db,
        userId,
        g.rows,
        g.action,
        g.action === 'ignore' ? { ignored: g.ignored } : { user_defined_type: g.type, ignored: g.ignored },
        jobId,
        run.since,
      );
      updated += changed;
      skipped += g.rows.length - changed;
    }
    const done = Math.min(i + CHUNK, entries.length);
    await run.progress(done, entries.length, { done, counts: { updated, skipped } });
  }
  return { total: entries.length, updated, skipped };
}
