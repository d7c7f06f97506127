import type { JobRow } from '../db/schema.ts';
import type { JobName } from './job-names.ts';
import { type JobExecutor, type JobHandler, type JobQueue, STOP_GRACE_MS, within } from './job-queue.ts';
import type { JobsRepo } from './jobs.repo.ts';

/**
 * One process on SQLite: jobs run in this process, picked from the jobs table, so a job
 * queued before a crash or restart runs when the server comes back. Up to `slots` jobs run
 * at once, never two of one user, the next being the oldest queued job of a user with
 * nothing running: one user's large import does not hold everyone else's small one
 * (issue 29.9), and each user's jobs still run one after another, in order.
 */
export class EmbeddedQueue implements JobQueue {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  /** The run of each user with a job in progress here. */
  private readonly active = new Map<number, Promise<void>>();
  private picking: Promise<void> = Promise.resolve();
  private pickingNow = false;
  private pickAgain = false;

  constructor(
    private readonly repo: JobsRepo,
    private readonly executor: JobExecutor,
    private readonly pollMs = 500,
    private readonly slots = 2,
  ) {}

  register(name: JobName, handler: JobHandler): void {
    this.executor.register(name, handler);
  }

  liveProgress(jobId: number): number | undefined {
    return this.executor.liveProgress(jobId);
  }

  async enqueue(name: JobName, userId: number, payload: unknown, options: { dedupeKey?: string } = {}) {
    const job: JobRow = await this.repo.insert(name, userId, payload, options.dedupeKey ?? null);
    this.executor.notify(job);
    this.kick();
    return job;
  }

  async start(): Promise<void> {
    await this.repo.requeueRunning();
    this.running = true;
    this.kick();
  }

  /**
   * Stops picking, tells the running jobs to end (a job waiting on a provider ends at once) and
   * waits for them at most `graceMs`; what still runs then is queued again (never left running).
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.picking;
    this.executor.interrupt();
    await within(Promise.all(this.active.values()), graceMs);
    await this.executor.release();
  }

  async idle(): Promise<void> {
    for (;;) {
      await this.picking;
      await Promise.all(this.active.values());
      // Query first, then read the state (see PgBossQueue.idle).
      const queued = await this.repo.nextQueuedId();
      if (queued === undefined && this.active.size === 0 && !this.pickingNow) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private kick(): void {
    if (!this.running) return;
    if (this.pickingNow) {
      this.pickAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.pickingNow = true;
    this.pickAgain = false;
    this.picking = this.fill().finally(() => {
      this.pickingNow = false;
      if (!this.running) return;
      if (this.pickAgain) this.kick();
      else this.timer = setTimeout(() => this.kick(), this.pollMs);
    });
  }

  /** Starts jobs while a slot is free and a user with nothing running has one queued. */
  private async fill(): Promise<void> {
    while (this.running && this.active.size < this.slots) {
      const next = await this.repo.nextFairQueuedId([...this.active.keys()]);
      if (!next) return;
      const run = this.executor
        .run(next.id, { onlyQueued: true })
        .catch(() => undefined) // the executor records a job's failure; a lost claim is no one's
        .finally(() => {
          this.active.delete(next.userId);
          this.kick();
        });
      this.active.set(next.userId, run);
    }
  }
}
