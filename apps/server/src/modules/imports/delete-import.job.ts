import { unlink } from 'node:fs/promises';
import type { AppContext } from '../../http/context.ts';
import type { JobIO } from '../../jobs/job-queue.ts';
import { revokeBeforeDelete } from '../oauth/connections.service.ts';
import { releaseOrphanPairs } from '../transactions/pairs/pairs.service.ts';

export type DeletePayload = { historyId: number } | { fileId: number };

const CHUNK = 5000;

/**
 * Deletes an account or one upload with the transactions it brought, in chunks so a
 * million rows neither lock the database for long nor leave the user without progress.
 * Re-running after a crash simply continues: every step is "delete what is still there".
 */
export function deleteImportJob(ctx: AppContext) {
  const db = ctx.db.kysely;
  return async ({ job, payload, progress }: JobIO) => {
    const target = payload as DeletePayload;
    const column = 'historyId' in target ? 'import_history_id' : 'import_file_id';
    const id = 'historyId' in target ? target.historyId : target.fileId;
    if ('historyId' in target) await revokeBeforeDelete(ctx, job.user_id, id);

    const total = Number(
      (
        await db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', job.user_id)
          .where(column, '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    let deleted = 0;
    for (;;) {
      const result = await db
        .deleteFrom('transactions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('transactions')
            .select('id')
            .where('user_id', '=', job.user_id)
            .where(column, '=', id)
            .limit(CHUNK),
        )
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      if (n === 0) break;
      deleted += n;
      await progress(
        Math.min(95, Math.floor((deleted / Math.max(total, 1)) * 95)),
        `Deleted ${deleted} of ${total}`,
      );
    }

    const files = await db
      .selectFrom('import_files')
      .select(['id', 'storage_path'])
      .where('user_id', '=', job.user_id)
      .where(column === 'import_history_id' ? 'import_history_id' : 'id', '=', id)
      .execute();
    await db.transaction().execute(async (trx) => {
      if (files.length > 0) {
        const ids = files.map((f) => f.id);
        await trx.deleteFrom('import_errors').where('import_file_id', 'in', ids).execute();
        await trx.deleteFrom('import_files').where('id', 'in', ids).execute();
      }
      if ('historyId' in target) {
        // A connected account's sealed key, OAuth tokens or wallet connection go with it.
        for (const table of ['api_credentials', 'oauth_connections', 'wallet_connections'] as const) {
          await trx
            .deleteFrom(table)
            .where('user_id', '=', job.user_id)
            .where('import_history_id', '=', id)
            .execute();
        }
        await trx
          .deleteFrom('import_histories')
          .where('user_id', '=', job.user_id)
          .where('id', '=', id)
          .execute();
      }
    });
    await Promise.all(
      files.map((f) => (f.storage_path ? unlink(f.storage_path).catch(() => {}) : undefined)),
    );
    // A pair whose other half went with this account or file comes apart.
    await releaseOrphanPairs(db, job.user_id);
    ctx.hub.publish(job.user_id, { channel: 'imports', event: 'deleted', data: { ...target, deleted } });
    return { deleted };
  };
}
