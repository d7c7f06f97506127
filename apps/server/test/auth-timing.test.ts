import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../src/mail/mailer.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The attack pass: a password reset answered measurably later for an existing address (the
 * token write and the e-mail were awaited), a weak account oracle. The work that depends on
 * the address now runs after the answer; a mailer that takes 400 ms shows it plainly.
 */
const SLOW_MAIL_MS = 400;

for (const dialect of DIALECTS) {
  describe(`${dialect}: answers that take as long whether or not the address has an account`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, {
        SIGNUP_CONFIRM_EMAIL: 'on',
        LOGIN_RATE_LIMIT: '1000',
        SIGNUP_RATE_LIMIT: '100',
      });
      const owner = new TestClient(server.app);
      const res = await owner.post('/api/auth/sign_up', {
        email: 'known@example.com',
        password: 'correct horse 9',
      });
      expect(res.status).toBe(200);
      const mail = server.mails.find((m) => m.to === 'known@example.com')!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
      expect(
        (await owner.post('/api/auth/confirm_sign_up', { token, password: 'correct horse 9' })).status,
      ).toBe(200);
      // From here every e-mail takes SLOW_MAIL_MS to send.
      const send = server.ctx.mailer.send.bind(server.ctx.mailer);
      server.ctx.mailer.send = async (m: Mail) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MAIL_MS));
        await send(m);
      };
    });
    afterAll(() => server.dispose());

    /** How long the server takes to answer, without waiting for its work after the answer. */
    async function timed(url: string, body: object): Promise<{ ms: number; status: number }> {
      const client = new TestClient(server.app);
      client.waitAfterAnswer = false;
      await client.get('/api/auth/session');
      const started = performance.now();
      const res = await client.post(url, body);
      return { ms: performance.now() - started, status: res.status };
    }

    it('a reset request answers before its e-mail is sent, for a known and an unknown address alike', async () => {
      const before = server.mails.length;
      const known = await timed('/api/auth/forgot_password', { email: 'known@example.com' });
      const unknown = await timed('/api/auth/forgot_password', { email: 'nobody@example.com' });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.ms).toBeLessThan(SLOW_MAIL_MS / 2);
      expect(unknown.ms).toBeLessThan(SLOW_MAIL_MS / 2);
      // The link still goes out, once, to the known address only.
      await server.app.afterAnswer.idle();
      const sent = server.mails.slice(before).map((m) => m.to);
      expect(sent).toEqual(['known@example.com']);
      const link = await server.ctx.db.kysely.selectFrom('password_resets').select('user_id').execute();
      expect(link).toHaveLength(1);
    });

    it('a sign-up with e-mailed links answers before any hashing, writing or mail, for either address', async () => {
      const before = server.mails.length;
      const known = await timed('/api/auth/sign_up', {
        email: 'known@example.com',
        password: 'another horse 7',
      });
      const fresh = await timed('/api/auth/sign_up', {
        email: 'fresh@example.com',
        password: 'another horse 7',
      });
      expect([known.status, fresh.status]).toEqual([200, 200]);
      expect(known.ms).toBeLessThan(SLOW_MAIL_MS / 2);
      expect(fresh.ms).toBeLessThan(SLOW_MAIL_MS / 2);
      await server.app.afterAnswer.idle();
      expect(
        server.mails
          .slice(before)
          .map((m) => m.to)
          .sort(),
      ).toEqual(['fresh@example.com', 'known@example.com']);
      // A weak password is still refused at once, naming the field.
      const weak = await new TestClient(server.app).post('/api/auth/sign_up', {
        email: 'fresh2@example.com',
        password: 'short',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.field).toBe('password');
    });

    it('signing in with an unknown address checks a password as long as with a known one', async () => {
      // Alternated and the fastest of each kept: a loaded machine (CI runs two pools at once) slows
      // single runs, never speeds one up, so the minimum is the cost itself.
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(
          (await timed('/api/auth/login', { email: 'known@example.com', password: 'wrong horse 1' })).ms,
        );
        unknown.push(
          (await timed('/api/auth/login', { email: 'nobody@example.com', password: 'wrong horse 1' })).ms,
        );
      }
      // argon2 verify in both cases: same order of time (a missing verify would be 10× faster).
      expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 3);
    });
  });
}
