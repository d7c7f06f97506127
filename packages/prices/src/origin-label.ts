const PROVIDERS: Record<string, string> = {
  coingecko: 'CoinGecko',
  bitstamp: 'Bitstamp',
  kraken: 'Kraken',
  coinbaseexchange: 'Coinbase',
  ecb: 'European Central Bank',
};

/** "coingecko" → "CoinGecko"; "user:prices.csv" → "your price file prices.csv". */
export function originLabel(origin: string): string {
  if (origin.startsWith('user:')) return `your price file ${origin.slice(5)}`;
  if (origin.startsWith('file:')) return `price file ${origin.slice(5)}`;
  return PROVIDERS[origin] ?? origin;
}
