import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHILE_VIEWING } from '../src/http/impersonation-guard.ts';
import { allowedWhileImpersonating } from '../src/http/impersonation-policy.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 32 item 1: the impersonation guard tested its patterns against the raw URL while
 * Fastify routes on the decoded path, so one percent-encoded letter walked around it. Each of
 * the audit's four bypasses is replayed here by an accountant inside Alice's account, and
 * Alice's data is read back from the database afterwards. Item 5: the impersonate call gives
 * one answer for an id that does not exist and for an account the caller may not enter.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: the impersonation guard decides by the matched route`, () => {
    let server: TestServer;
    let alice: TestClient;
    let dave: TestClient;
    let aliceId: number;
    const users = () => server.ctx.db.kysely.selectFrom('users');
    const links = () => server.ctx.db.kysely.selectFrom('accountant_links');

    async function account(email: string, roles: string) {
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', {
        email,
        password: 'correct horse 9',
        first_name: 'Al',
      });
      expect(res.status).toBe(200);
      await server.ctx.users.update(res.body.user.id, { roles, onboarded: true });
      return { client, id: res.body.user.id as number };
    }

    function tokenTo(email: string): string {
      const mail = [...server.mails].reverse().find((m) => m.to === email)!;
      return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      ({ client: alice, id: aliceId } = await account('alice@example.com', 'customer'));
      ({ client: dave } = await account('dave@cpa.example', 'cpa'));
      await alice.post('/api/customer_cpa', { email: 'dave@cpa.example' });
      expect(
        (await dave.post('/api/invitations/accept', { token: tokenTo('dave@cpa.example') })).status,
      ).toBe(200);
      // Frank invites Alice and she accepts from the e-mail (her address is proven); then
      // Grace invites her too, and that invitation waits in Alice's banner.
      const { client: frank } = await account('frank@cpa.example', 'cpa');
      await frank.post('/api/tax_pro/clients/invite', { email: 'alice@example.com' });
      expect(
        (await alice.post('/api/invitations/accept', { token: tokenTo('alice@example.com') })).status,
      ).toBe(200);
      const { client: grace } = await account('grace@cpa.example', 'cpa');
      await grace.post('/api/tax_pro/clients/invite', { email: 'alice@example.com' });
      expect((await dave.post(`/api/users/${aliceId}/impersonate`)).status).toBe(200);
    });
    afterAll(() => server.dispose());

    function refused(res: { status: number; body: { message?: string } }) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(NOT_WHILE_VIEWING);
    }

    it('PUT /api/users/%70rofile is the profile route: refused, and Alice’s name and username stay', async () => {
      refused(await dave.put('/api/users/%70rofile', { first_name: 'Mallory', username: 'mallory' }));
      refused(await dave.put('/api/users/profile', { first_name: 'Mallory', username: 'mallory' }));
      const row = await users()
        .select(['first_name', 'username'])
        .where('id', '=', aliceId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ first_name: 'Al', username: null });
    });

    it('POST /api/%69nvitations/{id}/answer cannot accept another accountant’s invitation in Alice’s name', async () => {
      const pending = await links()
        .select(['id', 'status'])
        .where('cpa_email', '=', 'grace@cpa.example')
        .executeTakeFirstOrThrow();
      expect(pending.status).toBe('pending');
      refused(await dave.post(`/api/%69nvitations/${pending.id}/answer`, { accept: true }));
      refused(await dave.get('/api/%69nvitations/pending'));
      const after = await links().select('status').where('id', '=', pending.id).executeTakeFirstOrThrow();
      expect(after.status).toBe('pending');
    });

    it('POST /api/customer%5Fcpa invites nobody in Alice’s name', async () => {
      const before = await links().select('id').execute();
      refused(await dave.post('/api/customer%5Fcpa', { email: 'eve@cpa.example' }));
      refused(await dave.get('/api/customer%5Fcpa'));
      expect(await links().select('id').execute()).toHaveLength(before.length);
      expect(server.mails.some((m) => m.to === 'eve@cpa.example')).toBe(false);
    });

    it('POST /api/users/mfa/%73etup and /mfa/%65nable cannot turn two-factor on for Alice', async () => {
      const setup = await dave.post('/api/users/mfa/%73etup');
      refused(setup);
      const secret = authenticator.generateSecret();
      refused(await dave.post('/api/users/mfa/%65nable', { code: authenticator.generate(secret) }));
      const row = await users()
        .select(['mfa_enabled', 'mfa_secret', 'mfa_pending_secret'])
        .where('id', '=', aliceId)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.mfa_enabled)).toBe(false);
      expect(row.mfa_secret).toBeNull();
      expect(row.mfa_pending_secret).toBeNull();
      // Alice still signs in with her password alone.
      const login = await new TestClient(server.app).post('/api/auth/login', {
        email: 'alice@example.com',
        password: 'correct horse 9',
      });
      expect(login.body.status).toBe('success');
    });

    it('an encoded path of an allowed route still works, and is recorded in Alice’s access log', async () => {
      const res = await dave.get('/api/tax/%79ears');
      expect(res.status).toBe(200);
      // The access log is written once the response is sent (onResponse): wait for it.
      const events = () =>
        server.ctx.db.kysely
          .selectFrom('impersonation_events')
          .select(['path', 'status_code'])
          .where('customer_user_id', '=', aliceId)
          .execute();
      await expect.poll(events).toContainEqual({ path: '/api/tax/%79ears', status_code: 200 });
      expect(await events()).toContainEqual({ path: '/api/users/%70rofile', status_code: 403 });
    });

    it('deny by default: a route no row of the policy names is refused, whatever its method', () => {
      expect(allowedWhileImpersonating('GET', '/api/tax/years')).toBe(true);
      expect(allowedWhileImpersonating('HEAD', '/api/tax/years')).toBe(true);
      expect(allowedWhileImpersonating('POST', '/api/tax/years')).toBe(false);
      expect(allowedWhileImpersonating('GET', '/api/some_route_added_later')).toBe(false);
      expect(allowedWhileImpersonating('GET', undefined)).toBe(false);
    });

    it('impersonate answers the same for an account the caller may not enter and for an id that does not exist', async () => {
      const { client: bob } = await account('bob@example.com', 'customer');
      const { client: carol } = await account('carol@cpa.example', 'cpa');
      for (const who of [bob, carol]) {
        const existing = await who.post(`/api/users/${aliceId}/impersonate`);
        const missing = await who.post('/api/users/987654/impersonate');
        expect(existing.status).toBe(403);
        expect({ status: missing.status, body: missing.body }).toEqual({
          status: existing.status,
          body: existing.body,
        });
      }
    });
  });
}
