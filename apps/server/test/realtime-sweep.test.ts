import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localHub } from '../src/realtime/hub.ts';
import { SocketRegistry } from '../src/realtime/sockets.ts';
import { hashToken } from '../src/shared/tokens.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The registry's own sweep (issue 32.3): a session that ended without a control message — Redis
 * was down, a row deleted by hand — still closes its socket at the next sweep.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: websocket sweep`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('closes a socket whose session is gone though nobody said so', async () => {
      const c = new TestClient(server.app);
      const up = await c.post('/api/auth/sign_up', { email: 'sam@example.com', password: 'correct horse 9' });
      expect(up.status).toBe(200);
      const sessionId = hashToken(c.cookie('lotwise_session')!);
      const session = await server.ctx.db.kysely
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();

      const silent = localHub(); // nobody publishes on it
      const registry = new SocketRegistry(server.ctx.db.kysely, silent, server.app.log, 100);
      const closed: number[] = [];
      registry.add(
        {
          socket: { close: (code) => closed.push(code ?? 0) },
          sessionId,
          userId: up.body.user.id,
          impersonatorId: null,
        },
        session.expires_at,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(closed).toEqual([]); // still valid: the sweep leaves it open

      await server.ctx.db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
      await expect.poll(() => closed, { timeout: 2000 }).toEqual([4401]);
      registry.close();
    });
  });
}
