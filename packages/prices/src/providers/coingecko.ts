import type Coingecko from '@coingecko/coingecko-typescript';
import type { ClientOptions } from '@coingecko/coingecko-typescript';
import { addDays } from '../days.ts';
import { CircuitBreaker, DEFAULT_COOLDOWN_SECONDS } from './breaker.ts';
import { DEFAULT_TIMEOUT_SECONDS, withDeadline } from './deadline.ts';
import { RateLimiter } from './limiter.ts';
import { dailyFromPoints } from './points.ts';
import { type CoinRef, type CryptoProvider, type DailyPoint, ProviderError } from './provider.ts';

export interface CoinGeckoConfig {
  /** Demo (free) key: the public API with a key. */
  apiKey?: string | undefined;
  /** Pro key: pro-api.coingecko.com, full history. */
  proApiKey?: string | undefined;
  /** Another address (a replay server in tests, a proxy). */
  baseURL?: string | undefined;
  /** Requests a minute (the public/demo plan allows 30). */
  perMinute?: number | undefined;
  /** Retries of a 429 / 5xx / timeout, with the SDK's back-off (it honours Retry-After). */
  maxRetries?: number | undefined;
  /** One request's bound, its SDK retries included (PRICE_PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs?: number | undefined;
  /** Seconds the provider is skipped after it failed to answer (the circuit breaker). */
  cooldownSeconds?: number | undefined;
}

type Sdk = typeof import('@coingecko/coingecko-typescript');

/**
 * CoinGecko through its official SDK: daily history per coin and range
 * (`/coins/{id}/market_chart/range`, one request per window) and coin lookup by symbol
 * (`/search`). Without a key it uses the public API; COINGECKO_API_KEY (demo) or
 * COINGECKO_PRO_API_KEY choose the plan. The SDK (a few dozen modules) is loaded by the first
 * request: a calculation whose rows all carry their value never waits for it (`lotwise calc`
 * starts in a third less time).
 */
export class CoinGeckoProvider implements CryptoProvider {
  readonly id = 'coingecko';
  readonly label = 'CoinGecko';
  /** Ranges over 90 days come back daily, whatever their length. */
  readonly maxWindow = 3650;
  private readonly options: ClientOptions;
  private client: Promise<Coingecko> | null = null;
  /** The SDK once loaded (its error classes map failures). */
  private sdk: Sdk | null = null;
  private readonly limiter: RateLimiter;
  private readonly timeoutMs: number;
  readonly breaker: CircuitBreaker;

  constructor(config: CoinGeckoConfig = {}) {
    const keyless = !config.apiKey && !config.proApiKey;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
    this.options = {
      ...(config.baseURL
        ? { baseURL: config.baseURL }
        : { baseURL: null, environment: config.proApiKey ? 'pro' : 'demo' }),
      proAPIKey: config.proApiKey ?? null,
      demoAPIKey: config.apiKey ?? null,
      // The public API needs no key: say so, or the SDK refuses to send the request.
      ...(keyless ? { defaultHeaders: { 'x-cg-demo-api-key': null } } : {}),
      maxRetries: config.maxRetries ?? 3,
      timeout: this.timeoutMs,
      logLevel: 'off',
    };
    this.limiter = new RateLimiter(config.perMinute ?? (config.proApiKey ? 500 : 30));
    this.breaker = new CircuitBreaker(
      this.id,
      this.label,
      (config.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) * 1000,
    );
  }

  async daily(coin: CoinRef, quote: string, from: string, to: string): Promise<DailyPoint[]> {
    const reply = await this.call((signal, client) =>
      client.coins.marketChart.getRange(
        coin.id,
        {
          vs_currency: quote.toLowerCase(),
          from,
          // The range ends at the start of the day after `to`, so `to`'s midnight point is in it.
          to: addDays(to, 1),
          precision: 'full',
        },
        { signal },
      ),
    );
    const points = dailyFromPoints((reply as { prices?: unknown } | null)?.prices, from, to);
    if (points === null)
      throw new ProviderError(this.id, 'malformed', 'CoinGecko sent a price history Lotwise cannot read');
    return points;
  }

  async coins(symbol: string): Promise<CoinRef[]> {
    return (await this.search(symbol)).filter((c) => c.symbol.toUpperCase() === symbol.toUpperCase());
  }

  /** `/coins/{platform}/contract/{address}`: the coin a token contract is. */
  async coinByContract(platform: string, address: string): Promise<CoinRef | null> {
    let reply: unknown;
    try {
      reply = await this.call((signal, client) =>
        client.coins.contract.get(address, { id: platform }, { signal }),
      );
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'no_data') return null;
      throw error;
    }
    const coin = reply as {
      id?: unknown;
      symbol?: unknown;
      name?: unknown;
      market_cap_rank?: unknown;
      platforms?: unknown;
    };
    if (typeof coin?.id !== 'string' || typeof coin.symbol !== 'string' || typeof coin.name !== 'string') {
      throw new ProviderError(this.id, 'malformed', 'CoinGecko sent a contract reply Lotwise cannot read');
    }
    const platforms: Record<string, string> = {};
    if (coin.platforms && typeof coin.platforms === 'object') {
      for (const [key, value] of Object.entries(coin.platforms))
        if (typeof value === 'string' && value) platforms[key] = value;
    }
    platforms[platform] ??= address;
    return {
      id: coin.id,
      symbol: coin.symbol.toUpperCase(),
      name: coin.name,
      rank: typeof coin.market_cap_rank === 'number' ? coin.market_cap_rank : null,
      platforms,
    };
  }

  /** CoinGecko's search: coins by symbol or name, biggest first. */
  async search(query: string): Promise<CoinRef[]> {
    const reply = await this.call((signal, client) => client.search.get({ query }, { signal }));
    const coins = (reply as { coins?: unknown } | null)?.coins;
    if (!Array.isArray(coins))
      throw new ProviderError(this.id, 'malformed', 'CoinGecko sent a search reply Lotwise cannot read');
    return coins
      .filter(
        (
          c,
        ): c is {
          id: string;
          symbol: string;
          name: string;
          market_cap_rank: number | null;
          thumb?: string;
        } => typeof c?.id === 'string' && typeof c?.symbol === 'string' && typeof c?.name === 'string',
      )
      .map((c) => ({
        id: c.id,
        symbol: c.symbol.toUpperCase(),
        name: c.name,
        rank: typeof c.market_cap_rank === 'number' ? c.market_cap_rank : null,
        iconUrl: typeof c.thumb === 'string' ? c.thumb : null,
      }));
  }

  /** Runs another request on the SDK client, under this adapter's rate limit and error mapping. */
  run<T>(request: (client: Coingecko) => PromiseLike<T>): Promise<T> {
    return this.call((_signal, client) => request(client));
  }

  /** Loads the SDK now rather than at the first request (a server, which lives long). */
  preload(): void {
    this.sdkClient().catch(() => undefined);
  }

  /** The SDK client, made on first use. */
  private sdkClient(): Promise<Coingecko> {
    this.client ??= import('@coingecko/coingecko-typescript').then((sdk) => {
      this.sdk = sdk;
      return new sdk.default(this.options);
    });
    return this.client;
  }

  /**
   * One request under the breaker and the rate limit, bounded once it is sent (the wait for
   * the rate limit is not a hang): a provider that never answers fails at the bound.
   */
  private call<T>(request: (signal: AbortSignal, client: Coingecko) => PromiseLike<T>): Promise<T> {
    return this.breaker.run(async () => {
      try {
        const client = await this.sdkClient();
        return await this.limiter.run(() =>
          withDeadline(this.id, this.label, this.timeoutMs, (signal) => request(signal, client)),
        );
      } catch (error) {
        throw toProviderError(this.id, error, this.sdk);
      }
    });
  }
}

function toProviderError(provider: string, error: unknown, sdk: Sdk | null): ProviderError {
  if (error instanceof ProviderError) return error;
  if (sdk && error instanceof sdk.APIConnectionError)
    return new ProviderError(provider, 'down', error.message);
  if (sdk && error instanceof sdk.APIError) {
    const status = error.status ?? 0;
    const detail = providerMessage(error.error) ?? error.message;
    if (status === 404) return new ProviderError(provider, 'no_data', detail);
    if (status === 429) return new ProviderError(provider, 'rate_limited', detail);
    if (status === 401 || status === 403) return new ProviderError(provider, 'unauthorized', detail);
    return new ProviderError(provider, 'down', detail);
  }
  // The SDK could not parse the reply (not JSON, cut short).
  return new ProviderError(provider, 'malformed', error instanceof Error ? error.message : String(error));
}

/** CoinGecko's error body: `{"status":{"error_code":10012,"error_message":"…"}}` or `{"error":"…"}`. */
function providerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const status = (body as { status?: { error_message?: unknown } }).status;
  if (typeof status?.error_message === 'string') return status.error_message;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' ? error : null;
}
