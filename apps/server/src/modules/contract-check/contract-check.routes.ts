import { checkSmartContract } from '@lotwise/contracts/imports/check-smart-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';
import { checkAddress } from './contract-check.service.ts';

/** Each check asks the explorer: a person adding wallets asks a few times a minute at most. */
const perUser = (request: FastifyRequest) => `contract-check:${request.auth?.user.id ?? request.ip}`;

/** `POST /api/check_smart_contract` (issue 33): said before a wallet is saved by address. */
export function registerContractCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  authedRoute(
    app,
    checkSmartContract,
    async ({ body }) => ({
      status: 'success' as const,
      data: await checkAddress(ctx.config, body.coin, body.address),
    }),
    { rateLimit: { max: 60, timeWindow: '1 minute', key: perUser } },
  );
}
