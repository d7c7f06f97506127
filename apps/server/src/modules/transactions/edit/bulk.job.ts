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

/**
 * All-pages bulk change: the ids matching the filter when the job starts (groups count
 * once, by their lead, as in the list), then the change in chunks, each its own database
 * transaction, with progress to the user's browser. A million rows never hold one
 * transaction or one request open.
 */
export function bulkJob(ctx: AppContext, service: TransactionsService) {
  const db = ctx.db.kysely;
  return async ({ job, payload, progress }: JobIO) => {
    const p = payload as BulkJobPayload;
    const userId = job.user_id;
    if (p.undo !== undefined) {
      await progress(0, 'Undoing');
      return undoBulk(db, userId, p.undo, Number(job.id), (done, total) =>
        progress(Math.min(99, (done / Math.max(total, 1)) * 100), `Undoing ${done} of ${total}`),
      );
    }
    const body = listTransactionsBody.parse(p.filter);
    const [histories, status] = await Promise.all([
      service.repo.histories(userId),
      loadStatusSource(db, userId),
    ]);
    const filterCtx = service.filterContext(userId, body, histories, status);
    const ids = await service.repo.matchingIds(body, categoryOf(body, p.listType), filterCtx);
    const total = ids.length;
    let done = 0;
    let updated = 0;
    let skipped = 0;
    await progress(0, `Updating 0 of ${total}`);
    for (let i = 0; i < ids.length; i += BULK_CHUNK) {
      const part = ids.slice(i, i + BULK_CHUNK);
      const rows = await db
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
      const outcome = await applyBulk(db, userId, rows, p.action, p.mark, p.kind, Number(job.id));
      updated += outcome.updated;
      skipped += outcome.skipped + (part.length - rows.length);
      done += part.length;
      await progress(Math.min(99, (done / Math.max(total, 1)) * 100), `Updating ${done} of ${total}`);
    }
    return { total, updated, skipped };
  };
}
