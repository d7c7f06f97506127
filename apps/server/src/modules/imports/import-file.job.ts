import type { RowError } from '@lotwise/contracts/normalised';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { type JobIO, JobSuperseded } from '../../jobs/job-queue.ts';
import { finishRun, importFailedText, type RunOutcome } from './finish-import.ts';
import { importInWorkers } from './import-in-workers.ts';
import { ImportStore } from './import-store.ts';
import type { ImportsRepo } from './imports.repo.ts';
import { parseInWorker } from './parse-in-worker.ts';
import { type ParseUploadInput, parseUpload } from './parse-upload.ts';
import { familyOfFormat } from './sources.ts';
import type { StagedValues } from './staged-row.ts';

export interface ImportFilePayload {
  fileId: number;
  format?: string | undefined;
}

export { importFailedText } from './finish-import.ts';

/** The app's file import, as the upload and the connected accounts' imports run it. */
export function appImportFileJob(ctx: AppContext, repo: ImportsRepo) {
  return importFileJob(ctx, repo, new ImportStore(ctx.db.kysely, ctx.db.sqlite), {
    workerMinBytes: ctx.config.importWorkerMinBytes,
    limitOf: (userId) => ctx.billing.importLimit(userId),
    sqliteFileUrl: ctx.db.dialect === 'sqlite' && ctx.db.url !== 'sqlite::memory:' ? ctx.db.url : undefined,
  });
}

/**
 * Parses an uploaded file and stores it whole: rows that parse are stored (once: rows
 * already present are counted, not added), rows that don't are listed with their line,
 * column and problem. An unreadable file stores nothing and marks the upload failed.
 */
export function importFileJob(
  ctx: AppContext,
  repo: ImportsRepo,
  store: ImportStore,
  options: {
    workerMinBytes: number;
    /** The user's transaction limit (billing's free import limit); absent or null: none. */
    limitOf?: (userId: number) => Promise<number | null>;
    /** The embedded database's file URL: large uploads are then written by the import writer. */
    sqliteFileUrl?: string | undefined;
  },
) {
  return async ({ job, payload, progress }: JobIO) => {
    const { fileId, format: wanted } = payload as ImportFilePayload;
    const file = await repo.findFile(job.user_id, fileId);
    if (!file?.storage_path) throw new Error(`Upload ${fileId} not found`);
    const history = await repo.findHistory(job.user_id, file.import_history_id);
    if (!history) throw new Error(`Account ${file.import_history_id} not found`);

    // Run again after a crash that came between the import's commit and the job's own
    // bookkeeping: the upload is already stored whole, and storing it again would recount it.
    if (file.status === 'complete') {
      return {
        status: 'complete',
        format: file.format,
        added: file.rows_added,
        duplicates: file.rows_duplicate,
        errors: file.error_count,
        skipped: file.rows_skipped,
      };
    }

    const format = wanted ?? file.format ?? undefined;
    try {
      if (file.job_id !== job.id) await repo.setFileJob(file.id, job.id);
      await store.resetRun(file.id);

      // Progress follows the bytes read. Large uploads are parsed on a worker thread so that
      // parsing the next batches overlaps with storing the previous ones; on the embedded
      // database in a file an import writer thread stores them (import-writer.ts).
      const size = Math.max(file.size_bytes, 1);
      const large = file.size_bytes >= options.workerMinBytes;
      let reported = 0;
      let skipped = 0;
      const input: ParseUploadInput = {
        path: file.storage_path,
        format,
        family: familyOfFormat(format ?? 'unknown').slug,
        wallet: history.custom_name ?? history.account_name,
        address: history.wallet_address ?? undefined,
        userId: job.user_id,
        historyId: history.id,
        fileId: file.id,
        now: nowIso(),
        transactionLimit: (await options.limitOf?.(job.user_id)) ?? null,
      };
      const writerDbUrl = large ? options.sqliteFileUrl : undefined;
      const reportRead = async (read: number) => {
        const percent = 5 + Math.floor((85 * read) / size);
        if (percent >= reported + 5) {
          reported = percent;
          // The import writer's connection holds the write lock meanwhile: progress stays in memory.
          await progress(
            Math.min(percent, 90),
            `Read ${Math.round(read / 1024)} of ${Math.round(size / 1024)} KB`,
            { persist: writerDbUrl === undefined },
          );
        }
      };
      let outcome: RunOutcome;
      if (writerDbUrl) {
        // Embedded database in a file: parse worker → import writer, the main thread stays free.
        ctx.db.sideWriters.count++;
        try {
          outcome = await importInWorkers(
            input,
            { dbUrl: writerDbUrl, accountName: history.account_name },
            { progress: reportRead, finishing: () => progress(90, 'Finishing', { persist: false }) },
          );
        } finally {
          ctx.db.sideWriters.count--;
        }
      } else {
        const sink = {
          rows: async (rows: StagedValues[], read: number) => {
            await store.stageRows(rows);
            await reportRead(read);
          },
          errors: (batch: RowError[]) => store.addErrors(file.id, batch),
        };
        const summary = large
          ? await parseInWorker(input, {
              ...sink,
              skipped: (count) => {
                skipped += count;
              },
            })
          : await parseUpload(input, {
              ...sink,
              skipped: (batch) => {
                skipped += batch.length;
              },
            });
        if (summary.records > 0 || summary.errors === 0) await progress(90, 'Finishing');
        outcome = await finishRun(store, repo, {
          fileId: file.id,
          historyId: history.id,
          userId: job.user_id,
          accountName: history.account_name,
          summary,
          skipped,
          limit: input.transactionLimit,
        });
      }

      if (outcome.status === 'paused') {
        ctx.hub.publish(job.user_id, {
          channel: 'imports',
          event: 'import_paused',
          data: { import_history_id: history.id, import_file_id: file.id, needed: outcome.needed },
        });
      }
      if (outcome.status === 'complete') {
        const { status: _status, format: _format, skipped: _skipped, ...counts } = outcome;
        ctx.hub.publish(job.user_id, {
          channel: 'imports',
          event: 'import_complete',
          data: { import_history_id: history.id, import_file_id: file.id, ...counts },
        });
      }
      return outcome;
    } catch (error) {
      // Whatever failed (a database refusing a value, a file gone, a worker dying), the upload
      // ends failed with the usual message instead of staying "in progress" forever. A job
      // another process took over is that process's to finish.
      if (!(error instanceof JobSuperseded)) {
        await store
          .failImport(file.id, history.id, format ?? null, importFailedText(history.account_name), 0)
          .catch(() => {});
      }
      throw error;
    }
  };
}
