import Decimal from 'decimal.js';
import type { CoinGeckoProvider } from './coingecko.ts';
import { ProviderError } from './provider.ts';

/**
 * Market figures of one coin as CoinGecko's `/coins/markets` gives them (prices in USD, changes
 * in percent). Display figures for Labs, never tax inputs: CoinGecko sends JSON numbers, kept
 * here as their shortest decimal text.
 */
export interface MarketQuote {
  coinId: string;
  symbol: string;
  name: string;
  rank: number | null;
  price: string | null;
  marketCap: string | null;
  change1d: string | null;
  change7d: string | null;
  change30d: string | null;
  /** Hourly prices over the last 7 days, oldest first. */
  sparkline: string[];
  lastUpdated: string | null;
}

/** A JSON number (or numeric text) as decimal text, sign kept; null when absent or not a number. */
export function numberText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(String(value)).toFixed() : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim()))
    return new Decimal(value.trim()).toFixed();
  return null;
}

function malformed(what: string): ProviderError {
  return new ProviderError('coingecko', 'malformed', `CoinGecko sent ${what} Lotwise cannot read`);
}

/** `/coins/markets`: the biggest coins by market cap with 24 h / 7 d / 30 d changes and a 7-day sparkline. */
export async function fetchMarkets(provider: CoinGeckoProvider, perPage = 100): Promise<MarketQuote[]> {
  const reply: unknown = await provider.run((client) =>
    client.coins.markets.get({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: perPage,
      page: 1,
      sparkline: true,
      price_change_percentage: '24h,7d,30d',
    }),
  );
  if (!Array.isArray(reply)) throw malformed('a market list');
  const out: MarketQuote[] = [];
  for (const raw of reply) {
    const coin = raw as Record<string, unknown>;
    if (typeof coin?.id !== 'string' || typeof coin.symbol !== 'string' || typeof coin.name !== 'string')
      throw malformed('a market list');
    const spark = (coin.sparkline_in_7d as { price?: unknown } | undefined)?.price;
    out.push({
      coinId: coin.id,
      symbol: coin.symbol.toUpperCase(),
      name: coin.name,
      rank: typeof coin.market_cap_rank === 'number' ? coin.market_cap_rank : null,
      price: numberText(coin.current_price),
      marketCap: numberText(coin.market_cap),
      change1d: numberText(coin.price_change_percentage_24h_in_currency ?? coin.price_change_percentage_24h),
      change7d: numberText(coin.price_change_percentage_7d_in_currency),
      change30d: numberText(coin.price_change_percentage_30d_in_currency),
      sparkline: Array.isArray(spark) ? spark.map(numberText).filter((p): p is string => p !== null) : [],
      lastUpdated: typeof coin.last_updated === 'string' ? coin.last_updated : null,
    });
  }
  return out;
}

/** `/search/trending`: the coins most searched on CoinGecko in the last 24 hours, in order. */
export async function fetchTrending(
  provider: CoinGeckoProvider,
): Promise<Array<{ coinId: string; symbol: string; name: string; rank: number | null }>> {
  const reply = (await provider.run((client) => client.search.trending.get())) as { coins?: unknown } | null;
  if (!Array.isArray(reply?.coins)) throw malformed('a trending list');
  return reply.coins.flatMap((entry: unknown) => {
    const item = (entry as { item?: Record<string, unknown> } | null)?.item;
    if (typeof item?.id !== 'string' || typeof item.symbol !== 'string' || typeof item.name !== 'string')
      return [];
    return [
      {
        coinId: item.id,
        symbol: item.symbol.toUpperCase(),
        name: item.name,
        rank: typeof item.market_cap_rank === 'number' ? item.market_cap_rank : null,
      },
    ];
  });
}

/** `/coins/{id}/market_chart?days=1`: the last day's prices (5-minute points), oldest first. */
export async function fetchIntraday(
  provider: CoinGeckoProvider,
  coinId: string,
): Promise<Array<[string, string]>> {
  const reply = (await provider.run((client) =>
    client.coins.marketChart.get(coinId, { vs_currency: 'usd', days: '1' }),
  )) as { prices?: unknown } | null;
  if (!Array.isArray(reply?.prices)) throw malformed('a price chart');
  const out: Array<[string, string]> = [];
  for (const point of reply.prices) {
    if (!Array.isArray(point) || typeof point[0] !== 'number') throw malformed('a price chart');
    const price = numberText(point[1]);
    if (price === null) throw malformed('a price chart');
    out.push([new Date(point[0]).toISOString(), price]);
  }
  return out;
}
