import { ProviderError } from './provider-error.ts';

/** Seconds one provider request may take before it counts as unanswered (PRICE_PROVIDER_TIMEOUT_SECONDS). */
export const DEFAULT_TIMEOUT_SECONDS = 15;

/**
 * One provider request with a bound (issue 35, a provider that accepts the connection and
 * never answers): the call gets a signal that aborts at `ms`, and whoever waits is answered
 * at `ms` with a `down` ProviderError whether or not the request honours the signal (ccxt
 * has its own timer, an SDK may retry inside). The breaker around it counts that as an
 * outage, so a hanging provider costs one bound, not its SDK's retries of 30 s each.
 */
export async function withDeadline<T>(
  provider: string,
  label: string,
  ms: number,
  call: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderError(provider, 'down', `${label} did not answer within ${seconds(ms)}`));
    }, ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([Promise.resolve(call(controller.signal)), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** "15 s", "0.3 s". */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
