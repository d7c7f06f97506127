import { parsePegs } from './pegs.ts';
import { CcxtCandlesProvider } from './providers/ccxt-candles.ts';
import { CoinGeckoProvider } from './providers/coingecko.ts';
import { EcbFxProvider } from './providers/ecb.ts';
import type { CryptoProvider } from './providers/provider.ts';
import type { Providers } from './resolver.ts';

/** Default providers, in the order they are asked: CoinGecko, an exchange's candles, the ECB. */
export const DEFAULT_PROVIDERS = 'coingecko,ccxt,ecb';

export interface PriceSettings {
  providers: Providers;
  pegs: Map<string, string>;
  /** The provider ids in use, for messages ("prices from CoinGecko, Bitstamp"). */
  names: string[];
  /** The CoinGecko adapter when configured (the currency search asks it too). */
  coingecko: CoinGeckoProvider | null;
}

type Env = Record<string, string | undefined>;

function number(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : undefined;
}

/**
 * Providers and pegs from environment variables (README "Configuration"): PRICE_PROVIDERS
 * (ids in order, or "none" for offline), COINGECKO_API_KEY / COINGECKO_PRO_API_KEY /
 * COINGECKO_BASE_URL / COINGECKO_PER_MINUTE, PRICES_CCXT_EXCHANGE / PRICES_CCXT_BASE_URL,
 * ECB_BASE_URL, PRICE_PEGS, PRICE_PROVIDER_COOLDOWN_SECONDS (the circuit breaker of each provider).
 */
export function priceSettingsFromEnv(env: Env = process.env, offline = false): PriceSettings {
  const ids = offline
    ? []
    : (env.PRICE_PROVIDERS ?? DEFAULT_PROVIDERS)
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s !== '' && s !== 'none' && s !== 'off');
  const cooldownSeconds = number(env.PRICE_PROVIDER_COOLDOWN_SECONDS);
  if (cooldownSeconds !== undefined && cooldownSeconds < 0)
    throw new Error('PRICE_PROVIDER_COOLDOWN_SECONDS: a number of seconds, 0 or more');
  const crypto: CryptoProvider[] = [];
  let coingecko: CoinGeckoProvider | null = null;
  let fx: EcbFxProvider | null = null;
  for (const id of ids) {
    if (id === 'coingecko') {
      coingecko = new CoinGeckoProvider({
        apiKey: env.COINGECKO_API_KEY || undefined,
        proApiKey: env.COINGECKO_PRO_API_KEY || undefined,
        baseURL: env.COINGECKO_BASE_URL || undefined,
        perMinute: number(env.COINGECKO_PER_MINUTE),
        maxRetries: number(env.COINGECKO_MAX_RETRIES),
        cooldownSeconds,
      });
      crypto.push(coingecko);
    } else if (id === 'ccxt') {
      crypto.push(
        new CcxtCandlesProvider({
          exchange: env.PRICES_CCXT_EXCHANGE || undefined,
          baseURL: env.PRICES_CCXT_BASE_URL || undefined,
          backoffMs: number(env.PRICES_BACKOFF_MS),
          cooldownSeconds,
        }),
      );
    } else if (id === 'ecb') {
      fx = new EcbFxProvider({
        baseURL: env.ECB_BASE_URL || undefined,
        backoffMs: number(env.PRICES_BACKOFF_MS),
        cooldownSeconds,
      });
    } else {
      throw new Error(`PRICE_PROVIDERS: unknown provider "${id}" (use coingecko, ccxt, ecb or none)`);
    }
  }
  return {
    providers: { crypto, fx },
    pegs: parsePegs(env.PRICE_PEGS),
    names: [...crypto.map((p) => p.label), ...(fx ? [fx.label] : [])],
    coingecko,
  };
}
