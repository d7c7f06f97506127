/**
 * Public types of the price service: what a value is, where it came from and how precise it
 * is. Every price is a decimal string (one unit of `asset` in `quote`), never a float.
 */

/**
 * Where a row's value (or a price) came from, in the order the resolver tries them:
 * the row's own fiat value, its fiat leg, the other leg of a trade, the user's own price,
 * the local price table, a provider asked during this resolution, a stablecoin's peg.
 */
export type ValueSource =
  | 'file'
  | 'fiat_leg'
  | 'trade_leg'
  | 'manual'
  | 'cache'
  | 'provider'
  | 'peg'
  | 'missing';

/** How finely a price is dated: the row's own figure, a minute's price or a day's. */
export type Precision = 'exact' | 'minute' | 'day';

/** One stored price: `price` of one `asset` in `quote` on `day` (or at `day`T`minute`, UTC). */
export interface StoredPrice {
  asset: string;
  /** Chain and contract of a token when known (identity beyond the code); '' when not. */
  chain?: string;
  contract?: string;
  /** The provider's own id (CoinGecko coin id), when fetched from one. */
  providerId?: string | null;
  day: string;
  /** HH:MM (UTC) for a minute's price; null for the day's. */
  minute?: string | null;
  quote: string;
  price: string;
  /** Who gave it: 'coingecko', 'bitstamp', 'ecb', 'file:prices.csv', 'user:prices.csv'. */
  origin: string;
  /** Set for a user's own prices (they win over the shared table, and only for that user). */
  userId?: number | null;
}

/** A price as the resolver answers it. */
export interface PriceAnswer {
  price: string;
  source: ValueSource;
  origin: string;
  precision: Precision;
  /** The day the price (or its first step) is for. */
  day: string;
  /** Conversions applied on the way, e.g. "USD→GBP 0.7871 (ecb 2024-02-02)". */
  via: string[];
}

/** A day (and optionally an instant) an asset needs a price for. */
export interface PriceNeed {
  asset: string;
  day: string;
  /** "chain:contract" when the row names the token: it decides which coin the symbol means. */
  contract?: string;
  /**
   * Needed only when this fiat currency has no rate that day: the crypto leg of a row valued
   * in that currency, priced when its own value cannot be converted.
   */
  unless?: string;
}

/** A provider that did not answer: the user sees `message`; the rows stay missing. */
export interface ProviderFailure {
  provider: string;
  message: string;
}
