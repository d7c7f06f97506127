import type { PriceSettings } from '@lotwise/prices/config';

/** A configured provider as a page sees it right now. */
export interface ProviderReach {
  id: string;
  label: string;
  /**
   * now: it answered its last call, a page may wait for it; skipped: it failed and is left
   * alone (its circuit breaker is open); ask_later: not asked since the start, or its cooldown
   * is over — likely down, so a page does not wait and asks it in the background.
   */
  mode: 'now' | 'skipped' | 'ask_later';
}

/**
 * Where each configured provider stands for an interactive page (issue 35.11): nobody waits on
 * a provider that is known or likely to be unreachable. A provider without a breaker (a test's
 * stand-in) or with the breaker off (PRICE_PROVIDER_COOLDOWN_SECONDS=0) is asked now.
 */
export function providerReach(settings: PriceSettings): ProviderReach[] {
  const all = [...settings.providers.crypto, ...(settings.providers.fx ? [settings.providers.fx] : [])];
  return all.map((p) => {
    const breaker = p.breaker;
    let mode: ProviderReach['mode'] = 'now';
    if (!breaker || breaker.cooldownMs === 0) mode = 'now';
    else if (breaker.skippedUntil !== null) mode = 'skipped';
    else if (breaker.reachability !== 'reachable') mode = 'ask_later';
    return { id: p.id, label: p.label, mode };
  });
}

/** "CoinGecko" / "CoinGecko and Bitstamp"; null for none. */
export function labelList(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  if (labels.length === 1) return labels[0] ?? null;
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * Work a page started and does not wait for (a provider asked in the background), one per key
 * at a time and a few at most; its result lands in the price table for the next view. Errors
 * are the provider's and already recorded by its breaker: they are dropped here.
 */
export class BackgroundWork {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly limit = 8) {}

  /** Starts `work` unless the same key runs; true when it runs now (started or already running). */
  start(key: string, work: () => Promise<unknown>): boolean {
    if (this.running.has(key)) return true;
    if (this.running.size >= this.limit) return false;
    const done = work()
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.running.delete(key));
    this.running.set(key, done);
    return true;
  }

  isRunning(key: string): boolean {
    return this.running.has(key);
  }

  /** Waits for what runs (on close), at most `ms`. */
  async settle(ms = 10_000): Promise<void> {
    const all = Promise.all(this.running.values());
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }
}
