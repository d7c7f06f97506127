import {
  UPDATE_SUCCESS_MESSAGE,
  updateTransaction,
  updateTransactionV5,
} from '@lotwise/contracts/transactions/edit/update';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context.ts';
import { authedRoute } from '../../../http/route.ts';
import { UpdateService } from './update.service.ts';

/** The edit dialog's two saves: legacy (/transaction/update) and revamped (/transaction/updatev5). */
export function registerTransactionUpdateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new UpdateService(ctx.db.kysely, ctx);
  for (const [call, editor] of [
    [updateTransaction, 'legacy'],
    [updateTransactionV5, 'v5'],
  ] as const) {
    authedRoute(app, call, async ({ auth, body }) => ({
      status: 'success' as const,
      message: [UPDATE_SUCCESS_MESSAGE],
      data: { updated_rows: await service.update(auth.user, body, editor) },
    }));
  }
}
