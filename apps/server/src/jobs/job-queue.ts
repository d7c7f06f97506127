import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../db/schema.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { JobName } from './job-names.ts';
import type { JobsRepo } from './jobs.repo.ts';
import { yieldToRequests } from './yield-to-requests.ts';

/** Thrown inside a handler when a newer job with the same key took over. */
export class JobSuperseded extends Error {
  constructor() {
    super('superseded by a newer job');
  }
}

/**
 * Thrown inside a handler when the server stops (JobIO.signal aborted): the job is queued
 * again, to go on when a server starts. A kind of JobSuperseded, so handlers that leave a
 * superseded job to its new owner leave this one as it is too.
 */
export class JobInterrupted extends JobSuperseded {
  constructor() {
    super();
    this.message = 'stopped with the server';
  }
}

/** What a job says while it waits in the queue after a server stop. */
export const INTERRUPTED_MESSAGE = 'Stopped with the server: it goes on when the server starts again';

export interface JobIO {
  job: JobRow;
  /**
   * Aborted when the server stops: a handler stops waiting (a price provider, a remote API)
   * and ends; its job is queued again. progress() throws JobInterrupted from then on.
   */
  signal: AbortSignal;
  payload: unknown;
  /**
   * Where an earlier run of this job got to (what it passed as `checkpoint` to progress), or
   * null on its first run: a run after a restart or a take-over continues from there.
   */
  checkpoint: unknown;
  /**
   * Records progress (0–100) and tells the user's browser; throws JobSuperseded if replaced.
   * `persist: false` keeps it in memory only (liveProgress), for a job whose own connection
   * holds the embedded database's write lock meanwhile. `checkpoint` (JSON-able) is stored
   * with a persisted progress for the next run (see `checkpoint`).
   */
  progress(
    percent: number,
    message?: string,
    options?: { persist?: boolean; checkpoint?: unknown },
  ): Promise<void>;
}

export type JobHandler = (io: JobIO) => Promise<unknown>;

/** How long a stopping server waits for its running jobs to end once told to (then queues them again). */
export const STOP_GRACE_MS = 10_000;

/** Waits for `work`, at most `ms`. */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

export interface JobQueue {
  register(name: JobName, handler: JobHandler): void;
  enqueue(name: JobName, userId: number, payload: unknown, options?: { dedupeKey?: string }): Promise<JobRow>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no job is queued or running in this process (tests, graceful stop). */
  idle(): Promise<void>;
  /** Progress a running job reported without persisting it (see JobIO.progress). */
  liveProgress(jobId: number): number | undefined;
}

/**
 * What every queue shares: running one job by id with status, progress and notifications
 * kept in the jobs table, whichever transport delivered the id.
 */
export class JobExecutor {
  private readonly handlers = new Map<JobName, JobHandler>();
  private readonly live = new Map<number, number>();
  /** Each running job's abort, for a server that stops. */
  private readonly running = new Map<number, AbortController>();

  /** This process, as the jobs table names the worker of a running job. */
  readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly repo: JobsRepo,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    /** null: one process (the embedded queue), no one to take over; no beats either. */
    private readonly heartbeatMs: number | null = null,
  ) {}

  register(name: JobName, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  liveProgress(jobId: number): number | undefined {
    return this.live.get(jobId);
  }

  /** The server stops: every running job is told to end (JobIO.signal). */
  interrupt(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  /**
   * After a stop's grace: jobs of this process still running are queued again (a handler
   * that did not end in time), so none is left "running" by a process that is gone.
   */
  async release(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length > 0) await this.repo.requeue(ids, this.worker, INTERRUPTED_MESSAGE);
  }

  notify(job: Pick<JobRow, 'id' | 'user_id' | 'name' | 'status' | 'progress' | 'message'>): void {
    this.hub.publish(job.user_id, {
      channel: 'imports',
      event: 'job',
      data: { id: job.id, name: job.name, status: job.status, progress: job.progress, message: job.message },
    });
  }

  /** `onlyQueued`: a job picked from the table (not delivered once by a transport) is claimed only if still queued. */
  async run(jobId: number, options: { onlyQueued?: boolean } = {}): Promise<void> {
    const job = await this.repo.claim(jobId, this.worker, options.onlyQueued ? ['queued'] : undefined);
    if (!job) return;
    // Beat while it runs; a job another process took over (this one stalled) is no longer ours.
    let lost = false;
    if (this.heartbeatMs === null) return this.execute(job, () => lost);
    const beat = setInterval(() => {
      this.repo.heartbeat(job.id, this.worker).then(
        (ours) => {
          if (!ours) lost = true;
        },
        (error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      );
    }, this.heartbeatMs);
    beat.unref();
    try {
      await this.execute(job, () => lost);
    } finally {
      clearInterval(beat);
    }
  }

  private async execute(job: JobRow, lost: () => boolean): Promise<void> {
    this.notify(job);
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) {
      await this.repo.finish(job.id, 'failed', { error: `No handler for job ${job.name}` });
      this.notify({ ...job, status: 'failed' });
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const io: JobIO = {
      job,
      signal: controller.signal,
      payload: JSON.parse(job.payload) as unknown,
      checkpoint: job.checkpoint ? (JSON.parse(job.checkpoint) as unknown) : null,
      progress: async (percent, message, options) => {
        if (controller.signal.aborted) throw new JobInterrupted();
        const status =
          options?.persist === false
            ? (await this.repo.find(job.id))?.status
            : await this.repo.progress(job.id, percent, message ?? null, options?.checkpoint);
        if (status === 'superseded' || lost()) throw new JobSuperseded();
        if (options?.persist === false) this.live.set(job.id, Math.round(percent));
        this.notify({ ...job, status: 'running', progress: Math.round(percent), message: message ?? null });
        // Jobs report progress between chunks of work: give waiting requests their turn.
        await yieldToRequests();
      },
    };
    try {
      const result = await handler(io).finally(() => this.live.delete(job.id));
      if (lost()) return;
      await this.repo.finish(job.id, 'succeeded', { result });
      this.notify({ ...job, status: 'succeeded', progress: 100, message: null });
    } catch (error) {
      // Stopped with the server (whatever the handler threw once told to end): queued again.
      if (
        error instanceof JobInterrupted ||
        (controller.signal.aborted && !(error instanceof JobSuperseded))
      ) {
        await this.repo.requeue([job.id], this.worker, INTERRUPTED_MESSAGE);
        this.notify({ ...job, status: 'queued', progress: 0, message: INTERRUPTED_MESSAGE });
        return;
      }
      if (error instanceof JobSuperseded) return;
      this.log.error({ err: error, jobId: job.id, name: job.name }, 'job failed');
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.finish(job.id, 'failed', { error: message });
      this.notify({ ...job, status: 'failed', message });
    } finally {
      this.running.delete(job.id);
    }
  }
}
