import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import { exchangeConnection, exchangeSource, SourceError } from '../wallets/sources/sources.service.ts';
import { importExchangeHistory } from '../wallets/wallets.service.ts';
import type { OauthService } from './oauth.service.ts';

/**
 * An account connected by OAuth, imported or resynced: the same fetch and import as an API-key
 * connection (importExchangeHistory), signed with the access token — refreshed first when it is
 * about to expire, and once more when the exchange refuses it before its time.
 */
export function oauthImportJob(
  ctx: AppContext,
  imports: ImportHistory,
  service: OauthService,
  importFile: JobHandler,
) {
  return async (io: JobIO) => {
    const { historyId } = io.payload as { historyId: number };
    const userId = io.job.user_id;
    const history = await imports.findHistory(userId, historyId);
    const conn = await service.repo.find(userId, historyId);
    if (!history || !conn) throw new Error(`Connected account ${historyId} not found`);
    const source = exchangeSource(conn.provider);
    if (!source) throw new Error(`${conn.provider} cannot be read by OAuth`);
    const failed = async (error: unknown) => {
      await imports.setHistoryStatus(history.id, 'failed', false);
      return error;
    };
    const run = (accessToken: string) =>
      importExchangeHistory(ctx, imports, importFile, io, {
        historyId: history.id,
        source,
        options: {
          apiKey: '',
          secret: '',
          accessToken,
          ...exchangeConnection(ctx.config, conn.provider),
          cursor: conn.sync_state ?? undefined,
        },
        saveWarning: async () => {},
        saveCursor: (cursor) => service.repo.setCursor(conn.id, cursor),
      });
    let token: string;
    try {
      token = await service.accessToken(conn);
    } catch (error) {
      throw await failed(error);
    }
    try {
      return await run(token);
    } catch (error) {
      if (!(error instanceof SourceError && error.kind === 'bad_key')) throw error;
    }
    // Refused before its expiry (revoked there, or expired early): one refresh, one more try.
    try {
      token = await service.accessToken(conn, { refused: token });
      return await run(token);
    } catch (error) {
      if (error instanceof SourceError && error.kind === 'bad_key')
        throw await failed(await service.refused(conn));
      throw await failed(error);
    }
  };
}
