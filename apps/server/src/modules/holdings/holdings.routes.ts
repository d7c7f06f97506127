import { getHoldingInProgress, getTotalHoldings, listHoldings } from '@lotwise/contracts/holdings/holdings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';
import { buildRows, groupLots, totalsOf } from './holdings.aggregate.ts';
import { HoldingsRepo } from './holdings.repo.ts';
import { loadSnapshot } from './holdings.service.ts';

/** Holdings (spec 01 §3, §7): open lots of the latest complete calculation, valued where a price is known. */
export function registerHoldingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new HoldingsRepo(ctx.db.kysely);

  authedRoute(app, listHoldings, async ({ auth, query, body }) => {
    const snap = await loadSnapshot(ctx, repo, auth.user, query.account);
    const groups = groupLots(snap.lots, body.is_source ?? false);
    const { rows, totalMarket } = buildRows(groups, snap.prices, snap.accountIds);
    const totalPages = Math.max(1, Math.ceil(rows.length / query.per_page));
    const start = (query.page - 1) * query.per_page;
    return {
      status: 'success' as const,
      currency: snap.currency,
      holding_in_progress: snap.holdingInProgress,
      calculated_at: snap.calculatedAt,
      stale: snap.stale,
      data: {
        holdings: rows.slice(start, start + query.per_page),
        assets_total: rows.length,
        group_id: query.account ?? null,
        total_holdings: totalMarket,
      },
      meta: {
        current_page: query.page,
        per_page: query.per_page,
        total_count: rows.length,
        total_pages: totalPages,
      },
    };
  });

  authedRoute(app, getHoldingInProgress, async ({ auth }) => ({
    status: 'success' as const,
    holding_in_progress: await repo.inProgress(auth.user.id),
  }));

  authedRoute(app, getTotalHoldings, async ({ auth, body }) => {
    const account = body.all ? undefined : body.account;
    const snap = await loadSnapshot(ctx, repo, auth.user, account);
    return {
      status: 'success' as const,
      currency: snap.currency,
      holding_in_progress: snap.holdingInProgress,
      calculated_at: snap.calculatedAt,
      stale: snap.stale,
      data: totalsOf(snap.lots, snap.prices),
    };
  });
}
