import type { StoredPrice } from '../types.ts';
import { CircuitBreaker, DEFAULT_COOLDOWN_SECONDS } from './breaker.ts';
import { DEFAULT_TIMEOUT_SECONDS, withDeadline } from './deadline.ts';
import { priceText } from './points.ts';
import { type FxProvider, ProviderError } from './provider.ts';

export interface EcbConfig {
  /** The ECB data portal's API root; tests point it at a replay server. */
  baseURL?: string | undefined;
  retries?: number | undefined;
  backoffMs?: number | undefined;
  /** One request's bound, its retries included (PRICE_PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs?: number | undefined;
  /** Seconds the provider is skipped after it failed to answer (the circuit breaker). */
  cooldownSeconds?: number | undefined;
}

export const ECB_BASE_URL = 'https://data-api.ecb.europa.eu/service';

/** Currencies the ECB publishes reference rates for (1 EUR = x). */
const ECB_CURRENCIES = new Set(
  'USD JPY BGN CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR'.split(
    ' ',
  ),
);

/**
 * Euro foreign exchange reference rates from the ECB data portal (SDMX REST, series
 * EXR/D.{currencies}.EUR.SP00.A as CSV): one request for every currency over the whole range.
 * Rates exist for TARGET business days; the price book looks back over weekends and holidays.
 * The ECB has no SDK; this is its documented REST interface read with a CSV parser.
 */
export class EcbFxProvider implements FxProvider {
  readonly id = 'ecb';
  readonly label = 'European Central Bank';

  readonly breaker: CircuitBreaker;

  constructor(private readonly config: EcbConfig = {}) {
    this.breaker = new CircuitBreaker(
      this.id,
      this.label,
      (config.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) * 1000,
    );
  }

  async rates(currencies: readonly string[], from: string, to: string): Promise<StoredPrice[]> {
    const wanted = [...new Set(currencies.map((c) => c.toUpperCase()))]
      .filter((c) => ECB_CURRENCIES.has(c))
      .sort();
    if (wanted.length === 0) return [];
    const base = (this.config.baseURL ?? ECB_BASE_URL).replace(/\/$/, '');
    const url = `${base}/data/EXR/D.${wanted.join('+')}.EUR.SP00.A?startPeriod=${from}&endPeriod=${to}&format=csvdata`;
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
    const text = await this.breaker.run(() =>
      withDeadline(this.id, this.label, timeoutMs, (signal) => this.get(url, signal)),
    );
    if (text === null) return [];
    // Loaded here, not at start: most calculations never ask the ECB.
    const { parse } = await import('csv-parse/sync');
    let rows: Record<string, string>[];
    try {
      rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
    } catch {
      throw new ProviderError(this.id, 'malformed', 'The ECB sent rates Lotwise cannot read');
    }
    const out: StoredPrice[] = [];
    for (const row of rows) {
      const currency = row.CURRENCY;
      const day = row.TIME_PERIOD;
      if (currency === undefined || day === undefined || row.OBS_VALUE === undefined) {
        throw new ProviderError(
          this.id,
          'malformed',
          'The ECB sent rates without CURRENCY, TIME_PERIOD or OBS_VALUE',
        );
      }
      // A holiday can appear with an empty value: no rate that day.
      if (row.OBS_VALUE === '' || row.OBS_VALUE === 'NaN') continue;
      const price = priceText(row.OBS_VALUE);
      if (price === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
        throw new ProviderError(
          this.id,
          'malformed',
          `The ECB sent a rate Lotwise cannot read (${currency} ${day})`,
        );
      }
      out.push({ asset: 'EUR', quote: currency, day, price, origin: this.id });
    }
    return out;
  }

  /** The reply's text; null when the ECB has no data for the period (its 404). */
  private async get(url: string, signal: AbortSignal): Promise<string | null> {
    const tries = this.config.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'text/csv' },
          signal,
        });
      } catch (error) {
        throw new ProviderError(this.id, 'down', error instanceof Error ? error.message : String(error));
      }
      if (response.ok) return await response.text();
      if (response.status === 404) return null;
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt + 1 >= tries) {
        throw new ProviderError(
          this.id,
          response.status === 429 ? 'rate_limited' : 'down',
          `HTTP ${response.status}`,
        );
      }
      const after = Number(response.headers.get('retry-after'));
      const wait =
        Number.isFinite(after) && after > 0 ? after * 1000 : (this.config.backoffMs ?? 1000) * 2 ** attempt;
      if (signal.aborted) throw new ProviderError(this.id, 'down', 'The ECB did not answer in time');
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
