import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_PER_HOUR, INVITATIONS_TO_ADDRESS_PER_HOUR } from '../src/shared/limits.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Invitations mail an address the inviter types. Without a limit one account made Lotwise send
 * any number of e-mails to addresses of its choosing (40 of 40 in the attack on the running
 * app, customers and accountants alike). Each account sends at most INVITATIONS_PER_HOUR and
 * each address receives at most INVITATIONS_TO_ADDRESS_PER_HOUR; past that 429, no link, no mail.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: invitation e-mails are limited per sender and per address`, () => {
    let server: TestServer;

    async function signUp(email: string, role?: 'cpa') {
      const c = new TestClient(server.app);
      const res = await c.post('/api/auth/sign_up', { email, password: 'correct horse 9', first_name: 'X' });
      expect(res.status).toBe(200);
      if (role) await c.post('/api/onboarding/settings/update_role', { role });
      return c;
    }
    const linksTo = async (email: string) =>
      (
        await server.ctx.db.kysely
          .selectFrom('accountant_links')
          .select('id')
          .where((eb) => eb.or([eb('cpa_email', '=', email), eb('customer_email', '=', email)]))
          .execute()
      ).length;

    beforeAll(async () => {
      server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '100' });
    });
    afterAll(() => server.dispose());

    it('one customer sends at most INVITATIONS_PER_HOUR invitations an hour', async () => {
      const spammer = await signUp('spammer@example.com');
      const statuses: number[] = [];
      for (let i = 0; i <= INVITATIONS_PER_HOUR; i += 1)
        statuses.push((await spammer.post('/api/customer_cpa', { email: `victim${i}@example.org` })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(INVITATIONS_PER_HOUR);
      expect(statuses.at(-1)).toBe(429);
      const last = `victim${INVITATIONS_PER_HOUR}@example.org`;
      expect(server.mails.filter((m) => m.to === last)).toEqual([]);
      expect(await linksTo(last)).toBe(0);
      // An accountant inviting clients counts the same way.
      const cpa = await signUp('cpa-spammer@example.com', 'cpa');
      let refused = 0;
      for (let i = 0; i <= INVITATIONS_PER_HOUR; i += 1) {
        const res = await cpa.post('/api/tax_pro/clients/invite', { email: `client${i}@example.org` });
        if (res.status === 429) refused += 1;
      }
      expect(refused).toBe(1);
    });

    it('one address receives at most INVITATIONS_TO_ADDRESS_PER_HOUR, whoever sends them', async () => {
      const target = 'target@example.org';
      const statuses: number[] = [];
      for (let i = 0; i <= INVITATIONS_TO_ADDRESS_PER_HOUR; i += 1) {
        const sender = await signUp(`sender${i}@example.com`);
        statuses.push((await sender.post('/api/customer_cpa', { email: target })).status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(server.mails.filter((m) => m.to === target)).toHaveLength(INVITATIONS_TO_ADDRESS_PER_HOUR);
      expect(await linksTo(target)).toBe(INVITATIONS_TO_ADDRESS_PER_HOUR);
    });
  });
}
