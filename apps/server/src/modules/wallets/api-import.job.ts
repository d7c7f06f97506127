import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../shared/secret-box.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import type { CredentialsRepo } from './credentials.repo.ts';
import { importExchangeHistory } from './import-exchange-history.ts';
import { exchangeConnection, exchangeSource } from './sources/exchange-sources.ts';

export interface ApiImportPayload {
  historyId: number;
}

/**
 * A connected exchange account's import or resync by its API key (importExchangeHistory does the
 * fetching and importing). The key is opened only here, in memory. What the exchange says about
 * the key's permissions is kept with the account.
 */
export function apiImportJob(
  ctx: AppContext,
  repo: ImportHistory,
  credentials: CredentialsRepo,
  box: SecretBox,
  importFile: JobHandler,
) {
  return async (io: JobIO) => {
    const { job } = io;
    const { historyId } = io.payload as ApiImportPayload;
    const history = await repo.findHistory(job.user_id, historyId);
    const cred = await credentials.find(job.user_id, historyId);
    if (!history || !cred) throw new Error(`Connected account ${historyId} not found`);
    const source = exchangeSource(cred.exchange);
    if (!source) throw new Error(`Exchange ${cred.exchange} cannot be read by API key`);
    const cursor = cred.exchange === 'kraken' ? cred.synced_until : cred.sync_state;
    return importExchangeHistory(ctx, repo, importFile, io, {
      historyId: history.id,
      source,
      options: {
        apiKey: box.open(cred.key_sealed),
        secret: box.open(cred.secret_sealed),
        passphrase: cred.passphrase_sealed ? box.open(cred.passphrase_sealed) : undefined,
        ...exchangeConnection(ctx.config, cred.exchange),
        cursor: cursor ?? undefined,
      },
      saveWarning: (warning) => credentials.setWarning(cred.id, warning),
      saveCursor: (cursor) => credentials.setCursor(cred.id, cred.exchange, cursor),
    });
  };
}
