import { z } from 'zod';
import { defineCall, flag } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';

/** Page sizes offered by the holdings table (spec 01 §9: the shared constant; 20 first). */
export const HOLDINGS_PAGE_SIZES = [20, 30, 50, 100] as const;
export const HOLDINGS_DEFAULT_PAGE_SIZE = 20;
/** spec 01 §9: "Default holding currency USD". */
export const DEFAULT_HOLDING_CURRENCY = 'USD';

/**
 * Where a market value comes from: the newest of the price table's latest price (a provider,
 * a price file, a peg) and the user's latest transaction of the asset with a fiat value.
 */
export const priceSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('latest_transaction'),
    /** ISO timestamp of the transaction the unit price was taken from. */
    date: z.string(),
    transaction_id: z.number().int(),
  }),
  z.object({
    kind: z.literal('price_table'),
    /** The day (YYYY-MM-DD) of the price. */
    date: z.string(),
    /** "CoinGecko", "your price file prices.csv", "USD peg", … */
    origin: z.string(),
  }),
]);
export type PriceSource = z.infer<typeof priceSource>;

/** One asset (by_account=false) or one asset in one account (is_source=true). Decimal strings. */
export const holdingRow = z.object({
  asset: z.string(),
  /** The account (import history) id, when the wallet still matches an account's name. */
  account_id: z.number().int().nullable(),
  /** The wallet name of the calculation; null when rows are per asset across accounts. */
  account: z.string().nullable(),
  quantity: z.string(),
  /** Null (unknown, never $0.00) when a lot was acquired by a transaction without a price. */
  cost_basis: z.string().nullable(),
  unit_price: z.string().nullable(),
  market_value: z.string().nullable(),
  unrealised_gain: z.string().nullable(),
  price_source: priceSource.nullable(),
  lots: z.number().int(),
  /** Lots acquired by a transaction with a missing price: the cost basis (and gain) are unknown. */
  basis_unknown_lots: z.number().int(),
});
export type HoldingRow = z.infer<typeof holdingRow>;

const holdingsMeta = {
  status: z.literal('success'),
  currency: z.string(),
  /** A tax calculation of the user is queued or running: the numbers are about to change. */
  holding_in_progress: z.boolean(),
  /** When the calculation the holdings come from finished; null: none has finished yet. */
  calculated_at: z.string().nullable(),
  /** Transactions or settings changed since that calculation. */
  stale: z.boolean(),
};

export const listHoldingsQuery = z.object({
  page: pageNumber.default(1),
  per_page: wholeNumber(1, 100).default(HOLDINGS_DEFAULT_PAGE_SIZE),
  /** An account (import history) id: only what that account holds. */
  account: recordId.optional(),
});

export const listHoldingsBody = z.object({
  /** Rows per asset and account (true) or per asset across accounts (false, the default). */
  is_source: flag.optional(),
  /** Accepted for compatibility with the original client; it has no effect here. */
  custom_csv: flag.optional(),
});

/** spec 01 §3 "Holdings response: status, currency, holding_in_progress, data …". */
export const listHoldings = defineCall({
  method: 'POST',
  path: '/api/users/crypto_assets',
  summary: 'Open holdings of the latest tax calculation, per asset or per asset and account',
  tag: 'holdings',
  query: listHoldingsQuery,
  body: listHoldingsBody,
  response: z.object({
    ...holdingsMeta,
    data: z.object({
      holdings: z.array(holdingRow),
      /** How many rows there are over all pages. */
      assets_total: z.number().int(),
      /** The account filter applied, if any. */
      group_id: z.number().int().nullable(),
      /** Market value of every row with a known price (all pages). */
      total_holdings: z.string(),
    }),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
});

export const getHoldingInProgress = defineCall({
  method: 'GET',
  path: '/api/users/crypto_assets/holding_in_progress',
  summary: 'Whether a tax calculation (and so new holdings) is queued or running',
  tag: 'holdings',
  response: z.object({ status: z.literal('success'), holding_in_progress: z.boolean() }),
});

export const allocationSlice = z.object({
  asset: z.string(),
  market_value: z.string(),
  /** Share of the priced total in percent, 2 decimals. */
  percent: z.string(),
});

export const unrealisedYear = z.object({
  /** The year the lots were acquired. */
  year: z.number().int(),
  cost_basis: z.string(),
  market_value: z.string(),
  unrealised_gain: z.string(),
});

export const holdingTotals = z.object({
  /** Null (unknown) when an asset held has a lot bought without a price (basis_unknown_assets). */
  total_cost_basis: z.string().nullable(),
  /** Sum over priced assets only. */
  total_market_value: z.string(),
  /** Market value minus cost basis of the priced assets whose cost basis is known. */
  unrealised_gain: z.string(),
  /** Cost basis of the priced assets whose cost basis is known (what unrealised_gain is measured against). */
  priced_cost_basis: z.string(),
  assets_count: z.number().int(),
  unpriced_assets: z.array(z.string()),
  /** Assets with a lot acquired by a transaction with a missing price: their cost basis is unknown. */
  basis_unknown_assets: z.array(z.string()),
  allocation: z.array(allocationSlice),
  unrealised_by_year: z.array(unrealisedYear),
});
export type HoldingTotals = z.infer<typeof holdingTotals>;

/** spec 01 §7 "POST total holdings with all:true (path: not shown)". */
export const getTotalHoldings = defineCall({
  method: 'POST',
  path: '/api/users/crypto_assets/total_holdings',
  summary: 'Portfolio totals, allocation by asset and unrealised gain by acquisition year',
  tag: 'holdings',
  body: z.object({
    /** true: every account (the account filter is ignored). */
    all: flag.optional(),
    account: z.number().int().positive().optional(),
  }),
  response: z.object({ ...holdingsMeta, data: holdingTotals }),
});
