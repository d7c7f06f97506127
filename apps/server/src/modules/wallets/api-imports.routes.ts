import { resyncAccount, saveApiImport } from '@lotwise/contracts/imports/api-imports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { loadSecretKey, SecretBox } from '../../shared/secret-box.ts';
import { importHistory } from '../imports/import-history.service.ts';
import { importFileJob } from '../imports/imports.service.ts';
import { oauthConnectionOf } from '../oauth/connections.service.ts';
import { apiImportJob } from './api-import.job.ts';
import { connectByApiKey } from './connect-by-key.ts';
import { CredentialsRepo } from './credentials.repo.ts';
import { WalletConnectionsRepo } from './wallet-connections.repo.ts';

/** Connected exchange accounts (issue 18): connect by read-only API key; resync them and wallets. */
export function registerApiImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = importHistory(ctx.db.kysely);
  const credentials = new CredentialsRepo(ctx.db.kysely);
  const wallets = new WalletConnectionsRepo(ctx.db.kysely);
  const box = new SecretBox(loadSecretKey({ envKey: ctx.config.secretKey, dataDir: ctx.config.dataDir }));
  ctx.jobs.register('import.api', apiImportJob(ctx, repo, credentials, box, importFileJob(ctx)));

  authedRoute(app, saveApiImport, async ({ auth, body }) => {
    const done = await connectByApiKey(ctx, repo, credentials, box, auth.user.id, {
      exchange: body.exchange,
      apiKey: body.api_key,
      secret: body.secret,
      passphrase: body.passphrase,
      customName: body.custom_name,
      usBased: body.us_based,
    });
    return {
      status: 'success' as const,
      message: done.message,
      data: { import_history_id: done.historyId, job_id: done.jobId },
    };
  });

  authedRoute(app, resyncAccount, async ({ auth, body }) => {
    const history = await repo.findHistory(auth.user.id, body.import_history_id);
    const cred = history ? await credentials.find(auth.user.id, history.id) : undefined;
    const oauth =
      history && !cred ? await oauthConnectionOf(ctx.db.kysely, auth.user.id, history.id) : undefined;
    const wallet = history && !cred && !oauth ? await wallets.find(auth.user.id, history.id) : undefined;
    if (!history || (!cred && !oauth && !wallet)) throw notFound('Account');
    const job = await ctx.jobs.enqueue(
      cred ? 'import.api' : oauth ? 'import.oauth' : 'import.wallet',
      auth.user.id,
      {
        historyId: history.id,
      },
    );
    return { status: 'success' as const, message: 'Resync started', data: { job_id: job.id } };
  });
}
