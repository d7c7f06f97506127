import { z } from 'zod';
import { defineCall } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';

/** spec 01 §5/§9: Labs keeps at most 6 research items per user. */
export const LABS_MAX_ITEMS = 6;
export const LABS_LIMIT_MESSAGE = 'Maximum limit reached. Delete existing to add new.';
/** Labs shows market prices in US dollars (the providers' common quote). */
export const LABS_CURRENCY = 'USD';

/** spec 01 §3/§9: the Labs sort; 24 Hours (percentage_change_1_day) is the default. */
export const labsSort = z.enum([
  'percentage_change_1_day',
  'percentage_change_7_days',
  'percentage_change_30_days',
]);
export type LabsSort = z.infer<typeof labsSort>;
export const LABS_DEFAULT_SORT: LabsSort = 'percentage_change_1_day';
export const LABS_SORT_LABELS: Record<LabsSort, { long: string; short: string }> = {
  percentage_change_1_day: { long: '24 Hours', short: '24H' },
  percentage_change_7_days: { long: '7 Days', short: '7D' },
  percentage_change_30_days: { long: '30 Days', short: '30D' },
};

/**
 * Where the market figures come from and how fresh they are: a provider's market list (kept
 * as a snapshot), this instance's own price table, or nothing. `message` says plainly when the
 * data is older than a day, came from the last snapshot because the provider failed, or is absent.
 */
export const marketStatus = z.object({
  source: z.enum(['provider', 'snapshot', 'price_table', 'none']),
  /** "CoinGecko", "your price table". */
  origin: z.string().nullable(),
  /** When the figures are from (ISO timestamp or YYYY-MM-DD); null when there are none. */
  as_of: z.string().nullable(),
  /** Older than a day. */
  stale: z.boolean(),
  /** The provider is being asked in the background (not waited for): the page asks again shortly. */
  pending: z.boolean(),
  message: z.string().nullable(),
});
export type MarketStatus = z.infer<typeof marketStatus>;

/** One asset's market figures. Prices and changes are decimal strings (changes in percent). */
export const marketItem = z.object({
  /** The asset code used across Lotwise (and in /labs/price/{id}). */
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  rank: z.number().int().nullable(),
  price: z.string().nullable(),
  market_cap: z.string().nullable(),
  change_1d: z.string().nullable(),
  change_7d: z.string().nullable(),
  change_30d: z.string().nullable(),
  /** Prices over the last 7 days, oldest first (empty when unknown). */
  sparkline: z.array(z.string()),
});
export type MarketItem = z.infer<typeof marketItem>;

/** The change an item shows for the chosen sort period (server ranking and the pages alike). */
export function changeFor(item: MarketItem, sort: LabsSort): string | null {
  if (sort === 'percentage_change_7_days') return item.change_7d;
  if (sort === 'percentage_change_30_days') return item.change_30d;
  return item.change_1d;
}

export const mostTransactedItem = marketItem.extend({
  /** Transactions of the asset on this instance over the window (only groups of enough users). */
  transactions: z.number().int(),
});
export type MostTransactedItem = z.infer<typeof mostTransactedItem>;

/** GET /api/labs/dashboard: the three lists (spec 01 §3: trending, biggestGainers, mostTransacted). */
export const getLabsDashboard = defineCall({
  method: 'GET',
  path: '/api/labs/dashboard',
  summary: 'Labs market lists: trending, biggest gainers and most transacted on this instance',
  tag: 'labs',
  query: z.object({ sort: labsSort.default(LABS_DEFAULT_SORT) }),
  response: z.object({
    status: z.literal('success'),
    currency: z.string(),
    sort: labsSort,
    market: marketStatus,
    trending: z.array(marketItem),
    /** The provider's trending list, or (without one) the largest moves over the sort period. */
    trending_basis: z.enum(['provider', 'largest_moves']),
    biggestGainers: z.array(marketItem),
    mostTransacted: z.array(mostTransactedItem),
    /** Days the most-transacted count covers, and the fewest users an asset needs to be listed. */
    most_transacted_days: z.number().int(),
    most_transacted_min_users: z.number().int(),
  }),
});

/** The user's own position in an asset (from the latest complete tax calculation). */
export const labsHolding = z.object({
  quantity: z.string(),
  /** Null (unknown, never $0.00) when a lot held was bought without a price. */
  cost_basis: z.string().nullable(),
  market_value: z.string().nullable(),
  unrealised_gain: z.string().nullable(),
});
export type LabsHolding = z.infer<typeof labsHolding>;

export const discoverItem = marketItem.extend({ holding: labsHolding.nullable() });
export type DiscoverItem = z.infer<typeof discoverItem>;

export const DISCOVER_PAGE_SIZES = [20, 50, 100] as const;

export const discoverQuery = z.object({
  q: z.string().trim().max(60).optional(),
  /** Only assets the user holds. */
  held: z.enum(['true', 'false']).optional(),
  page: pageNumber.default(1),
  per_page: wholeNumber(1, 100).default(20),
});

/** GET /api/labs/discover: search and browse assets, with the user's own holdings of each. */
export const listLabsDiscover = defineCall({
  method: 'GET',
  path: '/api/labs/discover',
  summary: 'Labs discover: assets by rank with price, market cap and the user’s holdings of each',
  tag: 'labs',
  query: discoverQuery,
  response: z.object({
    status: z.literal('success'),
    currency: z.string(),
    /** The currency the holding figures are in (the user's reporting currency). */
    holding_currency: z.string(),
    market: marketStatus,
    items: z.array(discoverItem),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
});

/** A research item: one asset, or a small watch portfolio of assets with quantities. */
export const researchPosition = z.object({
  asset: z.string().trim().min(1).max(20),
  quantity: z
    .string()
    .trim()
    .max(60)
    .regex(/^\d+(\.\d+)?$/, 'Enter a quantity like 1.5')
    .refine((q) => Number(q) > 0, 'The quantity must be more than 0'),
});

export const createResearchBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asset'), asset: z.string().trim().min(1).max(20) }),
  z.object({
    kind: z.literal('portfolio'),
    name: z.string().trim().min(1, 'Give the portfolio a name').max(60),
    positions: z.array(researchPosition).min(1, 'Add at least one asset').max(10, 'At most 10 assets'),
  }),
]);
export type CreateResearchBody = z.infer<typeof createResearchBody>;

export const researchItem = z.object({
  id: z.number().int(),
  kind: z.enum(['asset', 'portfolio']),
  name: z.string(),
  created_at: z.string(),
  /** For an asset: its market figures; for a portfolio: each position's. */
  positions: z.array(
    z.object({
      asset: z.string(),
      /** '1' for an asset item. */
      quantity: z.string(),
      market: marketItem.nullable(),
      value: z.string().nullable(),
    }),
  ),
  /** Σ quantity × price; null when a price is unknown. */
  value: z.string().nullable(),
  /** The value's change over the sort period, in percent; null when unknown. */
  change: z.string().nullable(),
});
export type ResearchItem = z.infer<typeof researchItem>;

const researchList = z.object({
  status: z.literal('success'),
  currency: z.string(),
  sort: labsSort,
  market: marketStatus,
  max_items: z.number().int(),
  items: z.array(researchItem),
});

export const listResearchItems = defineCall({
  method: 'GET',
  path: '/api/labs/research_portfolios',
  summary: 'The user’s research items (at most 6) with market figures',
  tag: 'labs',
  query: z.object({ sort: labsSort.default(LABS_DEFAULT_SORT) }),
  response: researchList,
});

export const createResearchItem = defineCall({
  method: 'POST',
  path: '/api/labs/research_portfolios',
  summary: 'Adds a research item; the seventh is refused with the spec’s message',
  tag: 'labs',
  body: createResearchBody,
  response: z.object({ status: z.literal('success'), id: z.number().int() }),
});

export const deleteResearchItem = defineCall({
  method: 'DELETE',
  path: '/api/labs/research_portfolios/:id',
  summary: 'Deletes one of the user’s research items',
  tag: 'labs',
  params: z.object({ id: recordId }),
  response: z.object({ status: z.literal('success') }),
});

export const priceRange = z.enum(['1D', '7D', '1M', '1Y', 'ALL']);
export type PriceRange = z.infer<typeof priceRange>;

/** One of the user's buys or sells of the asset, to mark on the chart. */
export const chartTrade = z.object({
  transaction_id: z.number().int(),
  timestamp: z.string(),
  side: z.enum(['buy', 'sell']),
  amount: z.string(),
  /** USD per unit: the row's own value when it has one, else the chart's price that day. */
  price: z.string().nullable(),
});
export type ChartTrade = z.infer<typeof chartTrade>;

/** GET /api/labs/price/{id}: an asset's price chart with the user's trades and gains. */
export const getLabsPrice = defineCall({
  method: 'GET',
  path: '/api/labs/price/:id',
  summary: 'Labs price page: price history over a range, the user’s trades and gains in the asset',
  tag: 'labs',
  params: z.object({ id: z.string().trim().min(1).max(20) }),
  query: z.object({ range: priceRange.default('1M') }),
  response: z.object({
    status: z.literal('success'),
    currency: z.string(),
    market: marketStatus,
    asset: marketItem,
    range: priceRange,
    /** [ISO timestamp, USD price] oldest first; daily points except 1D with a provider. */
    points: z.array(z.tuple([z.string(), z.string()])),
    /** Why the chart is thin or empty, in words (null when it is whole). */
    chart_note: z.string().nullable(),
    /** A provider is being asked in the background for the range's missing prices: ask again shortly. */
    chart_pending: z.boolean(),
    trades: z.array(chartTrade),
    /** Gains in the user's reporting currency, from the latest complete calculation. */
    gains: z.object({
      currency: z.string(),
      calculated_at: z.string().nullable(),
      /** Null before a calculation, or when a sale of the asset rests on a missing price (see unknown_note). */
      realised: z.string().nullable(),
      holding: labsHolding.nullable(),
      /** Why a figure shows as Unknown (a missing price under it); null when every figure is known. */
      unknown_note: z.string().nullable(),
    }),
  }),
});
