import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionsRepo } from '../src/modules/auth/sessions.repo.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: a session's sliding expiry`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      await new TestClient(server.app).post('/api/auth/sign_up', {
        email: 'touch@example.com',
        password: 'correct horse 9',
      });
    });
    afterAll(() => server.dispose());

    it('is written at most once a minute, and not while another thread holds the write lock', async () => {
      const session = await server.ctx.db.kysely.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      const stale = { ...session, last_seen_at: new Date(Date.now() - 120_000).toISOString() };
      let blocked = true;
      const repo = new SessionsRepo(server.ctx.db.kysely, 3_600_000, () => blocked);
      const lastSeen = async () =>
        (
          await server.ctx.db.kysely
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('id', '=', session.id)
            .executeTakeFirstOrThrow()
        ).last_seen_at;

      await repo.touch(stale);
      expect(await lastSeen()).toBe(session.last_seen_at);
      blocked = false;
      await repo.touch({ ...session, last_seen_at: new Date().toISOString() });
      expect(await lastSeen()).toBe(session.last_seen_at);
      await repo.touch(stale);
      expect(await lastSeen()).not.toBe(session.last_seen_at);
    });
  });
}
