import { ProviderError } from './provider-error.ts';

/** How long a provider that failed is left alone by default (PRICE_PROVIDER_COOLDOWN_SECONDS). */
export const DEFAULT_COOLDOWN_SECONDS = 300;

/**
 * What the process knows of a provider: `unknown` until its first call, `reachable` after a
 * call it answered (with data or a refusal), `unreachable` after one it did not answer — also
 * once the cooldown is over, until a call proves otherwise. Interactive pages wait only for a
 * reachable provider (issue 35.11).
 */
export type Reachability = 'unknown' | 'reachable' | 'unreachable';

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
  private last: Reachability = 'unknown';

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

  /** The outcome of the provider's last call (see Reachability). */
  get reachability(): Reachability {
    return this.last;
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
      this.last = 'reachable';
      return result;
    } catch (error) {
      const down = !(error instanceof ProviderError) || error.kind === 'down';
      // A refusal, a 404 or a rate limit is an answer: the provider is there.
      this.last = down ? 'unreachable' : 'reachable';
      if (error instanceof ProviderError && error.kind === 'down' && this.cooldownMs > 0) {
        this.openUntil = this.now() + this.cooldownMs;
        this.reason = error.message.slice(0, 200);
      }
      throw error;
    }
  }
}
