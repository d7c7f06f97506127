import { PAIR_CALLS, PAIR_KINDS } from '@lotwise/contracts/transactions/edit/pairs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context.ts';
import { authedRoute } from '../../../http/route.ts';
import { PairsService } from './pairs.service.ts';

const MARKED: Record<(typeof PAIR_KINDS)[number], string> = {
  self_transfer: 'Self transfer created successfully.',
  switch_trade: 'Switch trade created successfully.',
  swap: 'Rebrand created successfully.',
};

/** Pair dialogs: candidates for the other half and the call joining the two (spec 02 §7). */
export function registerPairRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new PairsService(ctx);
  for (const kind of PAIR_KINDS) {
    const calls = PAIR_CALLS[kind];
    authedRoute(app, calls.candidates, async ({ auth, params }) => ({
      status: 'success' as const,
      data: await service.candidates(auth.user.id, params.id, kind),
    }));
    authedRoute(app, calls.mark, async ({ auth, body }) => ({
      status: 'success' as const,
      message: MARKED[kind],
      data: await service.mark(auth.user, kind, body),
    }));
  }
}
