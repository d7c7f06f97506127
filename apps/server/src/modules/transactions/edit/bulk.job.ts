import type { BulkAction, BulkRowType } from '@lotwise/contracts/transactions/edit/bulk';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import { listTransactionsBody } from '@lotwise/contracts/transactions/list-transactions';
import type { AppContext } from '../../../http/context.ts';
import type { JobIO } from '../../../jobs/job-queue.ts';
import { categoryOf } from '../list-filters.ts';
import { loadStatusSource } from '../status-source.ts';
import type { TransactionsService } from '../transactions.service.ts';
import { applyBulk } from './bulk.service.ts';
import { undoBulk } from './bulk-undo.ts';

export interface BulkJobPayload {
  /** Set for the undo of an earlier all-pages change: that job's id (the rest is unused). */
  undo?: number;
  action: BulkAction;
  mark: UserDefinedType | null;
  kind: BulkRowType | null;
  /** The list request's body (list_transactions_new payload) and its ?type= narrowing. */
  filter: unknown;
  listType?: string;
}

/** Rows read and written per step: one step is one database transaction and one progress event. */
export const BULK_CHUNK = 2000;

/** Where an all-pages change got to: the highest row id done (ids are worked in id order). */
interface BulkCheckpoint {
  after: number;
}

function afterOf(checkpoint: unknown): number {
  const after = (checkpoint as Partial<BulkCheckpoint> | null)?.after;
  return typeof after === 'number' && Number.isFinite(after) ? after : 0;
}

/**
 * All-pages bulk change: the ids matching the filter (groups count once, by their lead, as
 * in the list), then the change in chunks in id order, each its own database transaction,
 * with progress to the user's browser. A million rows never hold one transaction or one
 * request open.
 *
 * Run again (a restart, or another process taking over a job whose process died), it goes
 * on after the last chunk it recorded, and at no point overwrites a row changed after the
 * job was asked for: such a row keeps the user's change and counts as skipped (issue 29.6).
 */
export function bulkJob(ctx: AppContext, service: TransactionsService) {
  const db = ctx.db.kysely;
  return async ({ job, payload, progress, checkpoint }: JobIO) => {
    const p = payload as BulkJobPayload;
    const userId = job.user_id;
    const since = job.created_at;
    if (p.undo !== undefined) {
      await progress(0, 'Undoing');
      return undoBulk(db, userId, p.undo, Number(job.id), {
        since,
        checkpoint,
        progress: (done, total, next) =>
          progress(Math.min(99, (done / Math.max(total, 1)) * 100), `Undoing ${done} of ${total}`, {
            checkpoint: next,
          }),
      });
    }
    const body = listTransactionsBody.parse(p.filter);
    const [histories, status] = await Promise.all([
      service.repo.histories(userId),
      loadStatusSource(db, userId),
    ]);
    const filterCtx = service.filterContext(userId, body, histories, status);
    const all = await service.repo.matchingIds(body, categoryOf(body, p.listType), filterCtx);
    all.sort((a, b) => a - b);
    const after = afterOf(checkpoint);
    const ids = after > 0 ? all.filter((id) => id > after) : all;
    // A run that takes over counts what its predecessor did from the progress it recorded.
    const before = (checkpoint as { counts?: Counts } | null)?.counts ?? { done: 0, updated: 0, skipped: 0 };
    const total = before.done + ids.length;
    const counts: Counts = { ...before };
    await progress((counts.done / Math.max(total, 1)) * 100, `Updating ${counts.done} of ${total}`);
    for (let i = 0; i < ids.length; i += BULK_CHUNK) {
      const part = ids.slice(i, i + BULK_CHUNK);
      const rows = await db
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
      // Rows created after the job was asked for were not part of what the user chose.
      const chosen = rows.filter((r) => r.created_at <= since);
      const outcome = await applyBulk(db, userId, chosen, p.action, p.mark, p.kind, Number(job.id), since);
      counts.updated += outcome.updated;
      counts.skipped += outcome.skipped + (part.length - chosen.length);
      counts.done += part.length;
      await progress(
        Math.min(99, (counts.done / Math.max(total, 1)) * 100),
        `Updating ${counts.done} of ${total}`,
        {
          checkpoint: { after: part[part.length - 1]!, counts },
        },
      );
    }
    return { total, updated: counts.updated, skipped: counts.skipped };
  };
}

interface Counts {
  done: number;
  updated: number;
  skipped: number;
}
