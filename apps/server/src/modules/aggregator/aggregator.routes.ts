import { processAggregator } from '@lotwise/contracts/users/aggregator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';
import { loadSecretKey, SecretBox } from '../../shared/secret-box.ts';
import { importHistory } from '../imports/import-history.service.ts';
import { walletStores } from '../wallets/wallets.service.ts';
import { processHandoff } from './aggregator.service.ts';

/** Each try asks the partner: codes are not to be guessed by the thousand. */
const perUser = (request: FastifyRequest) => `aggregator:${request.auth?.user.id ?? request.ip}`;

/** `POST /api/users/process_aggregator` (issue 33): a partner's hand-over, when one is configured. */
export function registerAggregatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = {
    imports: importHistory(ctx.db.kysely),
    ...walletStores(ctx.db.kysely),
    box: new SecretBox(loadSecretKey({ envKey: ctx.config.secretKey, dataDir: ctx.config.dataDir })),
  };
  authedRoute(
    app,
    processAggregator,
    async ({ auth, body }) => {
      const done = await processHandoff(ctx, deps, auth.user, body.aggregator_params.aggcode);
      return { status: 'success' as const, message: done.message, data: done.result };
    },
    { rateLimit: { max: 10, timeWindow: '15 minutes', key: perUser } },
  );
}
