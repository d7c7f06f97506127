import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobName } from './job-names.ts';
import { type JobExecutor, type JobHandler, type JobQueue, STOP_GRACE_MS, within } from './job-queue.ts';
import type { JobsRepo } from './jobs.repo.ts';

const QUEUE = 'lotwise-jobs';

/**
 * PostgreSQL: pg-boss tells every server process that work is waiting, so any process can
 * pick it up; status and progress stay in our jobs table, as with the embedded queue. Which
 * job runs next is decided there, fair between users (JobsRepo.nextFairQueuedId: the oldest
 * queued job of a user with nothing running, in any process), up to `slots` at once per
 * process: one user's large import does not hold everyone else's small one (issue 29.9).
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private inFlight = 0;
  /** The run of each user with a job in progress in this process (fair picks). */
  private readonly active = new Map<number, Promise<void>>();
  private filling = false;
  private fillAgain = false;
  private stopped = false;
  private poller: NodeJS.Timeout | undefined;
  /** Runs of jobs taken over from a stopped process (not in `active`). */
  private readonly takenOver = new Set<Promise<void>>();

  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    connectionString: string,
    private readonly repo: JobsRepo,
    private readonly executor: JobExecutor,
    private readonly options: {
      schema?: string;
      /** A running job whose process has not beaten for this long is taken over. */
      staleMs?: number;
      sweepMs?: number;
      log?: FastifyBaseLogger;
      /** Jobs this process runs at once (of different users). */
      slots?: number;
    } = {},
  ) {
    this.boss = new PgBoss({ connectionString, schema: options.schema ?? 'pgboss', max: 4 });
  }

  /**
   * A process killed mid-job (kill -9, a lost machine) leaves its job running with an old
   * heartbeat; pg-boss would only retry it after the hour-long expiry. Every process looks
   * for such jobs and one of them (the conditional update decides) runs it again: handlers
   * are re-runnable, and imports add nothing twice.
   */
  private async sweep(): Promise<void> {
    for (;;) {
      const id = await this.repo.takeOverStale(this.executor.worker, this.options.staleMs ?? 30_000);
      if (id === undefined) return;
      this.options.log?.warn({ jobId: id }, 'taking over a job whose process stopped');
      this.inFlight++;
      const run: Promise<void> = this.executor.run(id).finally(() => {
        this.inFlight--;
        this.takenOver.delete(run);
      });
      this.takenOver.add(run);
    }
  }

  /** Starts jobs while a slot is free and a user with nothing running has one queued. */
  private async fill(): Promise<void> {
    if (this.stopped) return;
    if (this.filling) {
      this.fillAgain = true;
      return;
    }
    this.filling = true;
    try {
      do {
        this.fillAgain = false;
        while (!this.stopped && this.active.size < (this.options.slots ?? 2)) {
          const next = await this.repo.nextFairQueuedId([...this.active.keys()]);
          if (!next) break;
          this.inFlight++;
          const run = this.executor
            .run(next.id, { onlyQueued: true })
            .catch((error: unknown) =>
              this.options.log?.warn({ err: error, jobId: next.id }, 'job run failed'),
            )
            .finally(() => {
              this.inFlight--;
              this.active.delete(next.userId);
              this.wake();
            });
          this.active.set(next.userId, run);
        }
      } while (this.fillAgain);
    } finally {
      this.filling = false;
    }
  }

  private wake(): void {
    this.fill().catch((error: unknown) => this.options.log?.warn({ err: error }, 'picking a job failed'));
  }

  register(name: JobName, handler: JobHandler): void {
    this.executor.register(name, handler);
  }

  liveProgress(jobId: number): number | undefined {
    return this.executor.liveProgress(jobId);
  }

  async enqueue(name: JobName, userId: number, payload: unknown, options: { dedupeKey?: string } = {}) {
    const job = await this.repo.insert(name, userId, payload, options.dedupeKey ?? null);
    this.executor.notify(job);
    await this.boss.send(QUEUE, { jobId: job.id }, { retryLimit: 2, expireInMinutes: 60 });
    this.wake(); // this process may have a free slot: no need to wait for pg-boss's poll
    return job;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.options.log?.warn({ err: error }, 'job sweep failed'));
    }, this.options.sweepMs ?? 5000);
    this.sweeper.unref();
    await this.createQueueOnce();
    // A message says a job was queued somewhere; the fair pick decides which one runs.
    await this.boss.work<{ jobId: number }>(
      QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async () => {
        await this.fill();
      },
    );
    // A job left queued while its user had another running is picked when a slot frees
    // (here or in another process); the poll covers one freed in another process.
    this.poller = setInterval(() => this.wake(), 1000);
    this.poller.unref();
    this.wake();
  }

  /**
   * Processes starting together each try to create the queue; PostgreSQL may pick one of them
   * as a deadlock victim (pg-boss's create_queue alters tables). The queue then exists or is
   * about to: look again and retry after a short, random wait.
   */
  private async createQueueOnce(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(QUEUE)) return;
        await this.boss.createQueue(QUEUE);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        const retriable = code === '40P01' || code === '23505' || code === '40001';
        if (!retriable || attempt >= 8) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  /** As EmbeddedQueue.stop: running jobs are told to end, waited for at most `graceMs`, then queued again. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearInterval(this.poller);
    this.executor.interrupt();
    await this.boss.stop({ graceful: true, wait: true, timeout: graceMs });
    await within(Promise.all([...this.active.values(), ...this.takenOver]), graceMs);
    await this.executor.release();
  }

  async idle(): Promise<void> {
    for (;;) {
      // Query first, then read the counter: read the other way round, a job claimed while
      // the query ran is neither queued nor counted, and idle() returned during it.
      const queued = await this.repo.nextQueuedId();
      if (queued === undefined && this.inFlight === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
