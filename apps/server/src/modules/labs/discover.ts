import type { DiscoverItem, LabsHolding } from '@lotwise/contracts/labs/labs';
import { LABS_CURRENCY } from '@lotwise/contracts/labs/labs';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { pageMeta } from '../../http/paging.ts';
import { buildRows, groupLots, userSnapshot } from '../holdings/holdings.service.ts';
import type { Market } from './market.service.ts';
import { bareItem, byRank } from './market-figures.ts';

export interface DiscoverQuery {
  q?: string | undefined;
  held?: 'true' | 'false' | undefined;
  page: number;
  per_page: number;
}

/**
 * /labs/discover: every asset with market figures plus every asset the user holds (even
 * without figures), by rank; searched by symbol or name; each with the user's position from
 * the latest complete calculation.
 */
export async function discoverPage(ctx: AppContext, user: UserRow, market: Market, query: DiscoverQuery) {
  const snap = await userSnapshot(ctx, user);
  const { rows } = buildRows(groupLots(snap.lots, false), snap.prices, snap.accountIds);
  const holdings = new Map<string, LabsHolding>(
    rows.map((r) => [
      r.asset,
      {
        quantity: r.quantity,
        cost_basis: r.cost_basis,
        market_value: r.market_value,
        unrealised_gain: r.unrealised_gain,
      },
    ]),
  );
  const all: DiscoverItem[] = market.items.map((item) => ({
    ...item,
    holding: holdings.get(item.symbol) ?? null,
  }));
  for (const [asset, holding] of holdings) {
    if (market.bySymbol.has(asset) || ctx.prices.isFiat(asset)) continue;
    const { name, rank } = await ctx.prices.describe(asset);
    all.push({ ...bareItem(asset, name, rank), holding });
  }
  all.sort(byRank);
  const q = query.q?.toLowerCase() ?? '';
  const found = all.filter(
    (i) =>
      (q === '' || i.symbol.toLowerCase().includes(q) || i.name.toLowerCase().includes(q)) &&
      (query.held !== 'true' || i.holding !== null),
  );
  // An exact symbol match first: "eth" finds Ethereum before the tokens named after it.
  if (q) found.sort((a, b) => Number(b.symbol.toLowerCase() === q) - Number(a.symbol.toLowerCase() === q));
  const totalPages = Math.max(1, Math.ceil(found.length / query.per_page));
  const page = Math.min(query.page, totalPages);
  return {
    currency: LABS_CURRENCY,
    holding_currency: snap.currency,
    market: market.status,
    items: found.slice((page - 1) * query.per_page, page * query.per_page),
    meta: pageMeta(page, query.per_page, found.length),
  };
}
