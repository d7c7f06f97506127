import { addDays, dayMs } from '@lotwise/prices/days';
import type { Handler } from './replay-server.ts';
import { COINGECKO_PREFIX, type ReplayData } from './replay-shape.ts';

/**
 * CoinGecko's market calls served from the same recorded day prices: `/coins/markets` (price,
 * market cap, 24 h / 7 d / 30 d change and sparkline, from each coin's last recorded day),
 * `/search/trending` and `/coins/{id}/market_chart?days=1`. Shapes as CoinGecko documents them.
 */
export function coingeckoMarket(data: ReplayData): Handler {
  return ({ path, query }) => {
    if (!path.startsWith(COINGECKO_PREFIX)) return null;
    const rest = path.slice(COINGECKO_PREFIX.length);
    if (rest === '/coins/markets') {
      if (!query.get('vs_currency'))
        return { status: 400, body: JSON.stringify({ error: 'Missing parameter vs_currency' }) };
      const perPage = Number(query.get('per_page') ?? 100);
      const items = ranked(data)
        .slice(0, perPage)
        .map((coin) => marketEntry(data, coin, query.get('sparkline') === 'true'));
      return { body: JSON.stringify(items) };
    }
    if (rest === '/search/trending') {
      const ids =
        data.trending ??
        ranked(data)
          .map((c) => c.id)
          .slice(0, 7);
      const coins = ids
        .map((id, index) => {
          const coin = data.coins.find((c) => c.id === id);
          if (!coin) return null;
          const { last } = lastDays(data, coin.id);
          return {
            item: {
              id: coin.id,
              coin_id: index + 1,
              name: coin.name,
              symbol: coin.symbol.toUpperCase(),
              market_cap_rank: coin.rank,
              thumb: `https://assets.coingecko.com/coins/images/1/thumb/${coin.id}.png`,
              small: `https://assets.coingecko.com/coins/images/1/small/${coin.id}.png`,
              large: `https://assets.coingecko.com/coins/images/1/large/${coin.id}.png`,
              slug: coin.id,
              price_btc: 0.0001,
              score: index,
              data: { price: Number(last ?? 0), market_cap: '$1', market_cap_btc: '1', content: null },
            },
          };
        })
        .filter((c) => c !== null);
      return { body: JSON.stringify({ coins, nfts: [], categories: [] }) };
    }
    const chart = /^\/coins\/([^/]+)\/market_chart$/.exec(rest);
    if (chart) {
      const id = decodeURIComponent(chart[1]!);
      const series = data.coingecko[id];
      if (!series) return { status: 404, body: JSON.stringify({ error: 'coin not found' }) };
      const { lastDay, last } = lastDays(data, id);
      if (!lastDay || !last)
        return { body: JSON.stringify({ prices: [], market_caps: [], total_volumes: [] }) };
      // The last recorded day in 5-minute steps, a small wave around its price.
      const start = dayMs(lastDay);
      const prices = Array.from({ length: 288 }, (_, i) => [
        start + i * 300_000,
        Number(last) * (1 + 0.01 * Math.sin(i / 20)),
      ]);
      return { body: JSON.stringify({ prices, market_caps: [], total_volumes: [] }) };
    }
    return null;
  };
}

function ranked(data: ReplayData) {
  return data.coins
    .filter((c) => data.coingecko[c.id] !== undefined)
    .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9));
}

function lastDays(data: ReplayData, id: string) {
  const series = data.coingecko[id] ?? {};
  const days = Object.keys(series).sort();
  const lastDay = days.at(-1);
  return { series, days, lastDay, last: lastDay ? series[lastDay] : undefined };
}

function change(now: string | undefined, before: string | undefined): number | null {
  if (now === undefined || before === undefined || Number(before) === 0) return null;
  return (Number(now) / Number(before) - 1) * 100;
}

function marketEntry(data: ReplayData, coin: ReplayData['coins'][number], sparkline: boolean) {
  const { series, days, lastDay, last } = lastDays(data, coin.id);
  const back = (n: number) => (lastDay ? series[addDays(lastDay, -n)] : undefined);
  const price = last === undefined ? null : Number(last);
  return {
    id: coin.id,
    symbol: coin.symbol.toLowerCase(),
    name: coin.name,
    image: `https://assets.coingecko.com/coins/images/1/large/${coin.id}.png`,
    current_price: price,
    market_cap: price === null ? null : Math.round(price * 19_000_000),
    market_cap_rank: coin.rank,
    total_volume: price === null ? null : Math.round(price * 350_000),
    price_change_24h: price === null || back(1) === undefined ? null : price - Number(back(1)),
    price_change_percentage_24h: change(last, back(1)),
    price_change_percentage_24h_in_currency: change(last, back(1)),
    price_change_percentage_7d_in_currency: change(last, back(7)),
    price_change_percentage_30d_in_currency: change(last, back(30)),
    last_updated: lastDay ? `${lastDay}T23:59:00.000Z` : null,
    ...(sparkline ? { sparkline_in_7d: { price: days.slice(-8).map((d) => Number(series[d])) } } : {}),
  };
}
