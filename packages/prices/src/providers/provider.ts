import type { StoredPrice } from '../types.ts';
import type { CircuitBreaker } from './breaker.ts';

/** A coin as a provider knows it: its id there, symbol, name and market-cap rank. */
export interface CoinRef {
  /** The provider's id (CoinGecko's "bitcoin"). */
  id: string;
  symbol: string;
  name: string;
  /** Market-cap rank; lower is bigger; null when unranked. */
  rank: number | null;
  /** Contract address per chain slug ("ethereum" → "0x…"), for tokens. */
  platforms?: Record<string, string>;
  iconUrl?: string | null;
}

/** One day's price from a provider. */
export interface DailyPoint {
  day: string;
  price: string;
}

export { ProviderError, type ProviderErrorKind } from './provider-error.ts';

/** The spec's import-error style (spec 01 §8): '{X} service is not currently responding, …'. */
export function notResponding(label: string): string {
  return `${label} service is not currently responding, please try again in a bit.`;
}

/** A source of historical crypto prices (CoinGecko, an exchange's daily candles through ccxt). */
export interface CryptoProvider {
  readonly id: string;
  readonly label: string;
  /** Most days one request may cover. */
  readonly maxWindow: number;
  /**
   * Daily prices of one coin in `quote` over [from, to] (UTC days, inclusive): one request.
   * An empty list when the provider has none; throws ProviderError when it cannot answer.
   */
  daily(coin: CoinRef, quote: string, from: string, to: string): Promise<DailyPoint[]>;
  /** The provider's coins for a symbol, biggest first. */
  coins(symbol: string): Promise<CoinRef[]>;
  /** The coin a token contract is, on a platform ("ethereum", "solana"); null when unknown. */
  coinByContract?(platform: string, address: string): Promise<CoinRef | null>;
  /** Its circuit breaker (the real adapters have one): what the process knows of its reachability. */
  readonly breaker?: CircuitBreaker;
}

/** Reference FX rates (the ECB's): 1 EUR in each currency, per business day. */
export interface FxProvider {
  readonly id: string;
  readonly label: string;
  rates(currencies: readonly string[], from: string, to: string): Promise<StoredPrice[]>;
  readonly breaker?: CircuitBreaker;
}
