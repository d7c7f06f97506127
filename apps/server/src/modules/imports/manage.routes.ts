import {
  deleteImportHistory,
  deleteImportSource,
  getDeletionStatus,
  updateImportName,
  updateImportUsBased,
} from '@lotwise/contracts/imports/manage';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { deleteImportJob } from './delete-import.job.ts';
import { ImportsRepo } from './imports.repo.ts';

export function registerImportManagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ImportsRepo(ctx.db.kysely);
  const db = ctx.db.kysely;
  ctx.jobs.register('import.delete', deleteImportJob(ctx));

  authedRoute(app, updateImportName, async ({ auth, body }) => {
    const history = await repo.findHistory(auth.user.id, body.id);
    if (!history) throw notFound('Account');
    await db
      .updateTable('import_histories')
      .set({ custom_name: body.custom_name, updated_at: nowIso() })
      .where('id', '=', history.id)
      .execute();
    return { status: 'success' as const, message: 'Name updated successfully' };
  });

  authedRoute(app, updateImportUsBased, async ({ auth, body }) => {
    const history = await repo.findHistory(auth.user.id, body.id);
    if (!history) throw notFound('Account');
    await db
      .updateTable('import_histories')
      .set({ us_based: body.us_based, updated_at: nowIso() })
      .where('id', '=', history.id)
      .execute();
    return { status: 'success' as const, message: 'Mark as US Based successful' };
  });

  authedRoute(app, deleteImportHistory, async ({ auth, params }) => {
    const history = await repo.findHistory(auth.user.id, params.id);
    if (!history) throw notFound('Account');
    const job = await ctx.jobs.enqueue('import.delete', auth.user.id, { historyId: history.id });
    return { status: 'success' as const, data: { job_id: job.id } };
  });

  authedRoute(app, deleteImportSource, async ({ auth, params }) => {
    const file = await repo.findFile(auth.user.id, params.id);
    if (!file) throw notFound('Source');
    const job = await ctx.jobs.enqueue('import.delete', auth.user.id, { fileId: file.id });
    return { status: 'success' as const, data: { job_id: job.id } };
  });

  authedRoute(app, getDeletionStatus, async ({ auth }) => {
    const job = await ctx.jobsRepo.latestForUser(auth.user.id, 'import.delete');
    if (!job || job.status === 'succeeded') return { in_progress: false, message: 'Deletion complete' };
    if (job.status === 'failed')
      return { in_progress: false, message: `Deletion failed: ${job.error ?? 'unknown error'}` };
    return { in_progress: true, message: job.message ?? 'Deleting…' };
  });
}
