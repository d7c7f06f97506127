import {
  ANNOTATION_RESET_MESSAGE,
  DELETED_MESSAGE,
  deleteTransactions,
  resetAnnotationHistory,
  toggleIgnore,
  updateTransactionType,
  updateTransactionTypeLink,
} from '@lotwise/contracts/transactions/edit/calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context.ts';
import { refuseGetLink } from '../../../http/get-link.ts';
import { authedRoute } from '../../../http/route.ts';
import { resetAnnotations } from '../annotations/annotations.repo.ts';
import { registerExchangeRoutes } from '../pairs/exchanges.routes.ts';
import { registerPairRoutes } from '../pairs/pairs.routes.ts';
import { EditService } from './edit.service.ts';

/** Row-menu changes (spec 02 §3–§8): user-defined types, ignore, delete, annotation reset. */
export function registerTransactionEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const service = new EditService(db);
  registerPairRoutes(app, ctx);
  registerExchangeRoutes(app, ctx);

  authedRoute(app, updateTransactionType, async ({ auth, params }) => ({
    status: 'success' as const,
    message: 'Transaction updated.',
    data: await service.updateType(auth.user.id, params.id, params.type),
  }));
  refuseGetLink(app, updateTransactionTypeLink, updateTransactionType);

  authedRoute(app, toggleIgnore, async ({ auth, body }) => {
    const count = await service.toggleIgnore(auth.user.id, body.ids, body.is_ignore);
    const action = body.is_ignore ? 'ignore' : 'enable';
    return { status: 'success' as const, message: `Bulk ${action} successful`, data: { count } };
  });

  authedRoute(app, deleteTransactions, async ({ auth, body }) => ({
    status: 'success' as const,
    message: DELETED_MESSAGE,
    data: { count: await service.deleteManual(auth.user.id, body.ids) },
  }));

  authedRoute(app, resetAnnotationHistory, async ({ auth, query }) => {
    await service.assertAccount(auth.user.id, query.eid);
    const count = await resetAnnotations(db, auth.user.id, query.eid);
    return { status: 'success' as const, message: ANNOTATION_RESET_MESSAGE, data: { count } };
  });
}
