import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route does after it has answered (see AfterAnswer). */
    afterAnswer: AfterAnswer;
  }
}

/**
 * Work a route starts and does not wait for, so its answer takes as long whatever the work
 * finds: a password reset or a sign-up whose timing must not tell whether the address has an
 * account (the database write and the e-mail happen after the answer). A failure is logged,
 * never thrown at the caller; `idle()` waits for everything started (the server waits for it
 * when it closes, tests after each call).
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed after the answer`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
