import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobName } from './job-names.ts';
import type { JobExecutor, JobHandler, JobQueue } from './job-queue.ts';
import type { JobsRepo } from './jobs.repo.ts';

const QUEUE = 'lotwise-jobs';

/**
 * PostgreSQL: pg-boss carries job ids between server processes, so any process can pick
 * up work and a job whose worker died is retried after it expires. Status and progress
 * stay in our jobs table, as with the embedded queue.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private inFlight = 0;

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
      void this.executor.run(id).finally(() => {
        this.inFlight--;
      });
    }
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
    return job;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.options.log?.warn({ err: error }, 'job sweep failed'));
    }, this.options.sweepMs ?? 5000);
    this.sweeper.unref();
    await this.createQueueOnce();
    await this.boss.work<{ jobId: number }>(
      QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        this.inFlight++;
        try {
          await this.executor.run(job.data.jobId);
        } finally {
          this.inFlight--;
        }
      },
    );
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

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
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
