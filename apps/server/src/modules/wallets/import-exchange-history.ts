import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import { importFetched, uploadPath } from './import-fetched.ts';
import type { ExchangeApiOptions, FetchedHistory } from './sources/exchange-api.ts';
import type { ExchangeSource } from './sources/exchange-sources.ts';
import { SourceError, sourceErrorOf } from './sources/source-error.ts';

export interface ExchangeImportInput {
  historyId: number;
  source: ExchangeSource;
  /** How to reach and sign in to the exchange (key and secret, or an OAuth token), and the cursor. */
  options: Omit<ExchangeApiOptions, 'file' | 'onPage'>;
  /** Keeps what the exchange said about the key (null: nothing to warn of). */
  saveWarning(warning: string | null): Promise<void>;
  /** Keeps where the next resync starts, once the rows it covers are stored. */
  saveCursor(cursor: string): Promise<void>;
}

/**
 * A connected exchange account's import or resync, however it signs in (an API key, issue 18;
 * an OAuth token, issue 33): fetch its history through ccxt (from the last sync's cursor on),
 * keep it as this account's upload in the exchange's own CSV layout, and import it with the
 * file importer (so the rows and dedupe keys are a downloaded export's).
 */
export async function importExchangeHistory(
  ctx: AppContext,
  repo: ImportHistory,
  importFile: JobHandler,
  io: JobIO,
  input: ExchangeImportInput,
) {
  const { progress } = io;
  const { source } = input;
  await repo.setHistoryStatus(input.historyId, 'in-progress', false);
  let fetched: FetchedHistory;
  try {
    fetched = await source.fetch({
      ...input.options,
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
    await repo.setHistoryStatus(input.historyId, 'failed', false);
    throw mapped;
  }
  await input.saveWarning(fetched.warnings.join(' ') || null);
  const files = [fetched, ...(fetched.more ?? [])].filter((f) => f.entries > 0);
  if (files.length === 0) {
    // Nothing new, but the windows read (Binance, KuCoin …) need not be read again.
    if (fetched.cursor !== null) await input.saveCursor(fetched.cursor);
    await repo.setHistoryStatus(input.historyId, 'complete', true);
    return { entries: 0, added: 0 };
  }
  const imported: unknown[] = [];
  const span = 50 / files.length;
  for (const [i, file] of files.entries()) {
    imported.push(
      await importFetched(ctx, repo, importFile, io, {
        historyId: input.historyId,
        ...(i === 0 && fetched.file ? { file: fetched.file } : { csv: file.csv }),
        format: file.format,
        fileName: `${source.name} API history ${new Date().toISOString().slice(0, 10)}${i ? ` (${i + 1})` : ''}.csv`,
        from: 50 + i * span,
        to: 50 + (i + 1) * span,
      }),
    );
  }
  // Synced up to the newest record only once its rows are stored.
  if (fetched.cursor !== null) await input.saveCursor(fetched.cursor);
  return {
    entries: files.reduce((n, f) => n + f.entries, 0),
    import: imported.length === 1 ? imported[0] : imported,
  };
}
