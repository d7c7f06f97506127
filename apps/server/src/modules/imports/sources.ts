/**
 * Account families: which exchange or wallet a file format belongs to, how the account
 * is named, and whether it is an exchange or a self-custody wallet. Format ids come from
 * packages/importers (`coinbase-2024`, `kraken-ledgers`, …); the family is the part before
 * the first dash.
 */
export interface SourceFamily {
  slug: string;
  name: string;
  type: 'exchange' | 'wallet' | 'other';
  usBased: boolean;
}

const FAMILIES: SourceFamily[] = [
  { slug: 'coinbase', name: 'Coinbase', type: 'exchange', usBased: true },
  { slug: 'coinbasepro', name: 'Coinbase Pro', type: 'exchange', usBased: true },
  { slug: 'kraken', name: 'Kraken', type: 'exchange', usBased: true },
  { slug: 'binance', name: 'Binance', type: 'exchange', usBased: false },
  { slug: 'binanceus', name: 'Binance US', type: 'exchange', usBased: true },
  { slug: 'gemini', name: 'Gemini', type: 'exchange', usBased: true },
  { slug: 'kucoin', name: 'KuCoin', type: 'exchange', usBased: false },
  { slug: 'bitstamp', name: 'Bitstamp', type: 'exchange', usBased: false },
  { slug: 'cryptocom', name: 'Crypto.com App', type: 'exchange', usBased: false },
  { slug: 'bitfinex', name: 'Bitfinex', type: 'exchange', usBased: false },
  { slug: 'okx', name: 'OKX', type: 'exchange', usBased: false },
  { slug: 'bybit', name: 'Bybit', type: 'exchange', usBased: false },
  { slug: 'gateio', name: 'Gate.io', type: 'exchange', usBased: false },
  { slug: 'etherscan', name: 'Ethereum (Etherscan)', type: 'wallet', usBased: false },
  { slug: 'solscan', name: 'Solana (Solscan)', type: 'wallet', usBased: false },
  { slug: 'electrum', name: 'Electrum', type: 'wallet', usBased: false },
  { slug: 'ledgerlive', name: 'Ledger Live', type: 'wallet', usBased: false },
  { slug: 'trezorsuite', name: 'Trezor Suite', type: 'wallet', usBased: false },
  { slug: 'exodus', name: 'Exodus', type: 'wallet', usBased: false },
  { slug: 'koinly', name: 'Universal CSV', type: 'other', usBased: false },
  { slug: 'cointracker', name: 'CoinTracker CSV', type: 'other', usBased: false },
  { slug: 'coinledger', name: 'CoinLedger CSV', type: 'other', usBased: false },
  { slug: 'cointracking', name: 'CoinTracking CSV', type: 'other', usBased: false },
  { slug: 'manual', name: 'Manual', type: 'other', usBased: false },
];

export function allSourceFamilies(): readonly SourceFamily[] {
  return FAMILIES;
}

export function familyOfFormat(formatId: string): SourceFamily {
  const slug = formatId.split('-')[0] ?? formatId;
  return FAMILIES.find((f) => f.slug === slug) ?? { slug, name: slug, type: 'other', usBased: false };
}

export function familyBySlug(slug: string): SourceFamily | undefined {
  return FAMILIES.find((f) => f.slug === slug);
}
