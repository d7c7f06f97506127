import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/test-support/dialects.ts';
import { TestClient } from '../src/test-support/http-client.ts';
import { startTestServer, type TestServer } from '../src/test-support/test-server.ts';

/**
 * Issue 19's authorization matrix: every route of the OpenAPI document × {anonymous, another
 * customer, an accountant nobody invited, an invited accountant working in the client's
 * account, an accountant whose access was revoked, an admin}. Each route must have an entry
 * below: a route added without one fails the first test.
 *
 * public: anyone; any: any signed-in account (on its own records); customer / cpa / admin:
 * that role only; '+admin' also lets an admin in.
 */
type Rule = 'public' | 'any' | 'customer' | 'customer+admin' | 'cpa+admin' | 'admin';

const RULES: Record<string, Rule> = {
  'GET /api/auth/session': 'public',
  'POST /api/auth/sign_up': 'public',
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
};
/** Every other route of the document is for any signed-in account, on its own records. */
const ANY = `GET /api/users/mfa|POST /api/users/mfa/setup|POST /api/users/mfa/enable|POST /api/users/mfa/disable|GET /api/users/get_user_role|GET /api/setting|POST /api/setting|PUT /api/setting|POST /api/users/dismiss_safe_harbor_banner|PUT /api/users/profile|POST /api/users/change_password|POST /api/users/update_transaction_uploaded|POST /api/onboarding/settings/update_role|POST /api/save_location|GET /api/timezone|POST /api/currency|POST /api/onboarding/notifications|GET /api/onboarding_flag|POST /api/onboarding_flag|POST /api/send_desktop_link|POST /api/imports/v1/csv_imports|GET /api/users/list_csv_files|GET /api/imports/v1/import_histories|GET /api/imports/v2/import_histories|GET /api/imports/v1/import_histories/import_history_exists|GET /api/imports/v2/import_histories/{id}/exchange_sources|GET /api/imports/v1/import_files/{id}/errors|POST /api/imports/v1/api_imports|POST /api/imports/v2/actions/resync_account|POST /api/blockchain_query|PUT /api/imports/v2/import_histories/update_name|PUT /api/imports/v2/import_histories/update_us_based|DELETE /api/imports/v1/import_histories/{id}|DELETE /api/imports/v1/import_files/{id}|GET /api/imports/v1/deletion_status|POST /api/manual_entry|GET /api/imports/v1/exchanges/search|GET /api/imports/v1/exchanges/{id}|GET /api/transaction/download_users_transactions/{id}|POST /api/traces/list_transactions|POST /api/traces/list_transactions_new|GET /api/transaction/stats|GET /api/transaction/visibility_stats|GET /api/transaction/method_list|GET /api/exchanges/|GET /api/manual_entry/exchanges_list|GET /api/feature_toggles/feature_status|GET /api/feature_toggles/group_ui_status|GET /api/feature_toggles/txn_editor_revamp|GET /api/can_recalculate|GET /api/gua_completion_status|GET /api/transaction/drill|GET /api/probable_self_transfers/{id}|POST /api/mark_self_transfers|GET /api/transaction/probable_switch_trades/{id}|POST /api/transaction/mark_switch_trades|GET /api/transaction/probable_rebrands/{id}|POST /api/transaction/mark_rebrand|GET /api/transaction/exchanges|DELETE /api/transaction/{exchangeId}|GET /api/traces/update_transaction_type/{id}/{type}|POST /api/traces/update_transaction_type/{id}/{type}|POST /api/traces/toggle_group_transaction_type_ignore|POST /api/traces/delete_transaction|DELETE /api/annotation_history/reset|POST /api/transaction/update|POST /api/transaction/updatev5|POST /api/traces/bulk_update_transactions|POST /api/transaction/update_selected|POST /api/transaction/bulk_by_filter|POST /api/transaction/bulk_undo/{id}|GET /api/transaction/bulk_status/{id}|POST /api/traces/group_transactions|POST /api/traces/ungroup_transaction/|POST /api/transaction/group_staking|POST /api/transaction/reclassify_switch_trade|GET /api/tax/years/{year}|GET /api/tax/years/{year}/disposals|GET /api/tax/disposals/{id}/lots|GET /api/tax/reports/{year}/{form}|POST /api/imports/v1/tax_calculations/start_tax_calculation|GET /api/recalculate_tax|POST /api/recalculate_tax|POST /api/imports/v1/tax_calculations/update_tax_calculated|GET /api/imports/v1/tax_calculations/details|GET /api/traces/check_tax_calculation|GET /api/tax/years|GET /api/tax/settings|PUT /api/tax/settings|POST /api/users/crypto_assets|GET /api/users/crypto_assets/holding_in_progress|POST /api/users/crypto_assets/total_holdings|GET /api/imports/v1/currencies/search|GET /api/imports/v1/currencies/historical_price|GET /api/prices/files|POST /api/prices/files|DELETE /api/prices/files|GET /api/transaction/value_sources|POST /api/prices/refetch|POST /api/prices/change_symbol|GET /api/review/summary|GET /api/review/findings|POST /api/review/decide|GET /api/review/method_comparison|POST /api/review/method|GET /api/traces/review_entry|GET /api/traces/next_wizard|GET /api/traces/trace_status|POST /api/traces/check_reviewed|POST /api/traces/update_trace_to_upload_csv_wizard|POST /api/traces/update_trace_to_desired_wizard|POST /api/traces/{id}|GET /api/traces/active_year_subscription_status|GET /api/traces/has_subscriptions|GET /api/traces/customer_info|GET /api/review/allocation_comparison|POST /api/review/allocation|GET /api/review/allocation.csv|GET /api/invitations/pending|POST /api/invitations/accept|POST /api/invitations/{id}/answer|POST /api/users/{id}/impersonate|POST /api/users/stop_impersonating|GET /api/users/access_log|GET /api/billing/plans|GET /api/billings/billingHistory|GET /api/billing/import_limit|GET /api/imports/v1/import_histories/payment_required|GET /api/wallets/v1/wallet_finders/address_list|POST /api/wallets/v1/wallet_finders/import_wallets|POST /api/wallets/v1/wallet_finders/dismiss_wallets|POST /api/wallets/v1/bulk_imports/import_wallets|POST /api/wallets/v1/hardware_wallets/status`;
for (const route of ANY.split('|')) RULES[route] = 'any';

/** Calls that act on the caller's own session or account: not replayed by the other identities. */
const SELF_EFFECTS = new Set([
  'POST /api/auth/logout',
  'POST /api/users/stop_impersonating',
  'POST /api/users/{id}/impersonate',
  'POST /api/onboarding/settings/update_role',
]);
/** Refused inside a client's account whatever the link (impersonation-guard). */
const BLOCKED_WHILE_VIEWING = /^\/api\/(users\/mfa\/|admin\/|users\/\d+\/impersonate|billing\/checkout)/;

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

for (const dialect of DIALECTS) {
  describe(`${dialect}: authorization matrix`, () => {
    let server: TestServer;
    let routes: string[];
    const ids = { transaction: 0, history: 0, file: 0, alice: 0 };
    const users: Record<string, { client: TestClient; roles: string[] }> = {};

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
      return path
        .replace('{year}', '2024')
        .replace('{form}', 'form-8949.pdf')
        .replace('{type}', 'buy')
        .replace('{exchangeId}', String(ids.history))
        .replace(
          /\{id\}/g,
          String(
            /import_files/.test(path)
              ? ids.file
              : history
                ? ids.history
                : path.includes('/users/')
                  ? ids.alice
                  : ids.transaction,
          ),
        );
    }

    async function call(client: TestClient, route: string) {
      const [method] = route.split(' ') as [string];
      return client.request(method, pathFor(route), method === 'GET' || method === 'DELETE' ? undefined : {});
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
      for (const name of ['dave', 'erin']) {
        const { client } = await account(name, 'cpa');
        await alice.client.post('/api/customer_cpa', { email: `${name}@example.com` });
        const mail = [...server.mails].reverse().find((m) => m.to === `${name}@example.com`)!;
        const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
        expect((await client.post('/api/invitations/accept', { token })).status).toBe(200);
        expect((await client.post(`/api/users/${alice.id}/impersonate`)).status).toBe(200);
      }
      // Erin's access is revoked while she is inside Alice's account.
      const links = (await alice.client.get('/api/customer_cpa')).body.data as Array<{
        id: number;
        email: string;
      }>;
      const erin = links.find((l) => l.email === 'erin@example.com')!;
      expect((await alice.client.request('DELETE', `/api/customer_cpa/${erin.id}`)).status).toBe(200);
    });
    afterAll(() => server.dispose());

    it('every route of the OpenAPI document has an entry, and every entry a route', () => {
      expect(routes.filter((r) => !(r in RULES))).toEqual([]);
      expect(Object.keys(RULES).filter((r) => !routes.includes(r))).toEqual([]);
    });

    it('anonymous: only the public calls answer; everything else asks to sign in', async () => {
      const anon = new TestClient(server.app);
      for (const route of routes) {
        const res = await call(anon, route);
        if (RULES[route] === 'public') expect(res.status, route).not.toBe(401);
        else expect(res.status, route).toBe(401);
      }
    });

    for (const name of ['bob', 'carol', 'root'] as const) {
      it(`${name} (another account): the role rules hold, and nothing of Alice's comes back or changes`, async () => {
        const { client, roles } = users[name]!;
        for (const route of routes) {
          if (SELF_EFFECTS.has(route)) continue;
          const res = await call(client, route);
          const text = JSON.stringify(res.body);
          expect(text, route).not.toContain(MARK);
          if (allows(RULES[route]!, roles))
            expect([401, 403], `${route} → ${res.status} ${text.slice(0, 200)}`).not.toContain(res.status);
          else expect(res.status, route).toBe(403);
        }
        const left = await server.ctx.db.kysely
          .selectFrom('transactions')
          .select('id')
          .where('user_id', '=', ids.alice)
          .execute();
        expect(left).toHaveLength(2);
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

    it('the invited accountant reads everything a customer may inside Alice’s account, and nothing blocked', async () => {
      const dave = users.dave!.client;
      let seen = 0;
      for (const route of routes.filter((r) => r.startsWith('GET '))) {
        const res = await call(dave, route);
        const path = pathFor(route);
        if (BLOCKED_WHILE_VIEWING.test(path) || !allows(RULES[route]!, ['customer']))
          expect(res.status, route).toBe(403);
        else expect([401, 403], `${route} → ${res.status}`).not.toContain(res.status);
        if (JSON.stringify(res.body).includes(MARK)) seen++;
      }
      // Alice's own rows, account and file name came back to her accountant.
      expect(seen).toBeGreaterThan(3);
      expect((await dave.get('/api/auth/session')).body.masquerade.email).toBe('alice@example.com');
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
  });
}
