import type { ApiExchange } from '@lotwise/contracts/imports/api-imports';
import type { Config, ExchangeApiId } from '../../../config.ts';
import { familyBySlug, familyOfFormat, type SourceFamily } from '../../imports/sources.service.ts';
import { fetchBinanceHistory } from './binance-api.ts';
import { fetchBinanceusHistory } from './binanceus-api.ts';
import { fetchBitstampHistory } from './bitstamp-api.ts';
import { fetchBybitHistory } from './bybit-api.ts';
import { fetchCoinbaseHistory } from './coinbase-api.ts';
import { fetchCryptocomHistory } from './cryptocom-api.ts';
import type { ExchangeApiOptions, FetchedHistory } from './exchange-api.ts';
import { fetchGeminiHistory } from './gemini-api.ts';
import { fetchKrakenLedgerCsv } from './kraken-ledgers-api.ts';
import { fetchKucoinHistory } from './kucoin-api.ts';
import { fetchOkxHistory } from './okx-api.ts';

/**
 * The exchanges Lotwise reads by API key: the name the user sees, whether the key comes with a
 * passphrase, and the fetch (ccxt) that renders the history in the exchange's own CSV layout.
 */
export interface ExchangeSource {
  name: string;
  /** The file layout the history is rendered in (its family names the account). */
  format: string;
  /** The account's family when the layout is not the exchange's own (Crypto.com: Koinly's template). */
  family?: string;
  passphrase: boolean;
  fetch(options: ExchangeApiOptions): Promise<FetchedHistory>;
}

const kraken: ExchangeSource = {
  name: 'Kraken',
  format: 'kraken-ledgers',
  passphrase: false,
  // Kraken's cursor is the last entry's time (Unix seconds), kept in `synced_until`.
  async fetch(options) {
    if (!options.file) throw new Error('Kraken writes its ledger to a file: no file given');
    const got = await fetchKrakenLedgerCsv({
      ...options,
      file: options.file,
      since: options.cursor === undefined ? undefined : Number(options.cursor),
      onPage: (n, total) => options.onPage?.(n, 'ledger entries', total),
    });
    return {
      csv: '',
      file: got.file ?? undefined,
      format: 'kraken-ledgers',
      entries: got.entries,
      cursor: got.latest === null ? null : String(got.latest),
      warnings: [],
    };
  },
};

export const EXCHANGE_SOURCES: Partial<Record<ApiExchange, ExchangeSource>> = {
  kraken,
  coinbase: { name: 'Coinbase', format: 'coinbase-2025', passphrase: false, fetch: fetchCoinbaseHistory },
  binance: { name: 'Binance', format: 'binance-statement-v2', passphrase: false, fetch: fetchBinanceHistory },
  kucoin: { name: 'KuCoin', format: 'kucoin-trade-history', passphrase: true, fetch: fetchKucoinHistory },
  bitstamp: { name: 'Bitstamp', format: 'bitstamp-2024', passphrase: false, fetch: fetchBitstampHistory },
  gemini: { name: 'Gemini', format: 'gemini-history', passphrase: false, fetch: fetchGeminiHistory },
  okx: { name: 'OKX', format: 'okx-trading', passphrase: true, fetch: fetchOkxHistory },
  bybit: { name: 'Bybit', format: 'bybit-uta', passphrase: false, fetch: fetchBybitHistory },
  binanceus: {
    name: 'Binance US',
    format: 'binanceus-history',
    passphrase: false,
    fetch: fetchBinanceusHistory,
  },
  cryptocom: {
    name: 'Crypto.com Exchange',
    format: 'koinly-universal',
    family: 'cryptocom',
    passphrase: false,
    fetch: fetchCryptocomHistory,
  },
};

export function exchangeSource(exchange: string): ExchangeSource | undefined {
  return EXCHANGE_SOURCES[exchange as ApiExchange];
}

/** The account a connection makes: its layout's family, or the exchange's own when it has one. */
export function accountFamily(source: ExchangeSource): SourceFamily {
  if (!source.family) return familyOfFormat(source.format);
  const family = familyBySlug(source.family);
  return { slug: source.family, name: source.name, type: 'exchange', usBased: family?.usBased ?? false };
}

/** Where the exchange's API is and whether ccxt paces the calls, from the configuration. */
export function exchangeConnection(
  config: Config,
  exchange: string,
): { baseURL?: string; enableRateLimit: boolean } {
  if (exchange === 'kraken') {
    return {
      ...(config.krakenBaseUrl ? { baseURL: config.krakenBaseUrl } : {}),
      enableRateLimit: config.krakenPacing,
    };
  }
  const api = config.exchangeApis[exchange as ExchangeApiId];
  return { ...(api?.baseUrl ? { baseURL: api.baseUrl } : {}), enableRateLimit: api?.pacing ?? true };
}
