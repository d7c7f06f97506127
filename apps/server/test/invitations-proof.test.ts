import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 32.2: an invitation is accepted only by someone who proves control of the invited
 * address — the single-use token mailed to it — never by whoever signed up with it first.
 */
function tokenFrom(server: TestServer, to: string): string {
  const mail = [...server.mails].reverse().find((m) => m.to === to);
  const match = mail && /accept_invitation\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: accepting an invitation needs the e-mailed token`, () => {
    let server: TestServer;
    let alice: TestClient;
    let aliceId: number;

    async function signUp(email: string) {
      const c = new TestClient(server.app);
      const res = await c.post('/api/auth/sign_up', { email, password: 'correct horse 9', first_name: 'X' });
      expect(res.status).toBe(200);
      return { c, id: res.body.user.id as number };
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      ({ c: alice, id: aliceId } = await signUp('alice@example.com'));
    });
    afterAll(() => server.dispose());

    it('someone who signs up with the invited address sees nothing and cannot accept; the real invitee can', async () => {
      expect((await alice.post('/api/customer_cpa', { email: 'evil-a@example.com' })).status).toBe(200);
      const [link] = (await alice.get('/api/customer_cpa')).body.data;
      const token = tokenFrom(server, 'evil-a@example.com');

      // The hijack of the issue: sign up with the address (no mail read), then the banner.
      const { c: squatter } = await signUp('evil-a@example.com');
      await squatter.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      expect((await squatter.get('/api/invitations/pending')).body).toMatchObject({ count: 0, data: [] });
      const answer = await squatter.post(`/api/invitations/${link.id}/answer`, { accept: true });
      expect(answer.status).toBe(404);
      expect((await alice.get('/api/customer_cpa')).body.data[0].invited).toBe('pending');
      expect((await squatter.post(`/api/users/${aliceId}/impersonate`)).status).toBe(403);
      expect((await squatter.get(`/api/tax_pro/clients/${aliceId}`)).status).toBe(404);

      // Whoever holds the mailed token controls the address: accepted.
      const accepted = await squatter.post('/api/invitations/accept', { token });
      expect(accepted.status).toBe(200);
      expect((await alice.get('/api/customer_cpa')).body.data[0].invited).toBe('accepted');
    });

    it('an existing account invited by e-mail sees the banner only after proving its address once', async () => {
      const { c: carol } = await signUp('carol@cpa.example');
      await carol.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      const { c: bob } = await signUp('bob@example.com');
      const { c: dave } = await signUp('dave@example.com');

      // Carol invites Bob: Bob's account existed, but he never proved the address.
      expect((await carol.post('/api/tax_pro/clients/invite', { email: 'bob@example.com' })).status).toBe(
        200,
      );
      expect((await bob.get('/api/invitations/pending')).body.count).toBe(0);
      expect(
        (await bob.post('/api/invitations/accept', { token: tokenFrom(server, 'bob@example.com') })).status,
      ).toBe(200);

      // Bob proved it by spending the mailed link: the next invitation shows in his banner.
      expect((await dave.post('/api/customer_cpa', { email: 'carol@cpa.example' })).status).toBe(200);
      expect((await carol.get('/api/invitations/pending')).body.count).toBe(0);
      const { c: erin } = await signUp('erin@cpa.example');
      await erin.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      expect((await erin.post('/api/tax_pro/clients/invite', { email: 'bob@example.com' })).status).toBe(200);
      const banner = await bob.get('/api/invitations/pending');
      expect(banner.body.data).toMatchObject([{ from_email: 'erin@cpa.example', from_role: 'cpa' }]);
      expect(
        (await bob.post(`/api/invitations/${banner.body.data[0].id}/answer`, { accept: true })).status,
      ).toBe(200);

      // A password reset mailed to Carol proves her address too: Dave's invitation then shows.
      const anon = new TestClient(server.app);
      await anon.post('/api/auth/forgot_password', { email: 'carol@cpa.example' });
      const mail = [...server.mails].reverse().find((m) => m.to === 'carol@cpa.example');
      const reset = /resetpassword\?token=([^\s]+)/.exec(mail?.text ?? '');
      expect(reset).not.toBeNull();
      const token = decodeURIComponent(reset![1]!);
      expect(
        (await anon.post('/api/auth/reset_password', { token, password: 'another horse 7' })).status,
      ).toBe(200);
      const carolAgain = new TestClient(server.app);
      expect(
        (
          await carolAgain.post('/api/auth/login', {
            email: 'carol@cpa.example',
            password: 'another horse 7',
          })
        ).status,
      ).toBe(200);
      expect((await carolAgain.get('/api/invitations/pending')).body.data).toMatchObject([
        { from_email: 'dave@example.com', from_role: 'customer' },
      ]);
    });
  });
}
