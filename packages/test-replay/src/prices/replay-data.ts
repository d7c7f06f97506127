import { addDays, dayMs, isDay } from '@lotwise/prices/days';
import { coingeckoMarket } from './replay-market.ts';
import { type Handler, ReplayServer } from './replay-server.ts';
import { BITSTAMP_PREFIX, COINGECKO_PREFIX, ECB_PREFIX, type ReplayData } from './replay-shape.ts';

export { BITSTAMP_PREFIX, COINGECKO_PREFIX, ECB_PREFIX, type ReplayData };

/** Environment that points Lotwise's providers at a replay server. */
export function replayEnv(url: string): Record<string, string> {
  return {
    PRICE_PROVIDERS: 'coingecko,ccxt,ecb',
    COINGECKO_BASE_URL: `${url}${COINGECKO_PREFIX}`,
    COINGECKO_API_KEY: 'replay-demo-key',
    COINGECKO_PER_MINUTE: '6000',
    PRICES_CCXT_EXCHANGE: 'bitstamp',
    PRICES_CCXT_BASE_URL: `${url}${BITSTAMP_PREFIX}`,
    ECB_BASE_URL: `${url}${ECB_PREFIX}`,
    PRICES_BACKOFF_MS: '50',
  };
}

export function replayServer(data: ReplayData): ReplayServer {
  return new ReplayServer([coingecko(data), coingeckoMarket(data), bitstamp(data), ecb(data)]);
}

function json(body: unknown) {
  return { body: JSON.stringify(body) };
}

/** A query date as CoinGecko takes it: YYYY-MM-DD, YYYY-MM-DDTHH:MM or UNIX seconds. */
function instant(text: string | null): number | null {
  if (text === null) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const ms = Date.parse(isDay(text) ? `${text}T00:00:00Z` : `${text}Z`);
  return Number.isFinite(ms) ? ms : null;
}

function coingecko(data: ReplayData): Handler {
  return ({ path, query }) => {
    if (!path.startsWith(COINGECKO_PREFIX)) return null;
    const rest = path.slice(COINGECKO_PREFIX.length);
    const range = /^\/coins\/([^/]+)\/market_chart\/range$/.exec(rest);
    if (range) {
      const series = data.coingecko[decodeURIComponent(range[1]!)];
      const from = instant(query.get('from'));
      const to = instant(query.get('to'));
      if (!series) return { status: 404, body: JSON.stringify({ error: 'coin not found' }) };
      if (from === null || to === null)
        return { status: 400, body: JSON.stringify({ error: 'invalid from/to' }) };
      const days = Object.keys(series)
        .filter((day) => dayMs(day) >= from && dayMs(day) <= to)
        .sort();
      const at = (day: string) => dayMs(day);
      return json({
        prices: days.map((day) => [at(day), Number(series[day])]),
        market_caps: days.map((day) => [at(day), Number(series[day]) * 19_000_000]),
        total_volumes: days.map((day) => [at(day), Number(series[day]) * 350_000]),
      });
    }
    const contract = /^\/coins\/([^/]+)\/contract\/([^/]+)$/.exec(rest);
    if (contract) {
      const platform = decodeURIComponent(contract[1]!);
      const address = decodeURIComponent(contract[2]!).toLowerCase();
      const id = data.contracts?.[`${platform}:${address}`];
      const coin = data.coins.find((c) => c.id === id);
      if (!coin)
        return { status: 404, body: JSON.stringify({ error: 'Could not find coin with the given id' }) };
      return json({
        id: coin.id,
        symbol: coin.symbol.toLowerCase(),
        name: coin.name,
        asset_platform_id: platform,
        platforms: { [platform]: address },
        market_cap_rank: coin.rank,
        contract_address: address,
      });
    }
    if (rest === '/search') {
      const q = (query.get('query') ?? '').toLowerCase();
      const coins = data.coins
        .filter((c) => c.symbol.toLowerCase().includes(q) || c.name.toLowerCase().includes(q))
        .map((c) => ({
          id: c.id,
          name: c.name,
          api_symbol: c.id,
          symbol: c.symbol.toUpperCase(),
          market_cap_rank: c.rank,
          thumb: `https://assets.coingecko.com/coins/images/1/thumb/${c.id}.png`,
          large: `https://assets.coingecko.com/coins/images/1/large/${c.id}.png`,
        }));
      return json({ coins, exchanges: [], icos: [], categories: [], nfts: [] });
    }
    return null;
  };
}

function bitstamp(data: ReplayData): Handler {
  return ({ path, query }) => {
    if (!path.startsWith(BITSTAMP_PREFIX)) return null;
    const rest = path.slice(BITSTAMP_PREFIX.length);
    if (rest === '/v2/markets/') {
      return json(
        Object.keys(data.bitstamp).map((pair) => {
          const base = pair.slice(0, -3).toUpperCase();
          return {
            name: `${base}/USD`,
            market_symbol: pair,
            base_currency: base,
            base_decimals: 8,
            counter_currency: 'USD',
            counter_decimals: 2,
            minimum_order_value: '10',
            trading: 'Enabled',
            instant_order_counter_decimals: 2,
            instant_and_market_orders: 'Enabled',
            description: `${base} / U.S. dollar`,
            market_type: 'SPOT',
          };
        }),
      );
    }
    const ohlc = /^\/v2\/ohlc\/([a-z0-9]+)\/$/.exec(rest);
    if (ohlc) {
      const series = data.bitstamp[ohlc[1]!] ?? {};
      const start = Number(query.get('start') ?? 0) * 1000;
      const end = Number(query.get('end') ?? Number.MAX_SAFE_INTEGER / 1000) * 1000;
      const limit = Number(query.get('limit') ?? 1000);
      const days = Object.keys(series)
        .filter((day) => dayMs(day) >= start && dayMs(day) <= end)
        .sort()
        .slice(0, limit);
      return json({
        data: {
          pair: `${ohlc[1]!.slice(0, -3).toUpperCase()}/USD`,
          ohlc: days.map((day) => ({
            timestamp: String(dayMs(day) / 1000),
            open: series[day],
            high: series[day],
            low: series[day],
            close: series[day],
            volume: '12.5',
          })),
        },
      });
    }
    return null;
  };
}

function ecb(data: ReplayData): Handler {
  return ({ path, query }) => {
    const match = /^\/ecb\/data\/EXR\/D\.([A-Z+]+)\.EUR\.SP00\.A$/.exec(path);
    if (!match) return null;
    const currencies = match[1]!.split('+');
    const from = query.get('startPeriod') ?? '0000-01-01';
    const to = query.get('endPeriod') ?? '9999-12-31';
    const lines = [
      'KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,TITLE',
    ];
    for (const currency of currencies) {
      for (const day of Object.keys(data.ecb).sort()) {
        const rate = data.ecb[day]![currency];
        if (day < from || day > to || rate === undefined) continue;
        lines.push(
          `EXR.D.${currency}.EUR.SP00.A,D,${currency},EUR,SP00,A,${day},${rate},A,"${currency}/EUR"`,
        );
      }
    }
    if (lines.length === 1) return { status: 404, type: 'text/plain', body: 'No results found.' };
    return { type: 'text/csv', body: `${lines.join('\n')}\n` };
  };
}

/** A day-by-day series from `from` to `to` (inclusive), price(dayIndex) each day. */
export function series(
  from: string,
  to: string,
  price: (index: number, day: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (let day = from, i = 0; day <= to; day = addDays(day, 1), i++) out[day] = price(i, day);
  return out;
}
