import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Found by the walk (issue 35): opening an invitation e-mail again after accepting it said
 * "the link has expired or was already used". Its accepter is told it is already accepted, with
 * the client's account; anyone else still gets nothing from the spent token.
 */
function tokenFrom(server: TestServer, to: string): string {
  const mail = [...server.mails].reverse().find((m) => m.to === to);
  const match = mail && /accept_invitation\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: an invitation opened again after accepting`, () => {
    let server: TestServer;
    async function signUp(email: string) {
      const c = new TestClient(server.app);
      const res = await c.post('/api/auth/sign_up', { email, password: 'correct horse 9', first_name: 'X' });
      expect(res.status).toBe(200);
      return { c, id: res.body.user.id as number };
    }
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('says it is already accepted and names the client; to someone else it is spent', async () => {
      const alice = await signUp('alice@example.com');
      const cpa = await signUp('cpa@example.com');
      expect((await alice.c.post('/api/customer_cpa', { email: 'cpa@example.com' })).status).toBe(200);
      const token = tokenFrom(server, 'cpa@example.com');
      const first = await cpa.c.post('/api/invitations/accept', { token });
      expect(first.body).toMatchObject({ message: 'Invitation confirmed', from_role: 'customer' });
      expect(first.body.already_accepted, JSON.stringify(first.body)).toBe(false);

      const again = await cpa.c.post('/api/invitations/accept', { token });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        message: 'You already accepted this invitation',
        from_role: 'customer',
        already_accepted: true,
        client_id: alice.id,
      });
      // Still one link, accepted once.
      const links = (await alice.c.get('/api/customer_cpa')).body.data as { invited: string }[];
      expect(links.map((l) => l.invited)).toEqual(['accepted']);

      const other = await signUp('mallory@example.com');
      const stolen = await other.c.post('/api/invitations/accept', { token });
      expect(stolen.status).toBe(400);
      expect(stolen.body.message).toContain('expired or was already used');
    });
  });
}
