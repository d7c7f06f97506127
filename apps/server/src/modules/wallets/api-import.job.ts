import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportsRepo } from '../imports/imports.repo.ts';
import type { CredentialsRepo } from './credentials.repo.ts';
import { importFetched, uploadPath } from './import-fetched.ts';
import type { SecretBox } from './secret-box.ts';
import type { FetchedHistory } from './sources/exchange-api.ts';
import { exchangeConnection, exchangeSource } from './sources/exchange-sources.ts';
import { SourceError, sourceErrorOf } from './sources/source-error.ts';

export interface ApiImportPayload {
  historyId: number;
}

/**
 * A connected exchange account's import or resync: fetch its history through ccxt (from the
 * last sync's cursor on), keep it as this account's upload in the exchange's own CSV layout,
 * and import it with the file importer (so the rows and dedupe keys are a downloaded export's).
 * The key is opened only here, in memory. What the exchange says about the key's permissions
 * is kept with the account.
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
    const source = exchangeSource(cred.exchange);
    if (!source) throw new Error(`Exchange ${cred.exchange} cannot be read by API key`);
    await repo.setHistoryStatus(history.id, 'in-progress', false);
    const cursor = cred.exchange === 'kraken' ? cred.synced_until : cred.sync_state;
    let fetched: FetchedHistory;
    try {
      fetched = await source.fetch({
        apiKey: box.open(cred.key_sealed),
        secret: box.open(cred.secret_sealed),
        passphrase: cred.passphrase_sealed ? box.open(cred.passphrase_sealed) : undefined,
        ...exchangeConnection(ctx.config, cred.exchange),
        cursor: cursor ?? undefined,
        file: await uploadPath(ctx, io, source.format),
        // Without a total (most exchanges) the bar moves towards 45% ever more slowly.
        onPage: (n, what, total) =>
          progress(
            Math.min(45, Math.floor((45 * n) / Math.max(total ?? n + 500, 1))),
            total === undefined ? `Fetched ${n} ${what}` : `Fetched ${n} of ${total} ${what}`,
          ),
      });
    } catch (error) {
      const mapped = error instanceof SourceError ? error : await sourceErrorOf(source.name, error);
      await repo.setHistoryStatus(history.id, 'failed', false);
      throw mapped;
    }
    await credentials.setWarning(cred.id, fetched.warnings.join(' ') || null);
    const files = [fetched, ...(fetched.more ?? [])].filter((f) => f.entries > 0);
    if (files.length === 0) {
      // Nothing new, but the windows read (Binance, KuCoin …) need not be read again.
      if (fetched.cursor !== null) await credentials.setCursor(cred.id, cred.exchange, fetched.cursor);
      await repo.setHistoryStatus(history.id, 'complete', true);
      return { entries: 0, added: 0 };
    }
    const imported: unknown[] = [];
    const span = 50 / files.length;
    for (const [i, file] of files.entries()) {
      imported.push(
        await importFetched(ctx, repo, importFile, io, {
          historyId: history.id,
          ...(i === 0 && fetched.file ? { file: fetched.file } : { csv: file.csv }),
          format: file.format,
          fileName: `${source.name} API history ${new Date().toISOString().slice(0, 10)}${i ? ` (${i + 1})` : ''}.csv`,
          from: 50 + i * span,
          to: 50 + (i + 1) * span,
        }),
      );
    }
    // Synced up to the newest record only once its rows are stored.
    if (fetched.cursor !== null) await credentials.setCursor(cred.id, cred.exchange, fetched.cursor);
    return {
      entries: files.reduce((n, f) => n + f.entries, 0),
      import: imported.length === 1 ? imported[0] : imported,
    };
  };
}
