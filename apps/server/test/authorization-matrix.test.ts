import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHILE_VIEWING } from '../src/http/impersonation-guard.ts';
import { IMPERSONATION_POLICY } from '../src/http/impersonation-policy.ts';
import {
  openApiPath,
  readmeAccountantTable,
  snapshotOf,
  spellings,
  WRITE_BODIES,
} from './support/access-matrix.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issues 19 and 32's authorization matrix: every route of the OpenAPI document × {anonymous,
 * the owner (Alice), another customer, an accountant nobody invited, an accountant Alice
 * accepted (not inside her account), that accountant working in her account, an admin, an
 * admin working in her account} — plus an accountant whose access was revoked — each path also
 * sent with one letter percent-encoded and with one letter in upper case, on both databases.
 * Each route must have an entry below: a route added without one fails the first test. Inside
 * Alice's account the README's table "What an accountant may do in a client's account" is
 * asserted cell by cell, and every refused write is checked by reading Alice's data back.
 *
 * public: anyone; any: any signed-in account (on its own records); customer / cpa / admin:
 * that role only; '+admin' also lets an admin in.
 */
type Rule = 'public' | 'any' | 'customer' | 'customer+admin' | 'cpa+admin' | 'admin';

const RULES: Record<string, Rule> = {
  'GET /api/auth/session': 'public',
  'POST /api/auth/sign_up': 'public',
  'POST /api/auth/confirm_sign_up': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/mfa': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot_password': 'public',
  'POST /api/auth/reset_password': 'public',
  'GET /api/labs/dashboard': 'customer',
  'GET /api/labs/discover': 'customer',
  'GET /api/labs/research_portfolios': 'customer',
  'POST /api/labs/research_portfolios': 'customer',
  'DELETE /api/labs/research_portfolios/{id}': 'customer',
  'GET /api/labs/price/{id}': 'customer',
  'GET /api/customer_cpa': 'customer+admin',
  'POST /api/customer_cpa': 'customer+admin',
  'GET /api/customer_cpa_page/{id}': 'customer+admin',
  'DELETE /api/customer_cpa/{id}': 'customer+admin',
  'GET /api/tax_pro/clients': 'cpa+admin',
  'GET /api/tax_pro/clients/{id}': 'cpa+admin',
  'POST /api/tax_pro/clients/invite': 'cpa+admin',
  'POST /api/tax_pro/invite_client_to_pay': 'cpa+admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/{id}': 'admin',
  'POST /api/admin/users/{id}/grant_plan': 'admin',
  'GET /api/admin/jobs': 'admin',
  'POST /api/billing/checkout': 'customer',
  'GET /api/billing/status': 'public',
};
/** Every other route of the document is for any signed-in account, on its own records. */
const ANY = `GET /api/users/mfa|POST /api/users/mfa/setup|POST /api/users/mfa/enable|POST /api/users/mfa/disable|GET /api/users/get_user_role|GET /api/setting|POST /api/setting|PUT /api/setting|POST /api/users/dismiss_safe_harbor_banner|PUT /api/users/profile|POST /api/users/change_password|POST /api/users/update_transaction_uploaded|POST /api/onboarding/settings/update_role|POST /api/save_location|GET /api/timezone|POST /api/currency|POST /api/onboarding/notifications|GET /api/onboarding_flag|POST /api/onboarding_flag|POST /api/onboarding/step|POST /api/send_desktop_link|POST /api/imports/v1/csv_imports|GET /api/users/list_csv_files|GET /api/imports/v1/import_histories|GET /api/imports/v2/import_histories|GET /api/imports/v1/import_histories/import_history_exists|GET /api/imports/v2/import_histories/{id}/exchange_sources|GET /api/imports/v1/import_files/{id}/errors|POST /api/imports/v1/api_imports|POST /api/imports/v2/actions/resync_account|GET /api/oauth/providers|POST /api/oauth/{provider}/start|POST /api/oauth/{provider}/callback|POST /api/oauth/connections/{id}/revoke|POST /api/check_smart_contract|POST /api/users/process_aggregator|POST /api/blockchain_query|PUT /api/imports/v2/import_histories/update_name|PUT /api/imports/v2/import_histories/update_us_based|DELETE /api/imports/v1/import_histories/{id}|DELETE /api/imports/v1/import_files/{id}|GET /api/imports/v1/deletion_status|POST /api/manual_entry|GET /api/imports/v1/exchanges/search|GET /api/imports/v1/exchanges/{id}|GET /api/transaction/download_users_transactions/{id}|POST /api/traces/list_transactions|POST /api/traces/list_transactions_new|GET /api/transaction/stats|GET /api/transaction/visibility_stats|GET /api/transaction/method_list|GET /api/exchanges/|GET /api/manual_entry/exchanges_list|GET /api/feature_toggles/feature_status|GET /api/feature_toggles/group_ui_status|GET /api/feature_toggles/txn_editor_revamp|GET /api/can_recalculate|GET /api/gua_completion_status|GET /api/transaction/drill|GET /api/probable_self_transfers/{id}|POST /api/mark_self_transfers|GET /api/transaction/probable_switch_trades/{id}|POST /api/transaction/mark_switch_trades|GET /api/transaction/probable_rebrands/{id}|POST /api/transaction/mark_rebrand|GET /api/transaction/exchanges|DELETE /api/transaction/{exchangeId}|GET /api/traces/update_transaction_type/{id}/{type}|POST /api/traces/update_transaction_type/{id}/{type}|POST /api/traces/toggle_group_transaction_type_ignore|POST /api/traces/delete_transaction|DELETE /api/annotation_history/reset|POST /api/transaction/update|POST /api/transaction/updatev5|POST /api/traces/bulk_update_transactions|POST /api/transaction/update_selected|POST /api/transaction/bulk_by_filter|POST /api/transaction/bulk_undo/{id}|GET /api/transaction/bulk_status/{id}|POST /api/traces/group_transactions|POST /api/traces/ungroup_transaction/|POST /api/transaction/group_staking|POST /api/transaction/reclassify_switch_trade|GET /api/tax/years/{year}|GET /api/tax/years/{year}/disposals|GET /api/tax/disposals/{id}/lots|GET /api/tax/reports/{year}/{form}|POST /api/imports/v1/tax_calculations/start_tax_calculation|GET /api/recalculate_tax|POST /api/recalculate_tax|POST /api/imports/v1/tax_calculations/update_tax_calculated|GET /api/imports/v1/tax_calculations/details|GET /api/traces/check_tax_calculation|GET /api/tax/years|GET /api/tax/settings|PUT /api/tax/settings|POST /api/users/crypto_assets|GET /api/users/crypto_assets/holding_in_progress|POST /api/users/crypto_assets/total_holdings|GET /api/imports/v1/currencies/search|GET /api/imports/v1/currencies/historical_price|GET /api/prices/files|POST /api/prices/files|DELETE /api/prices/files|GET /api/transaction/value_sources|POST /api/prices/refetch|POST /api/prices/change_symbol|GET /api/review/summary|GET /api/review/findings|POST /api/review/decide|GET /api/review/method_comparison|POST /api/review/method|GET /api/traces/review_entry|GET /api/traces/next_wizard|GET /api/traces/trace_status|POST /api/traces/check_reviewed|POST /api/traces/update_trace_to_upload_csv_wizard|POST /api/traces/update_trace_to_desired_wizard|POST /api/traces/{id}|GET /api/traces/active_year_subscription_status|GET /api/traces/has_subscriptions|GET /api/traces/customer_info|GET /api/review/allocation_comparison|GET /api/review/safe_harbor_status|POST /api/review/allocation|GET /api/review/allocation.csv|GET /api/invitations/pending|POST /api/invitations/accept|POST /api/invitations/{id}/answer|POST /api/users/{id}/impersonate|POST /api/users/stop_impersonating|GET /api/users/access_log|GET /api/billing/plans|GET /api/billings/billingHistory|GET /api/billing/import_limit|GET /api/imports/v1/import_histories/payment_required|GET /api/wallets/v1/wallet_finders/address_list|POST /api/wallets/v1/wallet_finders/import_wallets|POST /api/wallets/v1/wallet_finders/dismiss_wallets|POST /api/wallets/v1/bulk_imports/import_wallets|POST /api/wallets/v1/hardware_wallets/status|GET /api/tax/broker_forms|GET /api/tax/broker_forms/{id}/lines|POST /api/tax/broker_forms|POST /api/tax/broker_forms/typed|DELETE /api/tax/broker_forms/{id}|POST /api/tax/broker_forms/lines/{id}/missing_deposit|GET /api/tax/years/{year}/tie_out|GET /api/tax/years/{year}/tie_out.csv`;
for (const route of ANY.split('|')) RULES[route] = 'any';

/** Calls that act on the caller's own session or account: not replayed by the other identities. */
const SELF_EFFECTS = new Set([
  'POST /api/auth/logout',
  'POST /api/users/stop_impersonating',
  'POST /api/users/{id}/impersonate',
  'POST /api/onboarding/settings/update_role',
]);

const MARK = 'qz7731xk';
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LEDGER = [
  HEADER,
  `2024-03-01 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy ${MARK},`,
  `2024-09-01 12:00:00 UTC,1,LTC,150,USD,,,150,USD,,Sell ${MARK},`,
].join('\n');

function allows(rule: Rule, roles: string[]): boolean {
  if (rule === 'public' || rule === 'any') return true;
  if (rule === 'customer') return roles.includes('customer');
  if (rule === 'customer+admin') return roles.includes('customer') || roles.includes('admin');
  if (rule === 'cpa+admin') return roles.includes('cpa') || roles.includes('admin');
  return roles.includes('admin');
}

const README = readmeAccountantTable();
/** The README's cell of each route: may an impersonating session call it? */
const INSIDE = new Map(README.flatMap((row) => row.routes.map((r) => [r, row.allowed] as const)));
const isWrite = (route: string) => !route.startsWith('GET ');

for (const dialect of DIALECTS) {
  describe(`${dialect}: authorization matrix`, () => {
    let server: TestServer;
    let routes: string[];
    const ids = { transaction: 0, history: 0, file: 0, alice: 0, invitation: 0, link: 0 };
    const users: Record<string, { client: TestClient; roles: string[] }> = {};
    const aliceData = () => snapshotOf(server.ctx.db.kysely, ids.alice);

    async function account(name: string, roles: string) {
      const client = new TestClient(server.app);
      const email = `${name}@example.com`;
      const res = await client.post('/api/auth/sign_up', {
        email,
        password: 'correct horse 9',
        first_name: name,
      });
      await server.ctx.users.update(res.body.user.id, { roles, onboarded: true });
      users[name] = { client, roles: roles.split(',') };
      return { client, id: res.body.user.id as number };
    }

    function pathFor(route: string): string {
      const [, path] = route.split(' ') as [string, string];
      const history = /import_histories|import_files|exchange_sources|transaction\/\{exchangeId\}/.test(path);
      const id = /import_files/.test(path)
        ? ids.file
        : history
          ? ids.history
          : path.includes('/invitations/')
            ? ids.invitation
            : path.includes('/customer_cpa')
              ? ids.link
              : path.includes('/users/')
                ? ids.alice
                : ids.transaction;
      return path
        .replace('{year}', '2024')
        .replace('{form}', 'form-8949.pdf')
        .replace('{type}', 'buy')
        .replace('{provider}', 'coinbase')
        .replace('{exchangeId}', String(ids.history))
        .replace(/\{id\}/g, String(id));
    }

    /** The route called as `spelling` (plain, one letter percent-encoded, one in upper case). */
    async function call(
      client: TestClient,
      route: string,
      spelling: 'plain' | 'encoded' | 'mixed' = 'plain',
    ) {
      const [method] = route.split(' ') as [string];
      const body = method === 'GET' || method === 'DELETE' ? undefined : (WRITE_BODIES[route] ?? {});
      return client.request(method, spellings(pathFor(route))[spelling], body);
    }

    function tokenTo(email: string): string {
      const mail = [...server.mails].reverse().find((m) => m.to === email)!;
      return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      await server.app.ready();
      const doc = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
      );

      const alice = await account('alice', 'customer');
      ids.alice = alice.id;
      await alice.client.upload(
        '/api/imports/v1/csv_imports',
        { name: `${MARK}.csv`, content: LEDGER },
        { new_account: 'true', custom_name: `Vault ${MARK}` },
      );
      await server.ctx.jobs.idle();
      await alice.client.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const tx = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['id', 'import_history_id', 'import_file_id'])
        .where('user_id', '=', alice.id)
        .executeTakeFirstOrThrow();
      ids.transaction = tx.id;
      ids.history = tx.import_history_id;
      ids.file = tx.import_file_id ?? 0;

      await account('bob', 'customer');
      await account('carol', 'cpa');
      await account('root', 'admin');
      await account('ivy', 'admin');
      // Lena is Alice's accountant but not inside her account; Dave and Erin are inside it.
      for (const name of ['lena', 'dave', 'erin']) {
        const { client } = await account(name, 'cpa');
        await alice.client.post('/api/customer_cpa', { email: `${name}@example.com` });
        expect(
          (await client.post('/api/invitations/accept', { token: tokenTo(`${name}@example.com`) })).status,
        ).toBe(200);
        if (name !== 'lena')
          expect((await client.post(`/api/users/${alice.id}/impersonate`)).status).toBe(200);
      }
      expect((await users.ivy!.client.post(`/api/users/${alice.id}/impersonate`)).status).toBe(200);
      // Alice proves her address (she accepts Gus's invitation from its e-mail); then Hal's
      // invitation waits for her answer — what an impersonating session must not give.
      for (const name of ['gus', 'hal']) {
        const { client } = await account(name, 'cpa');
        await client.post('/api/tax_pro/clients/invite', { email: 'alice@example.com' });
        if (name === 'gus')
          expect(
            (await alice.client.post('/api/invitations/accept', { token: tokenTo('alice@example.com') }))
              .status,
          ).toBe(200);
      }
      const links = (await alice.client.get('/api/customer_cpa')).body.data as Array<{
        id: number;
        email: string;
      }>;
      ids.link = links.find((l) => l.email === 'dave@example.com')!.id;
      ids.invitation = (await alice.client.get('/api/invitations/pending')).body.data[0].id;
      // Erin's access is revoked while she is inside Alice's account.
      const erin = links.find((l) => l.email === 'erin@example.com')!;
      expect((await alice.client.request('DELETE', `/api/customer_cpa/${erin.id}`)).status).toBe(200);
    });
    afterAll(() => server.dispose());

    it('every route of the OpenAPI document has an entry, and every entry a route', () => {
      expect(routes.filter((r) => !(r in RULES))).toEqual([]);
      expect(Object.keys(RULES).filter((r) => !routes.includes(r))).toEqual([]);
    });

    it('the README table names every route once and is the policy the server enforces, row by row', () => {
      const named = README.flatMap((row) => row.routes);
      expect(named.filter((r, i) => named.indexOf(r) !== i)).toEqual([]);
      expect(routes.filter((r) => !INSIDE.has(r))).toEqual([]);
      // What the README names beyond the document (the websocket) is a mounted route too.
      for (const r of named.filter((n) => !routes.includes(n))) {
        const [method, url] = r.split(' ') as [string, string];
        expect(
          server.app.hasRoute({ method: method as 'GET', url: url.replace(/\{(\w+)\}/g, ':$1') }),
          r,
        ).toBe(true);
      }
      expect(IMPERSONATION_POLICY.map((row) => ({ ...row, routes: row.routes.map(openApiPath) }))).toEqual(
        README,
      );
    });

    it('anonymous: only the public calls answer, encoded or not; everything else asks to sign in', async () => {
      const anon = new TestClient(server.app);
      for (const route of routes) {
        for (const spelling of ['plain', 'encoded'] as const) {
          const res = await call(anon, route, spelling);
          if (RULES[route] === 'public') expect(res.status, `${spelling} ${route}`).not.toBe(401);
          else expect(res.status, `${spelling} ${route}`).toBe(401);
        }
        expect((await call(anon, route, 'mixed')).status, `mixed ${route}`).toBe(404);
      }
    });

    for (const name of ['bob', 'carol', 'lena', 'root'] as const) {
      it(`${name} (own account): the role rules hold in every spelling, and nothing of Alice's comes back or changes`, async () => {
        const { client, roles } = users[name]!;
        let before = await aliceData();
        for (const route of routes) {
          if (SELF_EFFECTS.has(route)) continue;
          for (const spelling of ['plain', 'encoded'] as const) {
            const res = await call(client, route, spelling);
            const text = JSON.stringify(res.body);
            const cell = `${spelling} ${route} → ${res.status} ${text.slice(0, 200)}`;
            expect(text, cell).not.toContain(MARK);
            if (allows(RULES[route]!, roles)) expect([401, 403], cell).not.toContain(res.status);
            else expect(res.status, cell).toBe(403);
          }
          expect((await call(client, route, 'mixed')).status, `mixed ${route}`).toBe(404);
          if (!isWrite(route)) continue;
          // An admin manages accounts (roles, plans) by design; nobody else touches Alice's.
          if (RULES[route] === 'admin' && roles.includes('admin')) before = await aliceData();
          else expect(await aliceData(), route).toBe(before);
        }
      });
    }

    it('an uninvited accountant may not enter Alice’s account; an admin may', async () => {
      expect((await users.bob!.client.post(`/api/users/${ids.alice}/impersonate`)).status).toBe(403);
      expect((await users.carol!.client.post(`/api/users/${ids.alice}/impersonate`)).status).toBe(403);
      const root = users.root!.client;
      expect((await root.post(`/api/users/${ids.alice}/impersonate`)).status).toBe(200);
      expect(
        (await root.post('/api/traces/list_transactions_new', { page_size: 20 })).body.transactions,
      ).toHaveLength(2);
      await root.post('/api/users/stop_impersonating');
    });

    it('the revoked accountant is put back in her own account on her next request and sees nothing of Alice’s', async () => {
      const erin = users.erin!.client;
      const first = await erin.get('/api/tax/years');
      expect(first.status).toBe(403);
      for (const route of routes.filter((r) => r.startsWith('GET '))) {
        const res = await call(erin, route);
        expect(JSON.stringify(res.body), route).not.toContain(MARK);
        if (!allows(RULES[route]!, ['cpa'])) expect(res.status, route).toBe(403);
      }
      expect((await erin.post(`/api/users/${ids.alice}/impersonate`)).status).toBe(403);
    });

    for (const name of ['dave', 'ivy'] as const) {
      const who = name === 'dave' ? 'the accountant' : 'the admin';
      it(`${who} inside Alice’s account: every "no" cell of the README answers 403 in every spelling and changes nothing`, async () => {
        const client = users[name]!.client;
        for (const route of routes.filter((r) => !INSIDE.get(r))) {
          const before = isWrite(route) ? await aliceData() : '';
          for (const spelling of ['plain', 'encoded', 'mixed'] as const) {
            const res = await call(client, route, spelling);
            expect({ status: res.status, message: res.body.message }, `${spelling} ${route}`).toEqual({
              status: 403,
              message: NOT_WHILE_VIEWING,
            });
          }
          if (isWrite(route)) expect(await aliceData(), route).toBe(before);
        }
        // Still inside Alice's account: the refusals ended nothing.
        expect((await client.get('/api/auth/session')).body.masquerade.email).toBe('alice@example.com');
      });

      it(`${who} inside Alice’s account: the session shows whose account it is, not her two-factor or preferences`, async () => {
        const client = users[name]!.client;
        const before = (await server.ctx.users.findById(ids.alice))!;
        await server.ctx.users.update(ids.alice, {
          mfa_enabled: true,
          email_notifications: true,
          switch_notifications: true,
          onboarded: false,
          onboarding_step: 3,
          transaction_uploaded: true,
          resync_reminder: true,
          safe_harbor_dismissed: true,
          bulk_edit_preference: 'all_pages',
          username: 'alice-private',
          currency: 'EUR',
          timezone: 'Europe/Berlin',
          country_code: 'DE',
        });
        try {
          const seen = (await client.get('/api/auth/session')).body.user;
          // What the pages need to show Alice's data: whose account, its roles and layout, and the
          // currency, time zone and country her amounts, dates and reports are in.
          expect(seen).toMatchObject({
            id: ids.alice,
            email: 'alice@example.com',
            roles: ['customer'],
            currency: 'EUR',
            timezone: 'Europe/Berlin',
            country_code: 'DE',
          });
          // Her two-factor, notification choices, onboarding and other preferences (the README's
          // "no" rows: GET /api/setting, GET /api/users/mfa) read as fixed values.
          expect(seen).toMatchObject({
            username: null,
            mfa_enabled: false,
            email_notifications: false,
            switch_notifications: false,
            onboarded: true,
            onboarding_step: 5,
            transaction_uploaded: false,
            resync_reminder: false,
            safe_harbor_dismissed: false,
            bulk_edit_preference: null,
          });
          // Alice herself still sees all of it.
          const own = (await users.alice!.client.get('/api/auth/session')).body.user;
          expect(own).toMatchObject({ mfa_enabled: true, onboarded: false, username: 'alice-private' });
        } finally {
          await server.ctx.users.update(ids.alice, {
            mfa_enabled: Boolean(before.mfa_enabled),
            email_notifications: Boolean(before.email_notifications),
            switch_notifications: Boolean(before.switch_notifications),
            onboarded: Boolean(before.onboarded),
            onboarding_step: before.onboarding_step,
            transaction_uploaded: Boolean(before.transaction_uploaded),
            resync_reminder: Boolean(before.resync_reminder),
            safe_harbor_dismissed: Boolean(before.safe_harbor_dismissed),
            bulk_edit_preference: before.bulk_edit_preference,
            username: before.username,
            currency: before.currency,
            timezone: before.timezone,
            country_code: before.country_code,
          });
        }
      });

      it(`${who} inside Alice’s account: every "yes" cell read answers and shows Alice’s data`, async () => {
        const client = users[name]!.client;
        let seen = 0;
        for (const route of routes.filter((r) => INSIDE.get(r) && !isWrite(r))) {
          for (const spelling of ['plain', 'encoded'] as const) {
            const res = await call(client, route, spelling);
            expect([401, 403], `${spelling} ${route} → ${res.status}`).not.toContain(res.status);
            if (spelling === 'plain' && JSON.stringify(res.body).includes(MARK)) seen++;
          }
          const mixed = await call(client, route, 'mixed');
          expect({ status: mixed.status, message: mixed.body.message }, `mixed ${route}`).toEqual({
            status: 403,
            message: NOT_WHILE_VIEWING,
          });
        }
        // Alice's own rows, account and file name came back.
        expect(seen).toBeGreaterThan(3);
      });
    }

    it('the accountant inside Alice’s account changes her tax data: the "yes" writes answer, and Alice reads the change', async () => {
      const dave = users.dave!.client;
      const alice = users.alice!.client;
      const settings = (await alice.get('/api/tax/settings')).body;
      const saved = await dave.put('/api/tax/%73ettings', { ...settings.data, method: 'hifo' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await alice.get('/api/tax/settings')).body.data.method).toBe('hifo');
      for (const route of routes.filter((r) => INSIDE.get(r) && isWrite(r) && !SELF_EFFECTS.has(r))) {
        const res = await call(dave, route, 'encoded');
        expect(
          [401, 403],
          `encoded ${route} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        ).not.toContain(res.status);
      }
    });

    it('the two "yes" calls that end the visit: the accountant exits, the admin signs out', async () => {
      const dave = users.dave!.client;
      expect((await dave.post('/api/users/%73top_impersonating')).status).toBe(200);
      const own = (await dave.get('/api/auth/session')).body;
      expect({ email: own.user.email, masquerade: own.masquerade ?? null }).toEqual({
        email: 'dave@example.com',
        masquerade: null,
      });
      const ivy = users.ivy!.client;
      expect((await ivy.post('/api/auth/%6cogout')).status).toBe(200);
      expect((await ivy.get('/api/auth/session')).body.user).toBeNull();
    });

    it('the owner: every customer call answers her, in every spelling but the upper-case one', async () => {
      const alice = users.alice!.client;
      for (const route of routes) {
        if (SELF_EFFECTS.has(route)) continue;
        for (const spelling of ['plain', 'encoded'] as const) {
          const res = await call(alice, route, spelling);
          const cell = `${spelling} ${route} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
          if (allows(RULES[route]!, ['customer'])) expect([401, 403], cell).not.toContain(res.status);
          else expect(res.status, cell).toBe(403);
        }
        expect((await call(alice, route, 'mixed')).status, `mixed ${route}`).toBe(404);
      }
    });
  });
}
