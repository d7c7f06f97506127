/**
 * Spaces one provider's requests: at most `perMinute` starts a minute, one at a time. A 429
 * that still comes back is the SDK's (or the adapter's) to retry with back-off.
 */
export class RateLimiter {
  private readonly gapMs: number;
  private last = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(perMinute: number) {
    this.gapMs = perMinute > 0 ? 60_000 / perMinute : 0;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      const wait = this.last + this.gapMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.last = Date.now();
      return call();
    });
    // The queue goes on whether this call succeeds or not.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
