import { drillTransaction } from '@lotwise/contracts/transactions/drill';
import {
  getCanRecalculate,
  getGroupUiStatus,
  getGuaCompletionStatus,
  getTxnEditorRevamp,
  getVisibilityFilterStatus,
} from '@lotwise/contracts/transactions/flags';
import { listTransactions, listTransactionsNew } from '@lotwise/contracts/transactions/list-transactions';
import {
  getImportSources,
  getManualExchangesList,
  getMethodList,
} from '@lotwise/contracts/transactions/options';
import { getTransactionStats, getVisibilityStats } from '@lotwise/contracts/transactions/stats';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { drill } from './drill.ts';
import { featureOn } from './feature-flags.ts';
import { sinceCalculation } from './recent-change.ts';
import { loadStatusSource } from './status-source.ts';
import { TransactionsService } from './transactions.service.ts';

export function registerTransactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const service = new TransactionsService(db, ctx.db.dialect);

  authedRoute(app, listTransactions, ({ auth, body }) => service.list(auth.user, body));
  authedRoute(app, listTransactionsNew, ({ auth, body, query }) => service.list(auth.user, body, query.type));

  authedRoute(app, getTransactionStats, async ({ auth, query }) =>
    service.statsRepo.stats(
      auth.user.id,
      query.show_ignored ?? false,
      await loadStatusSource(db, auth.user.id),
    ),
  );
  authedRoute(app, getVisibilityStats, ({ auth }) => service.statsRepo.visibility(auth.user.id));
  authedRoute(app, getMethodList, async ({ auth }) => ({ data: await service.methods(auth.user.id) }));
  authedRoute(app, getImportSources, async ({ auth }) => ({
    data: await service.importSources(auth.user.id),
  }));
  authedRoute(app, getManualExchangesList, async ({ auth }) => {
    const histories = await service.repo.histories(auth.user.id);
    return {
      data: histories.map((h) => ({
        id: h.id,
        name: h.type === 'manual' ? 'Manual' : (h.custom_name ?? h.account_name),
        slug: h.account_slug,
        type: h.type,
      })),
    };
  });

  authedRoute(app, getVisibilityFilterStatus, async ({ query }) => ({ status: featureOn(query.feature) }));
  authedRoute(app, getGroupUiStatus, async () => ({ status: featureOn('group_ui') }));
  authedRoute(app, getTxnEditorRevamp, async () => ({ txn_editor_revamp: featureOn('txn_editor_revamp') }));
  authedRoute(app, getCanRecalculate, async ({ auth }) => {
    const [can, since] = await Promise.all([
      service.canRecalculate(auth.user.id),
      sinceCalculation(db, auth.user.id),
    ]);
    return {
      can_recalculate: can,
      calculated_at: since.calculatedAt,
      imported_since: since.imported,
      changed_since: since.changed,
    };
  });
  authedRoute(app, getGuaCompletionStatus, async ({ auth }) => ({
    gua_completion_status: await service.calculationComplete(auth.user.id),
  }));

  authedRoute(app, drillTransaction, async ({ auth, query }) => {
    const tx = await service.repo.findOne(auth.user.id, query.id);
    if (!tx) throw notFound('Transaction');
    const flow = await drill(db, auth.user.id, query.id);
    return {
      status: 'success' as const,
      data: { transaction_id: query.id, forward: query.forward ?? true, ...flow },
    };
  });
}
