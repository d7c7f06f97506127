/** Asset vocabulary shared by the importers: fiat codes, digit-leading tickers, pair splitting. */
const FIAT = new Set([
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'CHF',
  'JPY',
  'SGD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'TRY',
  'BRL',
  'MXN',
  'INR',
  'KRW',
  'HKD',
  'ZAR',
  'RUB',
  'UAH',
  'ARS',
  'NGN',
  'IDR',
  'PHP',
  'THB',
  'MYR',
  'VND',
  'ILS',
  'AED',
  'RON',
  'BGN',
  'CNY',
  'TWD',
  'CLP',
  'COP',
  'PEN',
  'KES',
]);

export function isFiat(asset: string): boolean {
  return FIAT.has(asset.toUpperCase());
}

/** Tickers that start with a digit; a greedy "number then letters" regex would split them wrongly. */
export const DIGIT_LEADING_ASSETS = [
  '1000000MOG',
  '1000SATS',
  '1000PEPE',
  '1000BONK',
  '1000FLOKI',
  '1000LUNC',
  '1000SHIB',
  '1000XEC',
  '1000RATS',
  '1000CAT',
  '1000CHEEMS',
  '1000WHY',
  '1000X',
  '1MBABYDOGE',
  '1INCH',
  '1CAT',
  '1SOL',
  '2Z',
  '3ULL',
  '4TOKEN',
  '5IRE',
  '00',
  '0X0',
];

/** Common quote currencies, longest first so `USDT` wins over `USD`. */
export const QUOTES = [
  'FDUSD',
  'TUSD',
  'USDT',
  'USDC',
  'BUSD',
  'GUSD',
  'PYUSD',
  'EURC',
  'EURT',
  'USDE',
  'DAI',
  'UST',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'USD',
  'GBP',
  'AUD',
  'CAD',
  'CHF',
  'JPY',
  'SGD',
  'TRY',
  'BRL',
  'RUB',
  'UAH',
  'NGN',
  'ZAR',
  'PLN',
  'TRX',
  'XRP',
  'DOT',
  'SOL',
  'DOGE',
  'KCS',
  'HT',
  'OKB',
].sort((a, b) => b.length - a.length);

/**
 * Split a pair: `BTC-EUR`, `BTC/EUR`, `BTC_EUR` directly, concatenated `BTCEUR` by the longest
 * known quote suffix. Returns null when no split is possible.
 */
export function splitPair(pair: string, quotes: string[] = QUOTES): [string, string] | null {
  const p = pair.trim().toUpperCase();
  const sep = p.match(/^([A-Z0-9.]+)[-/_]([A-Z0-9.]+)$/);
  if (sep) return [sep[1] as string, sep[2] as string];
  for (const q of quotes) {
    if (p.length > q.length && p.endsWith(q)) return [p.slice(0, -q.length), q];
  }
  return null;
}
