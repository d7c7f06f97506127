import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, JobRow, JobStatus } from '../db/schema.ts';
import { nowIso } from '../db/timestamps.ts';
import type { JobName } from './job-names.ts';

const ACTIVE: JobStatus[] = ['queued', 'running'];

export class JobsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(name: JobName, userId: number, payload: unknown, dedupeKey: string | null): Promise<JobRow> {
    return this.db.transaction().execute(async (trx) => {
      if (dedupeKey) {
        await trx
          .updateTable('jobs')
          .set({ status: 'superseded', finished_at: nowIso() })
          .where('dedupe_key', '=', dedupeKey)
          .where('status', 'in', ACTIVE)
          .execute();
      }
      return trx
        .insertInto('jobs')
        .values({
          name,
          user_id: userId,
          status: 'queued',
          progress: 0,
          message: null,
          payload: JSON.stringify(payload ?? null),
          result: null,
          error: null,
          dedupe_key: dedupeKey,
          attempts: 0,
          created_at: nowIso(),
          started_at: null,
          finished_at: null,
          heartbeat_at: null,
          worker: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  find(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Marks one queued job running; answers undefined if another worker got it first.
   * `from`: the statuses it may be claimed from (a fair pick claims only a queued job).
   */
  async claim(
    id: number,
    worker: string | null = null,
    from: JobStatus[] = ACTIVE,
  ): Promise<JobRow | undefined> {
    const now = nowIso();
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        started_at: now,
        attempts: eb('attempts', '+', 1),
        heartbeat_at: now,
        worker,
      }))
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  /** The running process says it is alive; false when the job is no longer its own. */
  async heartbeat(id: number, worker: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ heartbeat_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker', '=', worker)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One running job whose process stopped beating `staleMs` ago, taken over by `worker`; the
   * conditional update lets exactly one of several processes win it.
   */
  async takeOverStale(worker: string, staleMs: number): Promise<number | undefined> {
    const cutoff = new Date(Date.now() - staleMs).toISOString();
    const stale = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb('status', '=', 'running'),
        eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', cutoff)]),
      ]);
    const candidate = await this.db
      .selectFrom('jobs')
      .select('id')
      .where(stale)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const won = await this.db
      .updateTable('jobs')
      .set({ heartbeat_at: nowIso(), worker })
      .where('id', '=', candidate.id)
      .where(stale)
      .returning('id')
      .executeTakeFirst();
    return won?.id;
  }

  /**
   * The next job to start, fair between users: the oldest queued job of a user with no job
   * running (in any process), so one user's large import never holds everyone else's small
   * one and each user's jobs still run one after another, in order. `busyUsers`: users whose
   * job this process picked and is about to claim (not marked running yet).
   */
  async nextFairQueuedId(
    busyUsers: readonly number[] = [],
  ): Promise<{ id: number; userId: number } | undefined> {
    let query = this.db
      .selectFrom('jobs as j')
      .select(['j.id', 'j.user_id'])
      .where('j.status', '=', 'queued')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs as r')
              .select('r.id')
              .whereRef('r.user_id', '=', 'j.user_id')
              .where('r.status', '=', 'running'),
          ),
        ),
      );
    if (busyUsers.length > 0) query = query.where('j.user_id', 'not in', [...busyUsers]);
    const row = await query.orderBy('j.id').limit(1).executeTakeFirst();
    return row ? { id: Number(row.id), userId: Number(row.user_id) } : undefined;
  }

  async nextQueuedId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** After a crash, jobs left running start again (handlers are written to be re-runnable). */
  async requeueRunning(): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued' })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Jobs a stopping process still runs go back to the queue with a word why (their handlers
   * are re-runnable): only while they are still running and still this process's.
   */
  async requeue(ids: number[], worker: string, message: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', message })
      .where('id', 'in', ids)
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('worker', '=', worker), eb('worker', 'is', null)]))
      .execute();
  }

  /** `checkpoint` (JSON-able), when given, is kept with the progress for a run that takes over. */
  async progress(
    id: number,
    progress: number,
    message: string | null,
    checkpoint?: unknown,
  ): Promise<JobStatus | undefined> {
    await this.db
      .updateTable('jobs')
      .set({
        progress: Math.max(0, Math.min(100, Math.round(progress))),
        message,
        ...(checkpoint !== undefined ? { checkpoint: JSON.stringify(checkpoint) } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
    const row = await this.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  async finish(id: number, status: 'succeeded' | 'failed', outcome: { result?: unknown; error?: string }) {
    await this.db
      .updateTable('jobs')
      .set({
        status,
        progress: status === 'succeeded' ? 100 : undefined,
        result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
        error: outcome.error ?? null,
        finished_at: nowIso(),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  latestForUser(userId: number, name: JobName): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
