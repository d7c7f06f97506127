import { finishOauth, listOauthProviders, revokeOauth, startOauth } from '@lotwise/contracts/oauth/oauth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';
import { loadSecretKey, SecretBox } from '../../shared/secret-box.ts';
import { importHistory } from '../imports/import-history.service.ts';
import { importFileJob } from '../imports/imports.service.ts';
import { OauthRepo } from './oauth.repo.ts';
import { OauthService } from './oauth.service.ts';
import { oauthImportJob } from './oauth-import.job.ts';

/** Consents and code exchanges per signed-in user: a person connects a handful of accounts. */
const perUser = (request: FastifyRequest) => `oauth:${request.auth?.user.id ?? request.ip}`;
const LIMIT = { max: 30, timeWindow: '15 minutes', key: perUser };

/** Exchanges connected by signing in there (issue 33): "Connect with Coinbase". */
export function registerOauthRoutes(app: FastifyInstance, ctx: AppContext): OauthService {
  const imports = importHistory(ctx.db.kysely);
  const box = new SecretBox(loadSecretKey({ envKey: ctx.config.secretKey, dataDir: ctx.config.dataDir }));
  const service = new OauthService(ctx, new OauthRepo(ctx.db.kysely), box);
  ctx.jobs.register('import.oauth', oauthImportJob(ctx, imports, service, importFileJob(ctx)));

  authedRoute(app, listOauthProviders, async () => ({
    data: service.providers().map((p) => ({ id: p.id, name: p.name })),
  }));

  authedRoute(
    app,
    startOauth,
    async ({ auth, params, body }) => ({
      data: { authorization_url: await service.start(auth, params.provider, body.custom_name) },
    }),
    { rateLimit: LIMIT },
  );

  authedRoute(
    app,
    finishOauth,
    async ({ auth, params, body }) => {
      const done = await service.finish(auth, params.provider, body);
      return {
        status: 'success' as const,
        message: done.message,
        data: { import_history_id: done.historyId, job_id: done.jobId },
      };
    },
    { rateLimit: LIMIT },
  );

  authedRoute(app, revokeOauth, async ({ auth, params }) => ({
    status: 'success' as const,
    message: await service.revoke(auth.user.id, params.id),
  }));
  return service;
}
