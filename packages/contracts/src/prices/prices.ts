import { z } from 'zod';
import { defineCall } from '../http.ts';

/** Where a value came from (the price service's resolution order). */
export const valueSource = z.enum([
  'file',
  'fiat_leg',
  'trade_leg',
  'manual',
  'cache',
  'provider',
  'peg',
  'missing',
]);
export type ValueSourceName = z.infer<typeof valueSource>;

export const currencyResult = z.object({
  /** The provider's coin id (CoinGecko's), or the fiat code. */
  currency_id: z.string(),
  code: z.string(),
  name: z.string(),
  rank: z.number().int().nullable(),
  /** Latest known price in the user's currency, exact; null when the table has none. */
  price: z.string().nullable(),
  icon_url: z.string().nullable(),
});
export type CurrencyResult = z.infer<typeof currencyResult>;

export const searchCurrencies = defineCall({
  method: 'GET',
  path: '/api/imports/v1/currencies/search',
  summary: 'Coins and fiat currencies by code or name (spec 01 §5: debounced 300 ms on the client)',
  tag: 'prices',
  query: z.object({ q: z.string().max(64).default('') }),
  response: z.object({ data: z.array(currencyResult) }),
});

/**
 * One asset's price at an instant. HTTP 300 with `candidates` when the code is ambiguous and
 * neither blockchain nor contract_address decides (spec 01 §8).
 */
export const historicalPrice = defineCall({
  method: 'GET',
  path: '/api/imports/v1/currencies/historical_price',
  summary: 'Price of an asset at a time (USD and the reporting currency), with its source',
  tag: 'prices',
  query: z.object({
    code: z.string().min(1).max(64),
    timestamp: z.string().min(1).max(40),
    blockchain: z.string().max(64).optional(),
    contract_address: z.string().max(128).optional(),
  }),
  response: z.object({
    data: z.object({
      code: z.string(),
      currency_id: z.string().nullable(),
      /** Spec 01 §5: a numeric price_usd; `price` is the exact decimal in `currency`. */
      price_usd: z.number(),
      price_usd_exact: z.string(),
      price: z.string(),
      currency: z.string(),
      source: valueSource,
      origin: z.string(),
      day: z.string(),
    }),
  }),
});

export const ambiguousPrice = z.object({
  status: z.literal('multiple'),
  message: z.string(),
  candidates: z.array(currencyResult),
});

export const priceFile = z.object({
  /** "user:prices.csv" (your own) or "file:prices.csv" (shared, loaded by an admin). */
  origin: z.string(),
  prices: z.number().int(),
  assets: z.number().int(),
  first_day: z.string(),
  last_day: z.string(),
  loaded_at: z.string(),
});

export const listPriceFiles = defineCall({
  method: 'GET',
  path: '/api/prices/files',
  summary: 'Your price files, and which providers and stablecoin pegs the instance uses',
  tag: 'prices',
  response: z.object({
    data: z.object({
      files: z.array(priceFile),
      providers: z.array(z.string()),
      pegs: z.array(z.object({ asset: z.string(), currency: z.string() })),
      can_load_shared: z.boolean(),
    }),
  }),
});

/**
 * POST multipart/form-data: `file` (date,asset,price,currency or CoinGecko's export), `asset`
 * (for CoinGecko's export), `currency` (its vs currency, default USD), `shared` ('true': the
 * instance's table, admins only). All or nothing: row errors come back as a validation error.
 */
export const uploadPriceFile = defineCall({
  method: 'POST',
  path: '/api/prices/files',
  summary: 'Load daily prices from a CSV file (multipart/form-data)',
  tag: 'prices',
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ count: z.number().int(), assets: z.array(z.string()), origin: z.string() }),
  }),
});

export const deletePriceFile = defineCall({
  method: 'DELETE',
  path: '/api/prices/files',
  summary: 'Remove one of your price files',
  tag: 'prices',
  query: z.object({ origin: z.string().min(1).max(200) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

/** How a row is valued, for the list's hover. */
export const rowValue = z.object({
  value: z.string().nullable(),
  currency: z.string(),
  source: valueSource,
  /** "Kraken file value", "CoinGecko daily price (cached)", "USD peg", … */
  label: z.string(),
  /** The price used: asset, price, day, precision. */
  price: z
    .object({
      asset: z.string(),
      price: z.string(),
      day: z.string(),
      precision: z.enum(['exact', 'minute', 'day']),
    })
    .nullable(),
  via: z.array(z.string()),
});
export type RowValue = z.infer<typeof rowValue>;

export const valueSources = defineCall({
  method: 'GET',
  path: '/api/transaction/value_sources',
  summary: "Each row's value in the reporting currency and where it came from",
  tag: 'prices',
  query: z.object({
    ids: z
      .string()
      .max(2400)
      .regex(/^\d+(,\d+){0,199}$/),
  }),
  response: z.object({ data: z.record(z.string(), rowValue) }),
});

export const refetchPrice = defineCall({
  method: 'POST',
  path: '/api/prices/refetch',
  summary: "Ask the providers again for a row's prices (Missing Price → Fetch again)",
  tag: 'prices',
  body: z.object({ transaction_id: z.number().int() }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ value: rowValue, failures: z.array(z.string()), fetched: z.number().int() }),
  }),
});

/**
 * Missing Price → Change token symbol: the row's side in `from` becomes `to` (a coin the
 * currency search found, or the user's own code of 3+ characters). Recorded as an edit, so
 * it survives a re-import and the annotation reset undoes it.
 */
export const changeTokenSymbol = defineCall({
  method: 'POST',
  path: '/api/prices/change_symbol',
  summary: "Change a row's token symbol (Missing Price popover)",
  tag: 'prices',
  body: z.object({
    transaction_id: z.number().int(),
    from: z.string().trim().min(1).max(64),
    to: z
      .string()
      .max(200)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9._-]{1,31}$/, 'to: use letters and digits, 2 to 32 characters'),
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
