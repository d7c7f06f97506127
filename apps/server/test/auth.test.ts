import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const PASSWORD = 'correct horse 9';

for (const dialect of DIALECTS) {
  describe(`${dialect}: accounts`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    async function signUp(email: string) {
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', { email, password: PASSWORD });
      expect(res.status).toBe(200);
      return client;
    }

    it('signs up, keeps the session in an httpOnly cookie and answers the user', async () => {
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', {
        email: 'Ann@Example.com',
        password: PASSWORD,
        first_name: 'Ann',
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        email: 'ann@example.com',
        first_name: 'Ann',
        roles: ['customer'],
        onboarded: false,
        transaction_uploaded: false,
        country_code: 'US',
        currency: 'USD',
      });
      const role = await client.get('/api/users/get_user_role');
      expect(role.body).toEqual({ roles: ['customer'] });
    });

    it('refuses a duplicate e-mail, a weak password and a malformed address with clear messages', async () => {
      await signUp('dup@example.com');
      const other = new TestClient(server.app);
      const dup = await other.post('/api/auth/sign_up', { email: 'DUP@example.com', password: PASSWORD });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ code: 'email_taken', field: 'email' });
      expect(dup.body.message).toContain('already exists');

      const weak = await other.post('/api/auth/sign_up', {
        email: 'weak@example.com',
        password: 'abcdefghijk',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('weak_password');
      expect(weak.body.message).toBe('Password must mix letters with numbers or symbols');

      const bad = await other.post('/api/auth/sign_up', { email: 'nope', password: PASSWORD });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'validation_failed', field: 'email' });
      expect(bad.body.messages).toEqual(['email: Enter a valid e-mail address']);
    });

    it('logs in, rotates the session id, and logs out', async () => {
      const first = await signUp('rot@example.com');
      const before = first.cookie('lotwise_session');
      const login = await first.post('/api/auth/login', { email: 'rot@example.com', password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.status).toBe('success');
      const after = first.cookie('lotwise_session');
      expect(after).toBeDefined();
      expect(after).not.toBe(before);

      // The old session id no longer works.
      const stale = new TestClient(server.app);
      await stale
        .request('GET', '/api/users/get_user_role', undefined, { cookie: `lotwise_session=${before}` })
        .then((r) => {
          expect(r.status).toBe(401);
        });

      const out = await first.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect((await first.get('/api/users/get_user_role')).status).toBe(401);
    });

    it('answers a wrong password and an unknown e-mail the same way', async () => {
      await signUp('pw@example.com');
      const client = new TestClient(server.app);
      const wrong = await client.post('/api/auth/login', {
        email: 'pw@example.com',
        password: 'wrong password 1',
      });
      const unknown = await client.post('/api/auth/login', {
        email: 'ghost@example.com',
        password: PASSWORD,
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe('The e-mail or password is not correct.');
      expect(unknown.body.message).toBe(wrong.body.message);
    });

    it('rejects state-changing calls without the CSRF header', async () => {
      const client = await signUp('csrf@example.com');
      const res = await client.request(
        'POST',
        '/api/users/dismiss_safe_harbor_banner',
        {},
        { 'x-csrf-token': 'forged' },
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('csrf_failed');
    });

    it('rate-limits repeated failed logins for one address', async () => {
      const client = new TestClient(server.app);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await client.post('/api/auth/login', { email: 'target@example.com', password: 'guess 1234567' }))
            .status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const limited = await client.post('/api/auth/login', {
        email: 'target@example.com',
        password: 'guess 1234567',
      });
      expect(limited.body.code).toBe('rate_limited');
    });

    it('resets a password with a single-use e-mailed token that signs out other sessions', async () => {
      const owner = await signUp('reset@example.com');
      const anon = new TestClient(server.app);
      const forgot = await anon.post('/api/auth/forgot_password', { email: 'reset@example.com' });
      expect(forgot.body.message).toContain('If an account exists');
      const ghost = await anon.post('/api/auth/forgot_password', { email: 'nobody@example.com' });
      expect(ghost.body).toEqual(forgot.body);

      const mail = server.mails.filter((m) => m.to === 'reset@example.com').at(-1)!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
      const weak = await anon.post('/api/auth/reset_password', { token, password: 'short' });
      expect(weak.body.code).toBe('weak_password');
      const ok = await anon.post('/api/auth/reset_password', { token, password: 'a new password 2' });
      expect(ok.status).toBe(200);
      const reused = await anon.post('/api/auth/reset_password', { token, password: 'another password 3' });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ code: 'invalid_token' });
      expect(reused.body.message).toContain('expired or was already used');

      expect((await owner.get('/api/users/get_user_role')).status).toBe(401);
      const login = await anon.post('/api/auth/login', {
        email: 'reset@example.com',
        password: 'a new password 2',
      });
      expect(login.body.status).toBe('success');
    });

    it('refuses an expired reset token', async () => {
      await signUp('expired@example.com');
      const anon = new TestClient(server.app);
      await anon.post('/api/auth/forgot_password', { email: 'expired@example.com' });
      const mail = server.mails.filter((m) => m.to === 'expired@example.com').at(-1)!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
      await server.ctx.db.kysely
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .execute();
      const res = await anon.post('/api/auth/reset_password', { token, password: 'a new password 2' });
      expect(res.body.code).toBe('invalid_token');
    });

    it('sets up TOTP, then asks for it at login; wrong codes are refused, recovery codes work once', async () => {
      const client = await signUp('mfa@example.com');
      const setup = await client.post('/api/users/mfa/setup');
      expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.otpauth_url).toContain('otpauth://totp/Lotwise:mfa%40example.com');
      const secret: string = setup.body.secret;
      const wrongEnable = await client.post('/api/users/mfa/enable', { code: '000000' });
      expect(wrongEnable.body.code).toBe('invalid_mfa_code');
      const enable = await client.post('/api/users/mfa/enable', { code: authenticator.generate(secret) });
      expect(enable.body.recovery_codes).toHaveLength(10);
      const recovery: string = enable.body.recovery_codes[0];

      const anon = new TestClient(server.app);
      const step1 = await anon.post('/api/auth/login', { email: 'mfa@example.com', password: PASSWORD });
      expect(step1.body.status).toBe('mfa_required');
      expect(anon.cookie('lotwise_session')).toBeUndefined();
      const wrong = await anon.post('/api/auth/login/mfa', {
        mfa_token: step1.body.mfa_token,
        code: '123456',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(
        'That code is not correct. Check your authenticator app and try again.',
      );
      const right = await anon.post('/api/auth/login/mfa', {
        mfa_token: step1.body.mfa_token,
        code: authenticator.generate(secret),
      });
      expect(right.body.status).toBe('success');
      // The challenge is spent.
      const again = await anon.post('/api/auth/login/mfa', {
        mfa_token: step1.body.mfa_token,
        code: authenticator.generate(secret),
      });
      expect(again.body.code).toBe('invalid_token');

      const other = new TestClient(server.app);
      const s1 = await other.post('/api/auth/login', { email: 'mfa@example.com', password: PASSWORD });
      const byRecovery = await other.post('/api/auth/login/mfa', {
        mfa_token: s1.body.mfa_token,
        code: recovery.toUpperCase(),
      });
      expect(byRecovery.body.status).toBe('success');
      const s2 = await other.post('/api/auth/login', { email: 'mfa@example.com', password: PASSWORD });
      const reuse = await other.post('/api/auth/login/mfa', { mfa_token: s2.body.mfa_token, code: recovery });
      expect(reuse.body.code).toBe('invalid_mfa_code');
      const status = await other.get('/api/users/mfa');
      expect(status.body).toEqual({ enabled: true, recovery_codes_left: 9 });
    });

    it('locks an MFA challenge after five wrong codes', async () => {
      const client = await signUp('lock@example.com');
      const { body } = await client.post('/api/users/mfa/setup');
      await client.post('/api/users/mfa/enable', { code: authenticator.generate(body.secret) });
      const anon = new TestClient(server.app);
      const s1 = await anon.post('/api/auth/login', { email: 'lock@example.com', password: PASSWORD });
      for (let i = 0; i < 5; i++)
        await anon.post('/api/auth/login/mfa', { mfa_token: s1.body.mfa_token, code: '000000' });
      const late = await anon.post('/api/auth/login/mfa', {
        mfa_token: s1.body.mfa_token,
        code: authenticator.generate(body.secret),
      });
      expect(late.body.code).toBe('invalid_token');
    });

    it('refuses users without a known role and anonymous callers', async () => {
      const client = await signUp('norole@example.com');
      const user = await server.ctx.users.findByEmail('norole@example.com');
      await server.ctx.users.update(user!.id, { roles: '' });
      const res = await client.get('/api/users/get_user_role');
      expect(res.status).toBe(403);
      const anon = new TestClient(server.app);
      expect((await anon.get('/api/setting')).status).toBe(401);
    });
  });
}
