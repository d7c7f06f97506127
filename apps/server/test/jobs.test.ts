import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../src/realtime/hub.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: background jobs`, () => {
    let server: TestServer;
    let userId: number;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', {
        email: 'jobs@example.com',
        password: 'correct horse 9',
      });
      userId = res.body.user.id;
    });
    afterAll(() => server.dispose());

    it('runs a job, records progress and result, and tells the user over the imports channel', async () => {
      const seen: Notification[] = [];
      const unsubscribe = server.ctx.hub.subscribe(userId, (n) => seen.push(n));
      server.ctx.jobs.register('test.echo', async ({ payload, progress }) => {
        await progress(50, 'half way');
        return { echoed: payload };
      });
      const job = await server.ctx.jobs.enqueue('test.echo', userId, { hello: 'world' });
      await server.ctx.jobs.idle();
      unsubscribe();
      const done = await server.ctx.jobsRepo.find(job.id);
      expect(done).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1 });
      expect(JSON.parse(done!.result!)).toEqual({ echoed: { hello: 'world' } });
      const statuses = seen
        .filter((n) => n.data?.id === job.id)
        .map((n) => `${n.data?.status}:${n.data?.progress}`);
      expect(statuses).toEqual(['queued:0', 'running:0', 'running:50', 'succeeded:100']);
      expect(seen.every((n) => n.channel === 'imports')).toBe(true);
    });

    it('lets the server answer requests between progress reports of a job that never waits', async () => {
      const order: string[] = [];
      server.ctx.jobs.register('test.echo', async ({ progress }) => {
        for (let step = 1; step <= 3; step++) {
          // Synchronous work, as SQLite calls are: nothing else can run inside it.
          const until = Date.now() + 5;
          while (Date.now() < until) {}
          order.push(`step ${step}`);
          await progress(step * 30);
        }
        return null;
      });
      await server.ctx.jobs.enqueue('test.echo', userId, {});
      // A request arriving while the job runs is answered between its steps, not after it.
      const answered = new Promise<void>((resolve) =>
        setTimeout(() => {
          order.push('request');
          resolve();
        }, 1),
      );
      await server.ctx.jobs.idle();
      await answered;
      expect(order.indexOf('request')).toBeGreaterThan(-1);
      expect(order.indexOf('request')).toBeLessThan(order.indexOf('step 3'));
    });

    it('keeps progress in memory only when asked (a job whose own connection holds the write lock)', async () => {
      const seen: Notification[] = [];
      const unsubscribe = server.ctx.hub.subscribe(userId, (n) => seen.push(n));
      let during: { live: number | undefined; stored: number | undefined } | undefined;
      server.ctx.jobs.register('test.echo', async ({ job, progress }) => {
        await progress(40, 'reading', { persist: false });
        during = {
          live: server.ctx.jobs.liveProgress(job.id),
          stored: (await server.ctx.jobsRepo.find(job.id))?.progress,
        };
        return null;
      });
      const job = await server.ctx.jobs.enqueue('test.echo', userId, {});
      await server.ctx.jobs.idle();
      unsubscribe();
      expect(during).toEqual({ live: 40, stored: 0 });
      expect(server.ctx.jobs.liveProgress(job.id)).toBeUndefined();
      expect(seen.filter((n) => n.data?.id === job.id).map((n) => n.data?.progress)).toEqual([0, 0, 40, 100]);
    });

    it('records a failing job with its error instead of crashing', async () => {
      server.ctx.jobs.register('test.echo', async () => {
        throw new Error('row 7: amount is not a number');
      });
      const job = await server.ctx.jobs.enqueue('test.echo', userId, {});
      await server.ctx.jobs.idle();
      expect(await server.ctx.jobsRepo.find(job.id)).toMatchObject({
        status: 'failed',
        error: 'row 7: amount is not a number',
      });
    });

    it('a newer job with the same key supersedes a running one', async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      server.ctx.jobs.register('test.echo', async ({ payload, progress }) => {
        if ((payload as { n: number }).n === 1) {
          await gate;
          await progress(10);
        }
        return payload;
      });
      const first = await server.ctx.jobs.enqueue(
        'test.echo',
        userId,
        { n: 1 },
        { dedupeKey: `tax:${userId}` },
      );
      for (let i = 0; i < 100 && (await server.ctx.jobsRepo.find(first.id))?.status !== 'running'; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const second = await server.ctx.jobs.enqueue(
        'test.echo',
        userId,
        { n: 2 },
        { dedupeKey: `tax:${userId}` },
      );
      release();
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(first.id))?.status).toBe('superseded');
      expect((await server.ctx.jobsRepo.find(second.id))?.status).toBe('succeeded');
    });
  });
}
