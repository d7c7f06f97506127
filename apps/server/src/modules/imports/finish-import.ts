import { FREE_LIMIT_TEXT } from '@lotwise/contracts/billing/billing';
import type { StreamSummary } from '@lotwise/importers/parse-stream';
import { ImportPaused, type ImportStore } from './import-store.ts';
import type { ImportsRepo } from './imports.repo.ts';

export const importFailedText = (name: string) =>
  `${name} import failed, please try again and contact customer support if the issue persists.`;

/** How a run ended, as the import job reports it. */
export type RunOutcome =
  | { status: 'failed'; format: string | null; errors: number }
  /** Stored nothing: the user would pass the free import limit (issue 20); resumes after a plan. */
  | { status: 'paused'; format: string; needed: number; limit: number }
  | {
      status: 'complete';
      format: string;
      added: number;
      duplicates: number;
      errors: number;
      skipped: number;
    };

/**
 * The end of a run once every batch is staged: an upload nothing could be read from is
 * marked failed with its first problem (its row errors stay listed); otherwise the staged
 * rows move into transactions in one database transaction. Runs on the job's thread or on
 * the import writer's, against whichever connection `store` and `repo` hold.
 */
export async function finishRun(
  store: ImportStore,
  repo: ImportsRepo,
  run: {
    fileId: number;
    historyId: number;
    userId: number;
    accountName: string;
    summary: StreamSummary;
    skipped: number;
    limit?: number | null | undefined;
  },
): Promise<RunOutcome> {
  const { summary } = run;
  if (summary.records === 0 && summary.errors > 0) {
    const errors = await repo.errorsOfFile(run.fileId);
    const reason = summary.fatal?.message ?? errors[0]?.message ?? 'no rows could be read';
    await store.failImport(
      run.fileId,
      run.historyId,
      summary.format,
      `${importFailedText(run.accountName)} ${reason}`,
      summary.errors,
    );
    return { status: 'failed', format: summary.format, errors: summary.errors };
  }
  let outcome: { added: number; duplicates: number };
  try {
    outcome = await store.commitImport({
      fileId: run.fileId,
      historyId: run.historyId,
      userId: run.userId,
      format: summary.format,
      parsed: summary.records,
      errorCount: summary.errors,
      skipped: run.skipped,
      limit: run.limit ?? null,
    });
  } catch (error) {
    if (!(error instanceof ImportPaused)) throw error;
    await store.pauseImport(run.fileId, summary.format, summary.records, FREE_LIMIT_TEXT);
    return { status: 'paused', format: summary.format, needed: error.needed, limit: error.limit };
  }
  await store.refreshStatistics(outcome.added);
  return {
    status: 'complete',
    format: summary.format,
    ...outcome,
    errors: summary.errors,
    skipped: run.skipped,
  };
}
