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
  /**
   * How long one resolution (a calculation's pricing step) may wait on providers in all
   * (PRICE_PROVIDER_BUDGET_SECONDS); what is still open then is answered from the table.
   */
  budgetMs: number;
}

/** Seconds one resolution may spend waiting on providers by default. */
export const DEFAULT_BUDGET_SECONDS = 300;

type Env = Record<string, string | undefined>;

function number(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : undefined;
}

/**
 * Providers and pegs from environment variables (README "Configuration"): PRICE_PROVIDERS
 * (ids in order, or "none" for offline), COINGECKO_API_KEY / COINGECKO_PRO_API_KEY /
 * COINGECKO_BASE_URL / COINGECKO_PER_MINUTE, PRICES_CCXT_EXCHANGE / PRICES_CCXT_BASE_URL,
 * ECB_BASE_URL, PRICE_PEGS, PRICE_PROVIDER_COOLDOWN_SECONDS (the circuit breaker of each provider),
 * PRICE_PROVIDER_TIMEOUT_SECONDS (one request's bound) and PRICE_PROVIDER_BUDGET_SECONDS (a
 * resolution's bound on waiting for providers in all).
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
  const timeoutSeconds = positive(env, 'PRICE_PROVIDER_TIMEOUT_SECONDS');
  const timeoutMs = timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000;
  const budgetSeconds = positive(env, 'PRICE_PROVIDER_BUDGET_SECONDS') ?? DEFAULT_BUDGET_SECONDS;
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
        timeoutMs,
        cooldownSeconds,
      });
      crypto.push(coingecko);
    } else if (id === 'ccxt') {
      crypto.push(
        new CcxtCandlesProvider({
          exchange: env.PRICES_CCXT_EXCHANGE || undefined,
          baseURL: env.PRICES_CCXT_BASE_URL || undefined,
          backoffMs: number(env.PRICES_BACKOFF_MS),
          timeoutMs,
          cooldownSeconds,
        }),
      );
    } else if (id === 'ecb') {
      fx = new EcbFxProvider({
        baseURL: env.ECB_BASE_URL || undefined,
        backoffMs: number(env.PRICES_BACKOFF_MS),
        timeoutMs,
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
    budgetMs: budgetSeconds * 1000,
  };
}

/** A number of seconds above 0 from `name`, undefined when unset; anything else is refused. */
function positive(env: Env, name: string): number | undefined {
  if (env[name] === undefined || env[name] === '') return undefined;
  const n = number(env[name]);
  if (n === undefined || n <= 0) throw new Error(`${name}: a number of seconds above 0`);
  return n;
}
