import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChange } from '../src/modules/transactions/annotations/annotations.repo.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 29.6: a bulk change interrupted part-way (its process killed) is run again, on SQLite
 * when the server restarts, on PostgreSQL by another process taking over the job whose
 * heartbeat stopped. It used to start again from the first row and re-apply its change over
 * what the user did meanwhile. It goes on from its own checkpoint and leaves every row changed
 * after the job was asked for as the user made it.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const N = 40;
const FILE = [
  HEADER,
  ...Array.from(
    { length: N },
    (_, i) =>
      `2024-01-${String((i % 28) + 1).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,dot${i}`,
  ),
].join('\n');
const ALL = { txns_type: 'all', page: 1, page_size: 20 };
const tick = () => new Promise((r) => setTimeout(r, 5));

for (const dialect of DIALECTS) {
  describe(`${dialect}: an interrupted bulk job resumes without overwriting later changes`, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;

    const db = () => server.ctx.db.kysely;
    const rows = () =>
      db().selectFrom('transactions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

    beforeAll(async () => {
      // PostgreSQL: a job silent for a second is taken over (the sweeper looks every 0.2 s).
      server = await startTestServer(dialect, { JOB_HEARTBEAT_SECONDS: '0.2', JOB_STALE_SECONDS: '1' });
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
      userId = Number((await db().selectFrom('users').select('id').executeTakeFirstOrThrow()).id);
    });
    afterAll(() => server.dispose());

    /** A job row as a process killed while running it leaves it: running, with a checkpoint. */
    async function interruptedJob(payload: unknown, checkpoint: unknown, createdAt: string) {
      const job = await db()
        .insertInto('jobs')
        .values({
          user_id: userId,
          name: 'transactions.bulk',
          status: 'running',
          progress: 30,
          message: null,
          payload: JSON.stringify(payload),
          result: null,
          error: null,
          dedupe_key: null,
          attempts: 1,
          created_at: createdAt,
          started_at: createdAt,
          finished_at: null,
          heartbeat_at: new Date().toISOString(),
          worker: 'dead-host:1:deadbeef',
          checkpoint: JSON.stringify(checkpoint),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(job.id);
    }

    /** The process is gone: SQLite's server starts again; PostgreSQL's heartbeat goes stale. */
    async function resume(jobId: number) {
      if (dialect === 'sqlite') {
        await server.ctx.jobs.stop();
        await server.ctx.jobs.start();
      } else {
        await db()
          .updateTable('jobs')
          .set({ heartbeat_at: new Date(Date.now() - 60_000).toISOString() })
          .where('id', '=', jobId)
          .execute();
      }
      for (let i = 0; i < 300; i++) {
        const job = await server.ctx.jobsRepo.find(jobId);
        if (job && job.status !== 'running' && job.status !== 'queued') return job;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the interrupted job did not finish');
    }

    it('a bulk ignore continues after its checkpoint; rows the user changed meanwhile stay', async () => {
      const before = await rows();
      expect(before).toHaveLength(N);
      const ids = before.map((r) => Number(r.id));
      const asked = new Date().toISOString();
      await tick();
      // The first run ignored the first 12 rows (30 %), recorded that, and its process died.
      const jobId = await interruptedJob(
        { action: 'ignore', mark: null, kind: null, filter: ALL },
        { after: ids[11], counts: { done: 12, updated: 12, skipped: 0 } },
        asked,
      );
      await applyChange(db(), userId, before.slice(0, 12), 'ignore', { ignored: true }, jobId);
      await tick();
      // Meanwhile the user enables 5 of those again and marks one row the job has not reached.
      const enabled = ids.slice(2, 7);
      for (const id of enabled) {
        const res = await alice.post(`/api/traces/update_transaction_type/${id}/ignore_reset`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const marked = ids[20]!;
      expect((await alice.post(`/api/traces/update_transaction_type/${marked}/airdrop`)).status).toBe(200);

      const job = await resume(jobId);
      expect(job.status).toBe('succeeded');
      const after = await rows();
      const ignored = (id: number) => Boolean(after.find((r) => Number(r.id) === id)!.ignored);
      expect(enabled.filter(ignored)).toEqual([]);
      expect(ignored(marked)).toBe(false);
      expect(after.find((r) => Number(r.id) === marked)!.user_defined_type).toBe('airdrop');
      const expected = ids.filter((id) => !enabled.includes(id) && id !== marked);
      expect(ids.filter(ignored)).toEqual(expected);
      // It went on from its checkpoint: the first 12 rows have one change by the job each.
      const byJob = await db()
        .selectFrom('annotation_histories')
        .select('dedupe_key')
        .where('bulk_job_id', '=', jobId)
        .execute();
      expect(byJob).toHaveLength(N - 1);
      expect(JSON.parse(job.result!)).toEqual({ total: N, updated: N - 1, skipped: 1 });
    });

    it('an undo continues after its checkpoint; a row changed after the undo was asked stays', async () => {
      // Start from every row enabled with no type, then a finished bulk ignore of all of them.
      await db()
        .updateTable('transactions')
        .set({ ignored: false, user_defined_type: null })
        .where('user_id', '=', userId)
        .execute();
      await alice.post('/api/transaction/bulk_by_filter', { action: 'ignore', filter: ALL });
      await server.ctx.jobs.idle();
      const bulk = await db()
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', 'transactions.bulk')
        .where('status', '=', 'succeeded')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const entries = await db()
        .selectFrom('annotation_histories')
        .select('dedupe_key')
        .where('bulk_job_id', '=', Number(bulk.id))
        .orderBy('id')
        .execute();
      expect(entries).toHaveLength(N);
      const all = await rows();
      const byKey = new Map(all.map((r) => [r.dedupe_key, r]));
      const inOrder = entries.map((e) => byKey.get(e.dedupe_key)!);
      const asked = new Date().toISOString();
      await tick();
      // The undo's first run enabled the first 10 rows of the history and died.
      const undoId = await interruptedJob(
        { undo: Number(bulk.id), action: 'type', mark: null, kind: null, filter: null },
        { done: 10, counts: { updated: 10, skipped: 0 } },
        asked,
      );
      await applyChange(db(), userId, inOrder.slice(0, 10), 'ignore', { ignored: false }, undoId);
      await tick();
      // The user ignores one of those again, and marks a row the undo has not reached.
      const again = Number(inOrder[3]!.id);
      expect((await alice.post(`/api/traces/update_transaction_type/${again}/ignore`)).status).toBe(200);
      const later = Number(inOrder[30]!.id);
      await applyChange(db(), userId, [inOrder[30]!], 'ignore', { ignored: true });

      const job = await resume(undoId);
      expect(job.status).toBe('succeeded');
      const after = await rows();
      const ignored = after.filter((r) => Boolean(r.ignored)).map((r) => Number(r.id));
      expect(ignored.sort((a, b) => a - b)).toEqual([again, later].sort((a, b) => a - b));
      expect(JSON.parse(job.result!)).toEqual({ total: N, updated: N - 1, skipped: 1 });
    });
  });
}
