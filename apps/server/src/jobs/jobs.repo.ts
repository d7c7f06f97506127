import type { Kysely } from 'kysely';
import type { Database, JobRow, JobStatus } from '../db/schema.ts';
import { nowIso } from '../modules/users/users.repo.ts';
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
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  find(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks one queued job running; answers undefined if another worker got it first. */
  async claim(id: number): Promise<JobRow | undefined> {
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', started_at: nowIso(), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', 'in', ACTIVE)
      .returningAll()
      .executeTakeFirst();
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

  async progress(id: number, progress: number, message: string | null): Promise<JobStatus | undefined> {
    await this.db
      .updateTable('jobs')
      .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), message })
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
