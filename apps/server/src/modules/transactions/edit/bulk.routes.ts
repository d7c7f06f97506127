import {
  BULK_UPDATE_MESSAGE,
  type BulkRowType,
  bulkByFilter,
  bulkJobResult,
  bulkJobStatus,
  bulkUndo,
  bulkUpdateTransactions,
  updateSelected,
} from '@lotwise/contracts/transactions/edit/bulk';
import {
  GROUP_MESSAGE,
  groupTransactions,
  markGroupStaking,
  reclassifySwitchTrade,
  UNGROUP_MESSAGE,
  ungroupTransaction,
} from '@lotwise/contracts/transactions/edit/group';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import { updateSettingPut } from '@lotwise/contracts/users/account';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { authedRoute } from '../../../http/route.ts';
import { categoryOf } from '../list-filters.ts';
import { loadStatusSource } from '../status-source.ts';
import { TransactionsService } from '../transactions.service.ts';
import { type BulkJobPayload, bulkJob } from './bulk.job.ts';
import { applyBulk, assertOffered, selectionKind } from './bulk.service.ts';
import { EditService } from './edit.service.ts';
import { GroupService } from './group.service.ts';

/** Bulk edit, groups and the bulk-edit preference (spec 02 §4, §7). */
export function registerBulkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const edit = new EditService(db);
  const groups = new GroupService(db);
  const list = new TransactionsService(db, ctx.db.dialect);
  ctx.jobs.register('transactions.bulk', bulkJob(ctx, list));

  async function bulkType(userId: number, ids: number[], mark: UserDefinedType) {
    const rows = await edit.rowsOf(userId, ids);
    const kind = selectionKind(rows.filter((r) => r.gt_id === null && !r.ignored));
    assertOffered(kind, mark);
    const out = await applyBulk(db, userId, rows, 'type', mark, kind);
    return {
      status: 'success' as const,
      message: BULK_UPDATE_MESSAGE,
      data: { count: out.updated, skipped: out.skipped },
    };
  }

  authedRoute(app, bulkUpdateTransactions, ({ auth, body }) =>
    bulkType(auth.user.id, body.ids, body.sub_category),
  );
  authedRoute(app, updateSelected, ({ auth, body }) => bulkType(auth.user.id, body.selected_txns, body.type));

  authedRoute(app, bulkByFilter, async ({ auth, body }) => {
    const userId = auth.user.id;
    const [histories, status] = await Promise.all([
      list.repo.histories(userId),
      loadStatusSource(db, userId),
    ]);
    const filterCtx = list.filterContext(userId, body.filter, histories, status);
    const category = categoryOf(body.filter, body.list_type);
    let kind: BulkRowType | null = null;
    if (body.action === 'type') {
      if (!body.type) throw new AppError('validation_failed', 'Choose a type.', { field: 'type' });
      kind = selectionKind(await list.repo.matchingKinds(body.filter, category, filterCtx));
      assertOffered(kind, body.type);
    }
    const count = await list.repo
      .pageQueries(body.filter, category, filterCtx)
      .count.executeTakeFirstOrThrow();
    const payload: BulkJobPayload = {
      action: body.action,
      mark: body.type ?? null,
      kind,
      filter: body.filter,
      listType: body.list_type,
    };
    const job = await ctx.jobs.enqueue('transactions.bulk', userId, payload);
    return {
      status: 'success' as const,
      message: 'Bulk change started',
      data: { job_id: Number(job.id), total: Number(count.n) },
    };
  });

  authedRoute(app, bulkUndo, async ({ auth, params }) => {
    const done = await db
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('id', '=', params.id)
      .where('user_id', '=', auth.user.id)
      .where('name', '=', 'transactions.bulk')
      .executeTakeFirst();
    if (!done) throw notFound('Job');
    if (done.status !== 'succeeded')
      throw new AppError('conflict', 'Only a finished bulk change can be undone.');
    const payload: BulkJobPayload = {
      undo: Number(done.id),
      action: 'type',
      mark: null,
      kind: null,
      filter: null,
    };
    const job = await ctx.jobs.enqueue('transactions.bulk', auth.user.id, payload);
    return {
      status: 'success' as const,
      message: 'Undoing the bulk change',
      data: { job_id: Number(job.id) },
    };
  });

  authedRoute(app, bulkJobStatus, async ({ auth, params }) => {
    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', params.id)
      .where('user_id', '=', auth.user.id)
      .where('name', '=', 'transactions.bulk')
      .executeTakeFirst();
    if (!job) throw notFound('Job');
    const result = job.result ? bulkJobResult.safeParse(JSON.parse(job.result)) : null;
    return {
      status: job.status,
      progress: Number(job.progress),
      message: job.message,
      result: result?.success ? result.data : null,
      error: job.error,
    };
  });

  authedRoute(app, groupTransactions, async ({ auth, body }) => {
    const out = await groups.group(auth.user.id, body.ids);
    return { status: 'success' as const, message: GROUP_MESSAGE, data: out };
  });

  authedRoute(app, ungroupTransaction, async ({ auth, body }) => {
    const out = await groups.ungroup(auth.user.id, body.id);
    return { status: 'success' as const, message: UNGROUP_MESSAGE, data: { group_id: null, ...out } };
  });

  authedRoute(app, markGroupStaking, async ({ auth, body }) => {
    const out = await groups.staking(auth.user.id, body.id, body.type);
    return { status: 'success' as const, message: BULK_UPDATE_MESSAGE, data: out };
  });

  authedRoute(app, reclassifySwitchTrade, async ({ auth, body }) => {
    await groups.reclassify(auth.user.id, body.group_id, body.type);
    return { status: 'Success' as const, message: 'Switch trade updated successfully' };
  });

  authedRoute(app, updateSettingPut, async ({ auth, body }) => {
    await ctx.users.update(auth.user.id, { bulk_edit_preference: body.bulk_edit_preference });
    return { status: 'success' as const, message: ['Preference saved'] };
  });
}
