import type { AppContext } from '../../http/context.ts';

/**
 * Imports paused by the free limit start again once the limit is lifted (a plan bought or
 * granted): each paused upload runs its import job anew from the stored file; nothing of it
 * was stored, and rows already present are skipped by their dedupe keys.
 */
export async function resumePausedImports(ctx: AppContext, userId: number): Promise<number> {
  if ((await ctx.billing.importLimit(userId)) !== null) return 0;
  const paused = await ctx.billing.pausedImports(userId);
  for (const file of paused) {
    const claimed = await ctx.db.kysely
      .updateTable('import_files')
      .set({ status: 'in-progress', status_message: null })
      .where('id', '=', file.id)
      .where('status', '=', 'paused')
      .executeTakeFirst();
    // Another process (a second webhook delivery) resumed it already.
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await ctx.db.kysely
      .updateTable('import_histories')
      .set({ import_status: 'in-progress' })
      .where('id', '=', file.import_history_id)
      .execute();
    await ctx.jobs.enqueue('import.parse', userId, { fileId: file.id });
  }
  if (paused.length > 0) ctx.hub.publish(userId, { channel: 'imports', event: 'imports_resumed', data: {} });
  return paused.length;
}
