/** Why a resolution stopped asking providers before it was done. */
export type BoundReason = 'budget' | 'aborted';

/** Thrown into a provider wait when the resolution's bound is reached. */
export class BoundReached extends Error {
  constructor(readonly reason: BoundReason) {
    super(reason === 'budget' ? 'the providers were waited on long enough' : 'the work was stopped');
  }
}

/**
 * The bound of one resolution on waiting for providers (issue 35: a provider that accepts the
 * connection and never answers held a calculation at "Finding prices" for minutes): a budget
 * in all (PRICE_PROVIDER_BUDGET_SECONDS) and the caller's signal (a server that stops). A wait
 * is answered when either ends, whatever the request does; no provider is asked after.
 */
export class ResolutionBound {
  private readonly endsAt: number;
  /** Set once the bound was reached. */
  reached: BoundReason | null = null;

  constructor(
    readonly budgetMs: number | undefined,
    private readonly signal: AbortSignal | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.endsAt = budgetMs === undefined ? Number.POSITIVE_INFINITY : now() + budgetMs;
  }

  /** Whether no provider may be asked any more (and why). */
  over(): BoundReason | null {
    if (this.signal?.aborted) this.reached = 'aborted';
    else if (this.now() >= this.endsAt) this.reached ??= 'budget';
    return this.reached;
  }

  /** `work`, or a BoundReached as soon as the budget is spent or the signal aborts. */
  async race<T>(work: Promise<T>): Promise<T> {
    const over = this.over();
    if (over) {
      work.catch(() => undefined);
      throw new BoundReached(over);
    }
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      if (Number.isFinite(this.endsAt)) {
        timer = setTimeout(
          () => {
            this.reached ??= 'budget';
            reject(new BoundReached(this.reached));
          },
          Math.max(0, this.endsAt - this.now()),
        );
        timer.unref?.();
      }
      onAbort = () => {
        this.reached = 'aborted';
        reject(new BoundReached('aborted'));
      };
      this.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work, stop]);
    } finally {
      clearTimeout(timer);
      if (onAbort) this.signal?.removeEventListener('abort', onAbort);
    }
  }
}
