/**
 * Recorded provider data for tests and benches: what each provider would answer, kept as
 * days and decimal prices. The handlers below serve it in the providers' documented shapes:
 * CoinGecko `/coins/{id}/market_chart/range` and `/search`, Bitstamp `/api/v2/markets/` and
 * `/api/v2/ohlc/{pair}/`, the ECB's `/data/EXR/D.{…}.EUR.SP00.A?format=csvdata`.
 */
export interface ReplayData {
  /** CoinGecko coin id → day → USD price. */
  coingecko: Record<string, Record<string, string>>;
  /** What CoinGecko's /search knows: id, symbol, name, market-cap rank. */
  coins: Array<{ id: string; symbol: string; name: string; rank: number | null }>;
  /** Bitstamp pair ("btcusd") → day → the day's open in USD. */
  bitstamp: Record<string, Record<string, string>>;
  /** Day → currency → 1 EUR in it. */
  ecb: Record<string, Record<string, string>>;
  /** "platform:address" → CoinGecko coin id, for `/coins/{platform}/contract/{address}`. */
  contracts?: Record<string, string>;
  /** Coin ids `/search/trending` lists, in order (default: the first seven by rank). */
  trending?: string[];
}

export const COINGECKO_PREFIX = '/coingecko';
export const BITSTAMP_PREFIX = '/bitstamp/api';
export const ECB_PREFIX = '/ecb';
