import { ProviderError } from './provider.ts';

/** How long a provider that failed is left alone by default (PRICE_PROVIDER_COOLDOWN_SECONDS). */
export const DEFAULT_COOLDOWN_SECONDS = 300;

/**
 * A circuit breaker for one provider: after it fails to answer (connection refused, a timeout,
 * a 5xx — the adapters' `down`), it is not asked again for `cooldownMs`; every call in that
 * time fails at once with a ProviderError saying the provider is unreachable, so a page or a
 * calculation answers from the local table instead of waiting on the outage again. The first
 * call after the cooldown asks the provider again (one success closes the breaker). One per
 * adapter instance, and the server keeps one set of adapters per process, so pricing and Labs
 * share it. A cooldown of 0 turns it off.
 */
export class CircuitBreaker {
  private openUntil = 0;
  private reason = '';

  constructor(
    readonly provider: string,
    readonly label: string,
    readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Until when (ms) the provider is skipped; null when it is asked. */
  get skippedUntil(): number | null {
    return this.now() < this.openUntil ? this.openUntil : null;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    const until = this.skippedUntil;
    if (until !== null) {
      throw new ProviderError(
        this.provider,
        'down',
        `${this.label} is unreachable (${this.reason}); not asked again before ${new Date(until).toISOString()}`,
      );
    }
    try {
      const result = await call();
      this.openUntil = 0;
      return result;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'down' && this.cooldownMs > 0) {
        this.openUntil = this.now() + this.cooldownMs;
        this.reason = error.message.slice(0, 200);
      }
      throw error;
    }
  }
}
