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

  constructor(
    connectionString: string,
    private readonly repo: JobsRepo,
    private readonly executor: JobExecutor,
    schema = 'pgboss',
  ) {
    this.boss = new PgBoss({ connectionString, schema, max: 4 });
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
    await this.boss.createQueue(QUEUE);
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

  async stop(): Promise<void> {
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
