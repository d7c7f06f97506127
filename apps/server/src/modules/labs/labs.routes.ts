import type { ApiCall } from '@lotwise/contracts/http';
import {
  changeFor,
  createResearchItem,
  deleteResearchItem,
  getLabsDashboard,
  getLabsPrice,
  LABS_CURRENCY,
  LABS_LIMIT_MESSAGE,
  LABS_MAX_ITEMS,
  listLabsDiscover,
  listResearchItems,
  type MarketItem,
} from '@lotwise/contracts/labs/labs';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { discoverPage } from './discover.ts';
import { MarketService } from './market.service.ts';
import { bareItem, byChangeDesc } from './market-figures.ts';
import { mostTransacted } from './most-transacted.ts';
import { gainsIn, priceChart } from './price-page.ts';
import { ResearchRepo } from './research.repo.ts';
import { researchView } from './research-view.ts';

/** Items per Labs list. */
const LIST_SIZE = 10;

/** The calls of this area: customer only (checked before the input is read). */
function labsRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: Parameters<typeof authedRoute<C>>[2],
): void {
  authedRoute(app, call, handler, {
    roles: ['customer'],
    rolesMessage: 'Labs is available to customer accounts.',
  });
}

/** Labs (beta, spec 01 §2/§3/§5/§9): market lists, discover, research items and price pages. */
export function registerLabsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const market = new MarketService(ctx);
  const research = new ResearchRepo(ctx.db.kysely, ctx.db.dialect === 'postgres');
  // Provider requests pages did not wait for end before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all([market.settle(), ctx.prices.background.settle()]);
  });

  labsRoute(app, getLabsDashboard, async ({ auth, query }) => {
    const m = await market.market(auth.user.id);
    const sort = query.sort;
    const moves = m.items
      .filter((i) => changeFor(i, sort) !== null)
      .sort((a, b) =>
        new Decimal(changeFor(b, sort) ?? 0).abs().comparedTo(new Decimal(changeFor(a, sort) ?? 0).abs()),
      );
    const counts = await mostTransacted(ctx.db.kysely, {
      days: ctx.config.labs.mostTransactedDays,
      minUsers: ctx.config.labs.minGroupUsers,
      limit: LIST_SIZE,
    });
    const transacted = [];
    for (const c of counts) {
      const known = m.bySymbol.get(c.asset);
      const item: MarketItem =
        known ?? (await ctx.prices.describe(c.asset).then((d) => bareItem(c.asset, d.name, d.rank)));
      transacted.push({ ...item, transactions: c.transactions });
    }
    return {
      status: 'success' as const,
      currency: LABS_CURRENCY,
      sort,
      market: m.status,
      trending: (m.trending ?? moves).slice(0, LIST_SIZE),
      trending_basis: m.trending ? ('provider' as const) : ('largest_moves' as const),
      biggestGainers: m.items
        .filter((i) => {
          const c = changeFor(i, sort);
          return c !== null && new Decimal(c).isPositive() && !new Decimal(c).isZero();
        })
        .sort(byChangeDesc(sort))
        .slice(0, LIST_SIZE),
      mostTransacted: transacted,
      most_transacted_days: ctx.config.labs.mostTransactedDays,
      most_transacted_min_users: ctx.config.labs.minGroupUsers,
    };
  });

  labsRoute(app, listLabsDiscover, async ({ auth, query }) => {
    const m = await market.market(auth.user.id);
    return { status: 'success' as const, ...(await discoverPage(ctx, auth.user, m, query)) };
  });

  labsRoute(app, listResearchItems, async ({ auth, query }) => {
    const [m, items] = await Promise.all([market.market(auth.user.id), research.list(auth.user.id)]);
    return {
      status: 'success' as const,
      currency: LABS_CURRENCY,
      sort: query.sort,
      market: m.status,
      max_items: LABS_MAX_ITEMS,
      items: items.map((item) => researchView(item, m, query.sort)),
    };
  });

  labsRoute(app, createResearchItem, async ({ auth, body }) => {
    const id = await research.add(auth.user.id, body, LABS_MAX_ITEMS);
    if (id === null) throw new AppError('conflict', LABS_LIMIT_MESSAGE);
    return { status: 'success' as const, id };
  });

  labsRoute(app, deleteResearchItem, async ({ auth, params }) => {
    if (!(await research.remove(auth.user.id, params.id))) throw notFound('Research item');
    return { status: 'success' as const };
  });

  labsRoute(app, getLabsPrice, async ({ auth, params, query }) => {
    const asset = params.id.toUpperCase();
    if (ctx.prices.isFiat(asset)) throw notFound(`Asset ${asset}`);
    const m = await market.market(auth.user.id);
    const known = m.bySymbol.get(asset);
    const described = known ? null : await ctx.prices.describe(asset);
    const item: MarketItem = known ?? bareItem(asset, described?.name ?? asset, described?.rank ?? null);
    const latestDay = known?.price ? await latestTableDay(ctx, auth.user.id, asset) : null;
    const [chart, gains] = await Promise.all([
      priceChart(ctx, auth.user, asset, query.range, latestDay),
      gainsIn(ctx, auth.user, asset),
    ]);
    // A coin the catalogue knows is found even with no prices yet (the chart says how to add them).
    const unknownCoin = !known && described?.coinId === null;
    if (unknownCoin && chart.points.length === 0 && gains.holding === null && chart.trades.length === 0)
      throw notFound(`Asset ${asset}`);
    return {
      status: 'success' as const,
      currency: LABS_CURRENCY,
      market: m.status,
      asset: item,
      range: query.range,
      points: chart.points,
      chart_note: chart.note,
      chart_pending: chart.pending,
      trades: chart.trades,
      gains,
    };
  });
}

async function latestTableDay(ctx: AppContext, userId: number, asset: string): Promise<string | null> {
  const days = await ctx.prices.repo.latestDays([asset], userId, new Date().toISOString().slice(0, 10));
  return days.get(asset) ?? null;
}
