import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportsRepo } from '../imports/imports.repo.ts';
import type { CredentialsRepo } from './credentials.repo.ts';
import { importFetched } from './import-fetched.ts';
import type { SecretBox } from './secret-box.ts';
import { fetchKrakenLedgerCsv } from './sources/kraken-ledgers-api.ts';
import { SourceError, sourceErrorOf } from './sources/source-error.ts';

export interface ApiImportPayload {
  historyId: number;
}

/**
 * A connected exchange account's import or resync: fetch the ledger (from the last synced
 * entry on), keep it as this account's upload, and import it with the file importer (so the
 * rows and dedupe keys are a downloaded ledgers.csv's). The key is opened only here, in memory.
 */
export function apiImportJob(
  ctx: AppContext,
  repo: ImportsRepo,
  credentials: CredentialsRepo,
  box: SecretBox,
  importFile: JobHandler,
) {
  return async (io: JobIO) => {
    const { job, progress } = io;
    const { historyId } = io.payload as ApiImportPayload;
    const history = await repo.findHistory(job.user_id, historyId);
    const cred = await credentials.find(job.user_id, historyId);
    if (!history || !cred) throw new Error(`Connected account ${historyId} not found`);
    await repo.setHistoryStatus(history.id, 'in-progress', false);
    let fetched: Awaited<ReturnType<typeof fetchKrakenLedgerCsv>>;
    try {
      fetched = await fetchKrakenLedgerCsv({
        apiKey: box.open(cred.key_sealed),
        secret: box.open(cred.secret_sealed),
        baseURL: ctx.config.krakenBaseUrl,
        enableRateLimit: ctx.config.krakenPacing,
        since: cred.synced_until === null ? undefined : Number(cred.synced_until),
        onPage: (n, total) =>
          progress(
            Math.min(45, Math.floor((45 * n) / Math.max(total, 1))),
            `Fetched ${n} of ${total} ledger entries`,
          ),
      });
    } catch (error) {
      const mapped = error instanceof SourceError ? error : await sourceErrorOf('Kraken', error);
      await repo.setHistoryStatus(history.id, 'failed', false);
      throw mapped;
    }
    if (fetched.entries === 0) {
      await repo.setHistoryStatus(history.id, 'complete', true);
      return { entries: 0, added: 0 };
    }
    const imported = await importFetched(ctx, repo, importFile, io, {
      historyId: history.id,
      csv: fetched.csv,
      format: 'kraken-ledgers',
      fileName: `Kraken API ledger ${new Date().toISOString().slice(0, 10)}.csv`,
      from: 50,
      to: 100,
    });
    // Synced up to the newest entry only once its rows are stored.
    if (fetched.latest !== null) await credentials.setSyncedUntil(cred.id, String(fetched.latest));
    return { entries: fetched.entries, import: imported };
  };
}
