import type { Exchange } from 'ccxt';
import { addDays, dayMs, daysBetween } from '../days.ts';
import { CircuitBreaker, DEFAULT_COOLDOWN_SECONDS } from './breaker.ts';
import { DEFAULT_TIMEOUT_SECONDS, withDeadline } from './deadline.ts';
import { priceText } from './points.ts';
import { type CoinRef, type CryptoProvider, type DailyPoint, ProviderError } from './provider.ts';

export interface CcxtConfig {
  /** ccxt exchange id; its public daily candles in USD are the prices. Default bitstamp. */
  exchange?: string | undefined;
  /** Another address for the exchange's public API (a replay server in tests). */
  baseURL?: string | undefined;
  /** Tries of a rate-limited request, waiting `backoffMs` × 2^n between them. */
  retries?: number | undefined;
  backoffMs?: number | undefined;
  /** One call's bound, the market list it may load first and its retries included (PRICE_PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs?: number | undefined;
  /** Seconds the provider is skipped after it failed to answer (the circuit breaker). */
  cooldownSeconds?: number | undefined;
}

const CANDLES_PER_REQUEST = 1000;

/**
 * The fallback crypto provider: an exchange's daily USD candles through ccxt (open = the price
 * at 00:00 UTC, like CoinGecko's daily point). Markets are loaded once; a coin is known when
 * the exchange lists SYMBOL/USD.
 */
export class CcxtCandlesProvider implements CryptoProvider {
  readonly id: string;
  readonly label: string;
  readonly maxWindow = CANDLES_PER_REQUEST;
  private exchange: Promise<Exchange> | null = null;
  private readonly timeoutMs: number;
  readonly breaker: CircuitBreaker;

  constructor(private readonly config: CcxtConfig = {}) {
    this.id = config.exchange ?? 'bitstamp';
    this.label = this.id.charAt(0).toUpperCase() + this.id.slice(1);
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
    this.breaker = new CircuitBreaker(
      this.id,
      this.label,
      (config.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) * 1000,
    );
  }

  coins(symbol: string): Promise<CoinRef[]> {
    return this.breaker.run(() => this.bounded(() => this.coinsNow(symbol)));
  }

  daily(coin: CoinRef, quote: string, from: string, to: string): Promise<DailyPoint[]> {
    return this.breaker.run(() => this.bounded(() => this.dailyNow(coin, quote, from, to)));
  }

  /** ccxt takes no signal: whoever waits is answered at the bound, its own timer ends the request. */
  private bounded<T>(call: () => Promise<T>): Promise<T> {
    return withDeadline(this.id, this.label, this.timeoutMs, call);
  }

  private async coinsNow(symbol: string): Promise<CoinRef[]> {
    const exchange = await this.connect();
    const market = `${symbol.toUpperCase()}/USD`;
    return exchange.markets?.[market]
      ? [{ id: market, symbol: symbol.toUpperCase(), name: market, rank: null }]
      : [];
  }

  private async dailyNow(coin: CoinRef, _quote: string, from: string, to: string): Promise<DailyPoint[]> {
    const exchange = await this.connect();
    const limit = Math.min(CANDLES_PER_REQUEST, daysBetween(from, to) + 1);
    const candles = await this.retry(() =>
      exchange.fetchOHLCV(coin.id, '1d', dayMs(from), limit, { until: dayMs(addDays(to, 1)) - 1 }),
    );
    if (!Array.isArray(candles))
      throw new ProviderError(this.id, 'malformed', `${this.label} sent candles Lotwise cannot read`);
    const out: DailyPoint[] = [];
    for (const candle of candles) {
      const [ms, open] = Array.isArray(candle) ? candle : [];
      const price = priceText(open);
      if (typeof ms !== 'number' || price === null) {
        throw new ProviderError(this.id, 'malformed', `${this.label} sent a candle Lotwise cannot read`);
      }
      const day = new Date(ms).toISOString().slice(0, 10);
      if (day >= from && day <= to) out.push({ day, price });
    }
    return out;
  }

  /** The ccxt exchange with its markets loaded (ccxt is loaded on first use: it is large). */
  private connect(): Promise<Exchange> {
    this.exchange ??= (async () => {
      const ccxt = await import('ccxt');
      const Class = (ccxt as unknown as Record<string, new (config: object) => Exchange>)[this.id];
      if (typeof Class !== 'function')
        throw new ProviderError(this.id, 'down', `ccxt has no exchange "${this.id}"`);
      const exchange = new Class({ timeout: this.timeoutMs, enableRateLimit: true });
      if (this.config.baseURL) {
        const api = exchange.urls.api as Record<string, string>;
        for (const key of Object.keys(api)) api[key] = this.config.baseURL;
      }
      await this.retry(() => exchange.loadMarkets());
      return exchange;
    })();
    // A failed connection is tried again next time, not remembered.
    this.exchange.catch(() => {
      this.exchange = null;
    });
    return this.exchange;
  }

  private async retry<T>(call: () => Promise<T>): Promise<T> {
    const tries = this.config.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const mapped = await toProviderError(this.id, error);
        if (mapped.kind !== 'rate_limited' || attempt + 1 >= tries) throw mapped;
        await new Promise((resolve) => setTimeout(resolve, (this.config.backoffMs ?? 1000) * 2 ** attempt));
      }
    }
  }
}

async function toProviderError(provider: string, error: unknown): Promise<ProviderError> {
  if (error instanceof ProviderError) return error;
  const ccxt = await import('ccxt');
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.DDoSProtection) {
    return new ProviderError(provider, 'rate_limited', message);
  }
  if (error instanceof ccxt.BadSymbol) return new ProviderError(provider, 'no_data', message);
  if (error instanceof ccxt.AuthenticationError) return new ProviderError(provider, 'unauthorized', message);
  if (error instanceof ccxt.NetworkError || error instanceof ccxt.ExchangeError) {
    return new ProviderError(provider, 'down', message);
  }
  return new ProviderError(provider, 'malformed', message);
}
