import { ACCEPTED_MESSAGE } from '@lotwise/contracts/taxpro/taxpro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [
  HEADER,
  '2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell,',
].join('\n');

function tokenFrom(server: TestServer, to: string): string {
  const mail = [...server.mails].reverse().find((m) => m.to === to);
  const match = mail && /accept_invitation\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: tax professionals, invitations and impersonation`, () => {
    let server: TestServer;
    const client = () => new TestClient(server.app);
    let alice: TestClient;
    let carol: TestClient;
    let aliceId: number;
    let carolId: number;

    async function signUp(email: string, firstName: string) {
      const c = client();
      const res = await c.post('/api/auth/sign_up', {
        email,
        password: 'correct horse 9',
        first_name: firstName,
      });
      expect(res.status).toBe(200);
      return { c, id: res.body.user.id as number };
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      ({ c: alice, id: aliceId } = await signUp('alice@example.com', 'Alice'));
      ({ c: carol, id: carolId } = await signUp('carol@cpa.example', 'Carol'));
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc.csv', content: LEDGER });
      await server.ctx.jobs.idle();
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('Carol becomes a tax professional; without an accepted invitation she may not enter Alice’s account', async () => {
      const role = await carol.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      expect(role.body.user.roles).toEqual(['cpa']);
      expect((await carol.post('/api/onboarding/settings/update_role', { role: 'admin' })).status).toBe(400);
      expect((await carol.post(`/api/users/${aliceId}/impersonate`)).status).toBe(403);
      expect((await carol.get(`/api/tax_pro/clients/${aliceId}`)).status).toBe(404);
      expect((await alice.get('/api/tax_pro/clients')).status).toBe(403);
    });

    it('Alice invites Carol; the e-mailed token is single use and only Carol may spend it', async () => {
      const sent = await alice.post('/api/customer_cpa', { email: 'Carol@CPA.example' });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({
        email: 'carol@cpa.example',
        invited: 'pending',
        invited_by: 'customer',
      });
      expect((await alice.post('/api/customer_cpa', { email: 'carol@cpa.example' })).status).toBe(409);
      const token = tokenFrom(server, 'carol@cpa.example');
      // The e-mail names the real place to end access (issue 35.10), not a Settings entry.
      const mail = server.mails.find((m) => m.to === 'carol@cpa.example')!;
      expect(mail.text).not.toContain('Settings');
      expect(mail.text).toMatch(
        /end your access at any time on their Tax Pro page \(http\S+\/work_with_tax_pro\)/,
      );
      // Carol's account never proved it owns the address: no banner, the mailed link is the way (issue 32).
      expect((await carol.get('/api/invitations/pending')).body).toMatchObject({ count: 0, data: [] });

      const { c: mallory } = await signUp('mallory@example.com', 'Mallory');
      const stolen = await mallory.post('/api/invitations/accept', { token });
      expect(stolen.status).toBe(403);
      expect(stolen.body.message).toContain('Failed to confirm invitation');

      const accepted = await carol.post('/api/invitations/accept', { token });
      expect(accepted.body).toMatchObject({
        status: 'success',
        message: ACCEPTED_MESSAGE,
        from_role: 'customer',
      });
      // Spent: opened again by Carol it says it is already accepted (accepts nothing new);
      // Mallory still gets nothing from it (issue 35).
      expect((await carol.post('/api/invitations/accept', { token })).body).toMatchObject({
        already_accepted: true,
      });
      expect((await mallory.post('/api/invitations/accept', { token })).status).toBe(400);
      expect((await carol.get('/api/invitations/pending')).body.count).toBe(0);
      expect((await alice.get('/api/customer_cpa')).body.data).toMatchObject([
        { email: 'carol@cpa.example', invited: 'accepted', name: 'Carol' },
      ]);
    });

    it('the dashboard lists Alice with her years, calculation and review counts', async () => {
      const list = await carol.get('/api/tax_pro/clients?q=ali');
      expect(list.body.meta.total_count).toBe(1);
      expect(list.body.data[0]).toMatchObject({
        id: aliceId,
        email: 'alice@example.com',
        name: 'Alice',
        status: 'accepted',
        tax_years: [2024],
        calculation: 'complete',
        transactions: 2,
        missing_prices: 0,
        insufficient_balance: 0,
      });
      expect((await carol.get('/api/tax_pro/clients?q=nobody')).body.data).toEqual([]);
    });

    it('Carol works in Alice’s account: sees her data, not her secrets; every request is in Alice’s access log', async () => {
      const start = await carol.post(`/api/users/${aliceId}/impersonate`);
      expect(start.status).toBe(200);
      expect(start.body.masquerade).toMatchObject({ name: 'Alice', email: 'alice@example.com' });
      const session = await carol.get('/api/auth/session');
      expect(session.body.user.email).toBe('alice@example.com');
      expect(session.body.masquerade.email).toBe('alice@example.com');
      const rows = await carol.post('/api/traces/list_transactions_new', { page_size: 20 });
      expect(rows.status, JSON.stringify(rows.body)).toBe(200);
      expect(rows.body.transactions).toHaveLength(2);
      expect(JSON.stringify(session.body)).not.toMatch(/password|mfa_secret/);
      for (const [method, path, body] of [
        ['POST', '/api/users/mfa/setup', {}],
        ['POST', '/api/users/change_password', { current_password: 'x', new_password: 'y' }],
        ['POST', '/api/customer_cpa', { email: 'x@example.com' }],
        ['POST', `/api/users/${carolId}/impersonate`, {}],
      ] as const) {
        const res = await carol.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      const log = await alice.get('/api/users/access_log');
      const paths = log.body.data.map((e: { path: string }) => e.path);
      expect(paths).toContain('/api/traces/list_transactions_new');
      expect(paths).toContain('/api/users/mfa/setup');
      expect(log.body.data[0]).toMatchObject({ actor_email: 'carol@cpa.example', actor_name: 'Carol' });

      expect((await carol.post('/api/users/stop_impersonating')).status).toBe(200);
      const back = await carol.get('/api/auth/session');
      expect(back.body.user.email).toBe('carol@cpa.example');
      expect(back.body.masquerade).toBeNull();
    });

    it('with billing off nobody is invited to pay; a stranger is not a client', async () => {
      const mailsBefore = server.mails.length;
      const sent = await carol.post('/api/tax_pro/invite_client_to_pay', {
        client_id: aliceId,
        tax_year: 2024,
        plan_id: 'hodler',
      });
      expect(sent.status).toBe(409);
      expect(sent.body.message).toBe('Billing is off on this instance: every feature is included.');
      expect(server.mails.length).toBe(mailsBefore);
      const list = await carol.get('/api/tax_pro/clients');
      expect(list.body.data[0].plan).toBeNull();
      const { id: strangerId } = await signUp('stranger@example.com', 'S');
      expect(
        (
          await carol.post('/api/tax_pro/invite_client_to_pay', {
            client_id: strangerId,
            tax_year: 2024,
            plan_id: 'hodler',
          })
        ).status,
      ).toBe(404);
    });

    it('revoking ends an active impersonation on its next request and gives Carol her own session back', async () => {
      await carol.post(`/api/users/${aliceId}/impersonate`);
      const [link] = (await alice.get('/api/customer_cpa')).body.data;
      expect((await alice.request('DELETE', `/api/customer_cpa/${link.id}`)).status).toBe(200);
      const next = await carol.post('/api/traces/list_transactions_new', { page_size: 20 });
      expect(next.status).toBe(403);
      expect(next.body.message).toContain('has ended');
      const own = await carol.get('/api/auth/session');
      expect(own.body.user.email).toBe('carol@cpa.example');
      expect((await carol.post(`/api/users/${aliceId}/impersonate`)).status).toBe(403);
      expect((await carol.get('/api/tax_pro/clients')).body.data).toEqual([]);
    });

    it('a tax pro invites a client who has no account yet; signing up from the link and accepting links them', async () => {
      expect((await carol.post('/api/tax_pro/clients/invite', { email: 'newbie@example.com' })).status).toBe(
        200,
      );
      const invitation = server.mails.find((m) => m.to === 'newbie@example.com')!;
      expect(invitation.text).not.toContain('Settings');
      expect(invitation.text).toMatch(/open Tax Pro in the menu .*\/work_with_tax_pro, and choose Revoke/);
      const pendingRow = (await carol.get('/api/tax_pro/clients')).body.data[0];
      expect(pendingRow).toMatchObject({ email: 'newbie@example.com', status: 'pending', transactions: 0 });
      const { c: newbie } = await signUp('newbie@example.com', 'Nina');
      expect((await newbie.get('/api/invitations/pending')).body.count).toBe(0);
      const accepted = await newbie.post('/api/invitations/accept', {
        token: tokenFrom(server, 'newbie@example.com'),
      });
      expect(accepted.body).toMatchObject({ status: 'success', from_role: 'cpa' });
      const row = (await carol.get('/api/tax_pro/clients')).body.data.find(
        (r: { email: string }) => r.email === 'newbie@example.com',
      );
      expect(row.status).toBe('accepted');
      expect((await carol.post(`/api/users/${row.id}/impersonate`)).status).toBe(200);
      await carol.post('/api/users/stop_impersonating');
    });

    it('admin: lists accounts, is refused a plan grant with billing off, disables an account (signed out, cannot sign in), sees failed jobs', async () => {
      const { c: root, id: rootId } = await signUp('root@example.com', 'Root');
      expect((await root.get('/api/admin/users')).status).toBe(403);
      await server.ctx.users.update(rootId, { roles: 'admin' });
      const users = await root.get('/api/admin/users?q=alice');
      expect(users.body.data).toMatchObject([
        { email: 'alice@example.com', roles: ['customer'], disabled: false, transactions: 2 },
      ]);
      // Billing is off here: a grant would change nothing, so it is refused and nothing is stored.
      const grant = await root.post(`/api/admin/users/${aliceId}/grant_plan`, {
        tax_year: 2024,
        plan_id: 'pro',
      });
      expect(grant.status).toBe(409);
      expect(grant.body.message).toBe('Billing is off on this instance: every feature is included.');
      expect((await root.get('/api/admin/users?q=alice')).body.data[0].plans).toEqual([]);
      expect((await root.request('PATCH', `/api/admin/users/${rootId}`, { disabled: true })).status).toBe(
        400,
      );

      // A mistyped key or an empty body changes nothing and says so; it is never "Account updated".
      const typo = await root.request('PATCH', `/api/admin/users/${aliceId}`, { disable: true });
      expect(typo.status).toBe(400);
      expect(typo.body.message).toMatch(/disable/);
      const empty = await root.request('PATCH', `/api/admin/users/${aliceId}`, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/nothing to change/);
      expect((await alice.get('/api/auth/session')).body.user).not.toBeNull();

      expect((await root.request('PATCH', `/api/admin/users/${aliceId}`, { disabled: true })).status).toBe(
        200,
      );
      expect((await alice.get('/api/auth/session')).body.user).toBeNull();
      const login = await client().post('/api/auth/login', {
        email: 'alice@example.com',
        password: 'correct horse 9',
      });
      expect(login.status).toBe(403);
      expect(login.body.message).toContain('disabled');
      expect((await root.request('PATCH', `/api/admin/users/${aliceId}`, { disabled: false })).status).toBe(
        200,
      );
      expect(
        (await client().post('/api/auth/login', { email: 'alice@example.com', password: 'correct horse 9' }))
          .status,
      ).toBe(200);

      const jobs = await root.get('/api/admin/jobs');
      expect(jobs.body.data.length).toBeGreaterThan(0);
      expect(jobs.body.data.every((j: { user_email: string | null }) => j.user_email !== undefined)).toBe(
        true,
      );
      // An admin may enter any account; it is recorded like an accountant's visit.
      expect((await root.post(`/api/users/${aliceId}/impersonate`)).status).toBe(200);
      await root.get('/api/imports/v2/import_histories?page=1');
      await root.post('/api/users/stop_impersonating');
      const fresh = client();
      await fresh.post('/api/auth/login', { email: 'alice@example.com', password: 'correct horse 9' });
      const log = await fresh.get('/api/users/access_log');
      expect(log.body.data[0]).toMatchObject({ actor_email: 'root@example.com' });
    });
  });
}
