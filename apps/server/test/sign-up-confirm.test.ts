import { CONFIRM_EMAIL_MESSAGE } from '@lotwise/contracts/auth/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 32 item 5: on an instance that confirms addresses by e-mail (SIGNUP_CONFIRM_EMAIL, on
 * with SMTP) a sign-up answers alike whether or not the address has an account: nobody is
 * signed in by it; a new address gets the link that finishes the sign-up, a taken one an
 * e-mail telling its owner someone tried.
 */
const PASSWORD = 'correct horse 9';

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-up does not reveal whether an address has an account`, () => {
    let server: TestServer;
    const mailsTo = (to: string) => server.mails.filter((m) => m.to === to);
    const linkIn = (text: string) => decodeURIComponent(/confirm_sign_up\?token=([^\s]+)/.exec(text)![1]!);

    async function signUp(email: string, password = PASSWORD, first_name = 'Nina') {
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', { email, password, first_name });
      const session = await client.get('/api/auth/session');
      return { client, res, signedIn: session.body.user !== null };
    }

    beforeAll(async () => {
      server = await startTestServer(dialect, { SIGNUP_CONFIRM_EMAIL: 'on' });
      // An account in use: confirmed through its link, then signed in once.
      const { res } = await signUp('owner@example.com', PASSWORD, 'Olga');
      expect(res.status).toBe(200);
      const token = linkIn(mailsTo('owner@example.com')[0]!.text);
      const done = await new TestClient(server.app).post('/api/auth/confirm_sign_up', {
        token,
        password: PASSWORD,
      });
      expect(done.body.user.email).toBe('owner@example.com');
    });
    afterAll(() => server.dispose());

    it('a taken address and a new one get the same answer, and neither signs anybody in', async () => {
      const taken = await signUp('owner@example.com', 'another horse 7');
      const fresh = await signUp('newcomer@example.com');
      for (const r of [taken, fresh]) {
        expect({ status: r.res.status, body: r.res.body, signedIn: r.signedIn }).toEqual({
          status: 200,
          body: { status: 'confirm_email', message: CONFIRM_EMAIL_MESSAGE },
          signedIn: false,
        });
      }
      // The owner is told; their account did not change (the old password still signs in).
      expect(mailsTo('owner@example.com').at(-1)!.subject).toBe('Someone tried to sign up with your address');
      const login = await new TestClient(server.app).post('/api/auth/login', {
        email: 'owner@example.com',
        password: PASSWORD,
      });
      expect(login.body.status).toBe('success');
      expect(login.body.session.user.first_name).toBe('Olga');
    });

    it('the newcomer signs in only through the link, with the password chosen at sign-up, once', async () => {
      const anon = new TestClient(server.app);
      // Not before the link is spent: the answer of any wrong password.
      const early = await anon.post('/api/auth/login', { email: 'newcomer@example.com', password: PASSWORD });
      expect(early.body.code).toBe('invalid_credentials');
      const token = linkIn(mailsTo('newcomer@example.com').at(-1)!.text);
      const wrong = await anon.post('/api/auth/confirm_sign_up', { token, password: 'not the one 1' });
      expect({ status: wrong.status, field: wrong.body.field }).toEqual({ status: 401, field: 'password' });
      const done = await anon.post('/api/auth/confirm_sign_up', { token, password: PASSWORD });
      expect(done.status).toBe(200);
      expect(done.body.user).toMatchObject({ email: 'newcomer@example.com', first_name: 'Nina' });
      expect((await anon.get('/api/auth/session')).body.user.email).toBe('newcomer@example.com');
      const again = await new TestClient(server.app).post('/api/auth/confirm_sign_up', {
        token,
        password: PASSWORD,
      });
      expect(again.body.code).toBe('invalid_token');
      const row = await server.ctx.db.kysely
        .selectFrom('users')
        .select('email_verified_at')
        .where('email', '=', 'newcomer@example.com')
        .executeTakeFirstOrThrow();
      expect(row.email_verified_at).not.toBeNull();
    });

    it('a second sign-up of an address still waiting cannot give the first one its password', async () => {
      await signUp('victim@example.com', PASSWORD, 'Vic');
      await signUp('victim@example.com', 'mallory horse 7', 'Mallory');
      const [mine, theirs] = mailsTo('victim@example.com').map((m) => linkIn(m.text)) as [string, string];
      // Each link needs its own sign-up's password: Mallory's link with her password would be
      // hers, but it went to Vic's mailbox; Vic's link takes only Vic's password.
      const c = new TestClient(server.app);
      expect((await c.post('/api/auth/confirm_sign_up', { token: theirs, password: PASSWORD })).status).toBe(
        401,
      );
      const done = await c.post('/api/auth/confirm_sign_up', { token: mine, password: PASSWORD });
      expect(done.body.user.first_name).toBe('Vic');
      // Spending one link ends the other.
      const late = await new TestClient(server.app).post('/api/auth/confirm_sign_up', {
        token: theirs,
        password: 'mallory horse 7',
      });
      expect(late.body.code).toBe('invalid_token');
    });

    it('without address confirmation (no SMTP, the default) sign-up signs in at once, as before', async () => {
      const plain = await startTestServer(dialect);
      try {
        const res = await new TestClient(plain.app).post('/api/auth/sign_up', {
          email: 'quick@example.com',
          password: PASSWORD,
        });
        expect(res.body.user.email).toBe('quick@example.com');
      } finally {
        await plain.dispose();
      }
    });
  });
}
