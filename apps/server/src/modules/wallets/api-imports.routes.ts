import { resyncAccount, saveApiImport } from '@lotwise/contracts/imports/api-imports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { appImportFileJob } from '../imports/import-file.job.ts';
import { ImportsRepo } from '../imports/imports.repo.ts';
import { OauthRepo } from '../oauth/oauth.repo.ts';
import { apiImportJob } from './api-import.job.ts';
import { CredentialsRepo } from './credentials.repo.ts';
import { loadSecretKey, SecretBox } from './secret-box.ts';
import { accountFamily, exchangeSource } from './sources/exchange-sources.ts';
import { sourceMessage } from './sources/source-error.ts';
import { WalletConnectionsRepo } from './wallet-connections.repo.ts';

/** Connected exchange accounts (issue 18): connect by read-only API key; resync them and wallets. */
export function registerApiImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ImportsRepo(ctx.db.kysely);
  const credentials = new CredentialsRepo(ctx.db.kysely);
  const wallets = new WalletConnectionsRepo(ctx.db.kysely);
  const oauthConnections = new OauthRepo(ctx.db.kysely);
  const box = new SecretBox(loadSecretKey({ envKey: ctx.config.secretKey, dataDir: ctx.config.dataDir }));
  ctx.jobs.register('import.api', apiImportJob(ctx, repo, credentials, box, appImportFileJob(ctx, repo)));

  authedRoute(app, saveApiImport, async ({ auth, body }) => {
    const source = exchangeSource(body.exchange);
    if (!source) throw new AppError('validation_failed', `${body.exchange} cannot be connected by API key`);
    const passphrase = body.passphrase?.trim() ?? '';
    if (!body.api_key.trim() || !body.secret.trim() || (source.passphrase && !passphrase)) {
      const field = !body.api_key.trim() ? 'api_key' : !body.secret.trim() ? 'secret' : 'passphrase';
      throw new AppError('validation_failed', sourceMessage(source.name, 'missing_key'), { field });
    }
    const family = accountFamily(source);
    // The same key again is the account already connected with it: import it again, never a second account.
    const apiKey = body.api_key.trim();
    const known = (await credentials.ofExchange(auth.user.id, body.exchange)).find(
      (c) => box.open(c.key_sealed) === apiKey,
    );
    if (known) {
      await credentials.replaceSecrets(
        known.id,
        box.seal(body.secret.trim()),
        source.passphrase && passphrase ? box.seal(passphrase) : null,
      );
      const job = await ctx.jobs.enqueue('import.api', auth.user.id, { historyId: known.import_history_id });
      return {
        status: 'success' as const,
        message: `${family.name} is already connected with this key: importing its history again`,
        data: { import_history_id: known.import_history_id, job_id: job.id },
      };
    }
    const history = await repo.createHistory({
      userId: auth.user.id,
      name: family.name,
      slug: family.slug,
      type: 'api',
      customName: body.custom_name || null,
      usBased: body.us_based ?? family.usBased,
      walletAddress: null,
    });
    await credentials.save({
      userId: auth.user.id,
      historyId: history.id,
      exchange: body.exchange,
      keySealed: box.seal(body.api_key.trim()),
      secretSealed: box.seal(body.secret.trim()),
      passphraseSealed: source.passphrase && passphrase ? box.seal(passphrase) : null,
    });
    const job = await ctx.jobs.enqueue('import.api', auth.user.id, { historyId: history.id });
    return {
      status: 'success' as const,
      message: `${family.name} connected: importing its history`,
      data: { import_history_id: history.id, job_id: job.id },
    };
  });

  authedRoute(app, resyncAccount, async ({ auth, body }) => {
    const history = await repo.findHistory(auth.user.id, body.import_history_id);
    const cred = history ? await credentials.find(auth.user.id, history.id) : undefined;
    const oauth = history && !cred ? await oauthConnections.find(auth.user.id, history.id) : undefined;
    const wallet = history && !cred && !oauth ? await wallets.find(auth.user.id, history.id) : undefined;
    if (!history || (!cred && !oauth && !wallet)) throw notFound('Account not found');
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
