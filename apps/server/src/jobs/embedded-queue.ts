import type { JobRow } from '../db/schema.ts';
import type { JobName } from './job-names.ts';
import type { JobExecutor, JobHandler, JobQueue } from './job-queue.ts';
import type { JobsRepo } from './jobs.repo.ts';

/**
 * One process on SQLite: jobs run in this process, one at a time, picked from the jobs
 * table, so a job queued before a crash or restart runs when the server comes back.
 */
export class EmbeddedQueue implements JobQueue {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly repo: JobsRepo,
    private readonly executor: JobExecutor,
    private readonly pollMs = 500,
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

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.loop;
  }

  async idle(): Promise<void> {
    for (;;) {
      await this.loop;
      // Query first, then read the flag (see PgBossQueue.idle).
      const queued = await this.repo.nextQueuedId();
      if (queued === undefined && !this.busy) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private kick(): void {
    if (!this.running || this.busy) return;
    clearTimeout(this.timer);
    this.busy = true;
    this.loop = this.drain().finally(() => {
      this.busy = false;
      if (this.running) this.timer = setTimeout(() => this.kick(), this.pollMs);
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (!this.running) return;
      const id = await this.repo.nextQueuedId();
      if (id === undefined) return;
      await this.executor.run(id);
    }
  }
}
