import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { clientAddress } from '../src/shared/limits.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 29 items 1 and 2: limits an attacker cannot step around by setting X-Forwarded-For,
 * rotating addresses or sending guesses in parallel.
 */
const PASSWORD = 'correct horse 9';
let n = 0;
/** A new client address each call (what an attacker puts in X-Forwarded-For). */
const freshXff = () => {
  n += 1;
  return { 'x-forwarded-for': `203.0.${(n >> 8) & 255}.${n & 255}` };
};

async function signUp(server: TestServer, email: string): Promise<TestClient> {
  const client = new TestClient(server.app);
  const res = await client.post('/api/auth/sign_up', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

async function enableMfa(client: TestClient): Promise<string> {
  const setup = await client.post('/api/users/mfa/setup');
  const secret: string = setup.body.secret;
  const enable = await client.post('/api/users/mfa/enable', { code: authenticator.generate(secret) });
  expect(enable.status).toBe(200);
  return secret;
}

/** A code that is wrong now (not the current step nor its neighbours). */
function wrongCode(secret: string): string {
  const near = new Set(
    [-60_000, -30_000, 0, 30_000, 60_000].map((d) =>
      authenticator.clone({ epoch: Date.now() + d }).generate(secret),
    ),
  );
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: abuse limits, default configuration (no proxy trusted)`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('ignores X-Forwarded-For: 50 wrong passwords with a new one each are limited, then the right one too', async () => {
      await signUp(server, 'xff@example.com');
      const client = new TestClient(server.app);
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await client.request(
          'POST',
          '/api/auth/login',
          { email: 'xff@example.com', password: `wrong guess ${i}` },
          freshXff(),
        );
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const right = await client.request(
        'POST',
        '/api/auth/login',
        { email: 'xff@example.com', password: PASSWORD },
        freshXff(),
      );
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('rate_limited');
    });

    it('limits password-reset requests per client, the same for a known and an unknown address', async () => {
      const anon = new TestClient(server.app);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push((await anon.post('/api/auth/forgot_password', { email: 'xff@example.com' })).status);
        unknown.push((await anon.post('/api/auth/forgot_password', { email: 'ghost@example.com' })).status);
      }
      expect(known.slice(0, 3)).toEqual([200, 200, 200]);
      expect(unknown.slice(0, 2)).toEqual([200, 200]);
      // Five a client per 15 minutes, whichever address it asks about.
      expect([...known, ...unknown].filter((s) => s === 429)).toHaveLength(3);
    });

    it('asks at most ten wrong current passwords of a signed-in session', async () => {
      const client = await signUp(server, 'changer@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await client.post('/api/users/change_password', {
          current_password: `not it ${i}`,
          new_password: 'a new password 2',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      const right = await client.post('/api/users/change_password', {
        current_password: PASSWORD,
        new_password: 'a new password 2',
      });
      expect(right.status).toBe(429);
    });

    it('limits wrong codes to turn two-factor off per user, counted atomically (30 in parallel)', async () => {
      const client = await signUp(server, 'disable@example.com');
      const secret = await enableMfa(client);
      const wrong = wrongCode(secret);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => client.post('/api/users/mfa/disable', { code: wrong })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const right = await client.post('/api/users/mfa/disable', { code: authenticator.generate(secret) });
      expect(right.status).toBe(429);
      expect((await client.get('/api/users/mfa')).body.enabled).toBe(true);
    });
  });

  describe(`${dialect}: abuse limits behind a trusted proxy (TRUST_PROXY=1)`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { TRUST_PROXY: '1' });
    });
    afterAll(() => server.dispose());

    it('limits wrong passwords per account across client addresses, then refuses the right one too', async () => {
      await signUp(server, 'rotating@example.com');
      const client = new TestClient(server.app);
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await client.request(
          'POST',
          '/api/auth/login',
          { email: 'Rotating@example.com', password: `wrong guess ${i}` },
          freshXff(),
        );
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const right = await client.request(
        'POST',
        '/api/auth/login',
        { email: 'rotating@example.com', password: PASSWORD },
        freshXff(),
      );
      expect(right.status).toBe(429);
      // Another account is not affected.
      await signUp(server, 'bystander@example.com');
      const other = await new TestClient(server.app).request(
        'POST',
        '/api/auth/login',
        { email: 'bystander@example.com', password: PASSWORD },
        freshXff(),
      );
      expect(other.status).toBe(200);
    });

    it('sends at most three reset e-mails an hour to one address, answering every request the same', async () => {
      await signUp(server, 'victim@example.com');
      const answers: unknown[] = [];
      for (let i = 0; i < 40; i++) {
        const anon = new TestClient(server.app);
        const res = await anon.request(
          'POST',
          '/api/auth/forgot_password',
          { email: i % 2 ? 'VICTIM@example.com' : 'victim@example.com' },
          freshXff(),
        );
        expect(res.status).toBe(200);
        answers.push(res.body);
        const ghost = await anon.request(
          'POST',
          '/api/auth/forgot_password',
          { email: 'nobody-here@example.com' },
          freshXff(),
        );
        expect(ghost.status).toBe(200);
        expect(ghost.body).toEqual(res.body);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(server.mails.filter((m) => m.to === 'victim@example.com')).toHaveLength(3);
    });

    it('limits wrong two-factor codes per user across challenges and addresses', async () => {
      const owner = await signUp(server, 'codes@example.com');
      const secret = await enableMfa(owner);
      const wrong = wrongCode(secret);
      const statuses: number[] = [];
      for (let round = 0; round < 4; round++) {
        const anon = new TestClient(server.app);
        const step1 = await anon.request(
          'POST',
          '/api/auth/login',
          { email: 'codes@example.com', password: PASSWORD },
          freshXff(),
        );
        expect(step1.body.status).toBe('mfa_required');
        for (let i = 0; i < 4; i++) {
          const res = await anon.request(
            'POST',
            '/api/auth/login/mfa',
            { mfa_token: step1.body.mfa_token, code: wrong },
            freshXff(),
          );
          statuses.push(res.status);
        }
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      const anon = new TestClient(server.app);
      const step1 = await anon.request(
        'POST',
        '/api/auth/login',
        { email: 'codes@example.com', password: PASSWORD },
        freshXff(),
      );
      const right = await anon.request(
        'POST',
        '/api/auth/login/mfa',
        { mfa_token: step1.body.mfa_token, code: authenticator.generate(secret) },
        freshXff(),
      );
      expect(right.status).toBe(429);
    });
  });

  describe(`${dialect}: sign-ups per client address`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '3' });
    });
    afterAll(() => server.dispose());

    it('limits sign-ups per real client address whatever X-Forwarded-For says', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const client = new TestClient(server.app);
        const res = await client.request(
          'POST',
          '/api/auth/sign_up',
          { email: `many${i}@example.com`, password: PASSWORD },
          freshXff(),
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });
  });

  describe(`${dialect}: the MFA challenge's attempt cap under parallel guesses`, () => {
    let server: TestServer;
    beforeAll(async () => {
      // Generous address limits, so only the challenge's own cap stands between the guesses.
      server = await startTestServer(dialect, { LOGIN_RATE_LIMIT: '1000' });
    });
    afterAll(() => server.dispose());

    it('judges at most five of 40 parallel guesses: the right one sent last is refused', async () => {
      const owner = await signUp(server, 'race@example.com');
      const secret = await enableMfa(owner);
      const wrong = wrongCode(secret);
      const anon = new TestClient(server.app);
      const step1 = await anon.post('/api/auth/login', { email: 'race@example.com', password: PASSWORD });
      expect(step1.body.status).toBe('mfa_required');
      const token: string = step1.body.mfa_token;
      const guesses = [...Array.from({ length: 39 }, () => wrong), authenticator.generate(secret)];
      const results = await Promise.all(
        guesses.map((code) => anon.post('/api/auth/login/mfa', { mfa_token: token, code })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(0);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.at(-1)).toBe(400);
      expect(anon.cookie('lotwise_session')).toBeUndefined();
      const row = await server.ctx.db.kysely.selectFrom('mfa_challenges').selectAll().execute();
      expect(row.every((r) => r.attempts <= 5)).toBe(true);
    });

    it('signs in exactly one of 12 parallel right codes: the refused ones do not delete the challenge', async () => {
      const owner = await signUp(server, 'race-right@example.com');
      const secret = await enableMfa(owner);
      for (let round = 0; round < 3; round++) {
        const anon = new TestClient(server.app);
        const step1 = await anon.post('/api/auth/login', {
          email: 'race-right@example.com',
          password: PASSWORD,
        });
        expect(step1.body.status).toBe('mfa_required');
        const token: string = step1.body.mfa_token;
        const code = authenticator.generate(secret);
        const results = await Promise.all(
          Array.from({ length: 12 }, () => anon.post('/api/auth/login/mfa', { mfa_token: token, code })),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      }
    });
  });
}

describe('TRUST_PROXY', () => {
  it('reads off, a hop count or proxy addresses and ranges, and refuses anything else by name', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*not true/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY.*10\.0\.0\.0\/33/);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: turning two-factor on twice at once`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('turns it on once: the recovery codes answered are the ones that work', async () => {
      const client = await signUp(server, 'twice@example.com');
      const setup = await client.post('/api/users/mfa/setup');
      const code = authenticator.generate(setup.body.secret);
      const results = await Promise.all([0, 1, 2].map(() => client.post('/api/users/mfa/enable', { code })));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(2);
      const anon = new TestClient(server.app);
      const step1 = await anon.post('/api/auth/login', { email: 'twice@example.com', password: PASSWORD });
      const byRecovery = await anon.post('/api/auth/login/mfa', {
        mfa_token: step1.body.mfa_token,
        code: ok[0]!.body.recovery_codes[0],
      });
      expect(byRecovery.body.status).toBe('success');
    });
  });
}

describe('client addresses as the limits count them', () => {
  it('keeps IPv4 as it is and counts an IPv6 client by its /64', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: IPv6 clients behind a trusted proxy`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { TRUST_PROXY: '1' });
    });
    afterAll(() => server.dispose());

    it('limits sign-in attempts per /64 and account: stepping through one network gains nothing', async () => {
      await signUp(server, 'v6@example.com');
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const res = await new TestClient(server.app).request(
          'POST',
          '/api/auth/login',
          { email: 'v6@example.com', password: `wrong guess ${i}` },
          { 'x-forwarded-for': `2001:db8:1:2::${i.toString(16)}` },
        );
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
      // Another network is counted apart.
      const elsewhere = await new TestClient(server.app).request(
        'POST',
        '/api/auth/login',
        { email: 'v6@example.com', password: PASSWORD },
        { 'x-forwarded-for': '2001:db8:1:3::1' },
      );
      expect(elsewhere.status).toBe(200);
    });
  });
}
