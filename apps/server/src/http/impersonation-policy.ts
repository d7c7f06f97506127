/**
 * What an impersonating session (an accountant, or an admin, working inside a client's
 * account) may call: README "What an accountant may do in a client's account" is this table,
 * row by row (apps/server/test/authorization-matrix.test.ts holds the two to each other).
 *
 * Deny by default: a route is decided by its MATCHED route (method and Fastify path, after
 * routing), never by the URL text, and a route that no row allows — including every route
 * added later — answers 403 while impersonating until someone adds it to an allowed row.
 */
export interface PolicyRow {
  /** The README row's first cell. */
  what: string;
  allowed: boolean;
  /** `METHOD /api/path` with Fastify's `:param` names. */
  routes: readonly string[];
}

export const IMPERSONATION_POLICY: readonly PolicyRow[] = [
  {
    what: 'Their session: whose account it is, whether billing is on, the realtime channel, exit and sign out',
    allowed: true,
    routes: [
      'GET /api/auth/session',
      'GET /api/billing/status',
      'GET /api/ws',
      'POST /api/users/stop_impersonating',
      'POST /api/auth/logout',
    ],
  },
  {
    what: 'Imports: files, exchange APIs, wallets, manual entries, import history, deletions',
    allowed: true,
    routes: [
      'POST /api/imports/v1/csv_imports',
      'GET /api/users/list_csv_files',
      'GET /api/imports/v1/import_histories',
      'GET /api/imports/v2/import_histories',
      'GET /api/imports/v1/import_histories/import_history_exists',
      'GET /api/imports/v2/import_histories/:id/exchange_sources',
      'GET /api/imports/v1/import_files/:id/errors',
      'GET /api/imports/v1/import_histories/payment_required',
      'GET /api/billing/import_limit',
      'POST /api/imports/v1/api_imports',
      'POST /api/imports/v2/actions/resync_account',
      'GET /api/oauth/providers',
      'POST /api/oauth/connections/:id/revoke',
      'POST /api/check_smart_contract',
      'POST /api/blockchain_query',
      'PUT /api/imports/v2/import_histories/update_name',
      'PUT /api/imports/v2/import_histories/update_us_based',
      'DELETE /api/imports/v1/import_histories/:id',
      'DELETE /api/imports/v1/import_files/:id',
      'GET /api/imports/v1/deletion_status',
      'POST /api/manual_entry',
      'GET /api/imports/v1/exchanges/search',
      'GET /api/imports/v1/exchanges/:id',
      'GET /api/wallets/v1/wallet_finders/address_list',
      'POST /api/wallets/v1/wallet_finders/import_wallets',
      'POST /api/wallets/v1/wallet_finders/dismiss_wallets',
      'POST /api/wallets/v1/bulk_imports/import_wallets',
      'POST /api/wallets/v1/hardware_wallets/status',
    ],
  },
  {
    what: 'Reading transactions: the list, counts, filters, flows, pair candidates, the CSV export',
    allowed: true,
    routes: [
      'POST /api/traces/list_transactions',
      'POST /api/traces/list_transactions_new',
      'GET /api/transaction/download_users_transactions/:id',
      'GET /api/transaction/stats',
      'GET /api/transaction/visibility_stats',
      'GET /api/transaction/method_list',
      'GET /api/exchanges/',
      'GET /api/manual_entry/exchanges_list',
      'GET /api/feature_toggles/feature_status',
      'GET /api/feature_toggles/group_ui_status',
      'GET /api/feature_toggles/txn_editor_revamp',
      'GET /api/can_recalculate',
      'GET /api/gua_completion_status',
      'GET /api/transaction/drill',
      'GET /api/probable_self_transfers/:id',
      'GET /api/transaction/probable_switch_trades/:id',
      'GET /api/transaction/probable_rebrands/:id',
      'GET /api/transaction/exchanges',
      'GET /api/transaction/bulk_status/:id',
    ],
  },
  {
    what: 'Editing transactions: marks, ignore, edits, pairs, groups, bulk changes, deletions, annotation reset',
    allowed: true,
    routes: [
      'GET /api/traces/update_transaction_type/:id/:type',
      'POST /api/traces/update_transaction_type/:id/:type',
      'POST /api/traces/toggle_group_transaction_type_ignore',
      'POST /api/traces/delete_transaction',
      'DELETE /api/annotation_history/reset',
      'POST /api/transaction/update',
      'POST /api/transaction/updatev5',
      'POST /api/traces/bulk_update_transactions',
      'POST /api/transaction/update_selected',
      'POST /api/transaction/bulk_by_filter',
      'POST /api/transaction/bulk_undo/:id',
      'POST /api/traces/group_transactions',
      'POST /api/traces/ungroup_transaction/',
      'POST /api/transaction/group_staking',
      'POST /api/transaction/reclassify_switch_trade',
      'POST /api/mark_self_transfers',
      'POST /api/transaction/mark_switch_trades',
      'POST /api/transaction/mark_rebrand',
      'DELETE /api/transaction/:exchangeId',
    ],
  },
  {
    what: 'Tax: calculations, years, disposals, lots, reports, tax settings (lot method, allocation)',
    allowed: true,
    routes: [
      'POST /api/imports/v1/tax_calculations/start_tax_calculation',
      'POST /api/recalculate_tax',
      'GET /api/recalculate_tax',
      'POST /api/imports/v1/tax_calculations/update_tax_calculated',
      'GET /api/imports/v1/tax_calculations/details',
      'GET /api/traces/check_tax_calculation',
      'GET /api/tax/years',
      'GET /api/tax/years/:year',
      'GET /api/tax/years/:year/disposals',
      'GET /api/tax/disposals/:id/lots',
      'GET /api/tax/reports/:year/:form',
      'GET /api/tax/settings',
      'PUT /api/tax/settings',
    ],
  },
  {
    what: 'Holdings and prices: holdings, price look-ups, the client’s price files, re-pricing',
    allowed: true,
    routes: [
      'POST /api/users/crypto_assets',
      'GET /api/users/crypto_assets/holding_in_progress',
      'POST /api/users/crypto_assets/total_holdings',
      'GET /api/imports/v1/currencies/search',
      'GET /api/imports/v1/currencies/historical_price',
      'GET /api/prices/files',
      'POST /api/prices/files',
      'DELETE /api/prices/files',
      'GET /api/transaction/value_sources',
      'POST /api/prices/refetch',
      'POST /api/prices/change_symbol',
    ],
  },
  {
    what: 'Review: findings and decisions, wizards, method and allocation comparisons and choices',
    allowed: true,
    routes: [
      'GET /api/review/summary',
      'GET /api/review/findings',
      'POST /api/review/decide',
      'GET /api/review/method_comparison',
      'POST /api/review/method',
      'GET /api/review/allocation_comparison',
      'GET /api/review/safe_harbor_status',
      'POST /api/review/allocation',
      'GET /api/review/allocation.csv',
      'GET /api/traces/review_entry',
      'GET /api/traces/next_wizard',
      'GET /api/traces/trace_status',
      'POST /api/traces/check_reviewed',
      'POST /api/traces/update_trace_to_upload_csv_wizard',
      'POST /api/traces/update_trace_to_desired_wizard',
      'POST /api/traces/:id',
      'GET /api/traces/active_year_subscription_status',
      'GET /api/traces/has_subscriptions',
      'GET /api/traces/customer_info',
    ],
  },
  {
    what: 'Broker forms, read-only: the client’s Forms 1099-DA, their lines and the tie-out',
    allowed: true,
    routes: [
      'GET /api/tax/broker_forms',
      'GET /api/tax/broker_forms/:id/lines',
      'GET /api/tax/years/:year/tie_out',
      'GET /api/tax/years/:year/tie_out.csv',
    ],
  },
  {
    what: 'Broker forms: adding, typing in or removing a client’s Form 1099-DA, and the tie-out’s fix (adding a missing deposit)',
    allowed: false,
    routes: [
      'POST /api/tax/broker_forms',
      'POST /api/tax/broker_forms/typed',
      'DELETE /api/tax/broker_forms/:id',
      'POST /api/tax/broker_forms/lines/:id/missing_deposit',
    ],
  },
  {
    what: 'Connecting the client’s exchange login (Connect with Coinbase) or a partner’s hand-over link: the consent is the client’s own',
    allowed: false,
    routes: [
      'POST /api/oauth/:provider/start',
      'POST /api/oauth/:provider/callback',
      'POST /api/users/process_aggregator',
    ],
  },
  {
    what: 'Signing in: sign-up and its e-mailed link, log-in, two-factor log-in, password reset',
    allowed: false,
    routes: [
      'POST /api/auth/sign_up',
      'POST /api/auth/confirm_sign_up',
      'POST /api/auth/login',
      'POST /api/auth/login/mfa',
      'POST /api/auth/forgot_password',
      'POST /api/auth/reset_password',
    ],
  },
  {
    what: 'The client’s password, two-factor authentication, profile and role',
    allowed: false,
    routes: [
      'POST /api/users/change_password',
      'GET /api/users/mfa',
      'POST /api/users/mfa/setup',
      'POST /api/users/mfa/enable',
      'POST /api/users/mfa/disable',
      'PUT /api/users/profile',
      'GET /api/users/get_user_role',
      'POST /api/onboarding/settings/update_role',
    ],
  },
  {
    what: 'The client’s preferences: settings, location, currency, onboarding flags and e-mails, banners',
    allowed: false,
    routes: [
      'GET /api/setting',
      'POST /api/setting',
      'PUT /api/setting',
      'POST /api/save_location',
      'GET /api/timezone',
      'POST /api/currency',
      'POST /api/onboarding/notifications',
      'GET /api/onboarding_flag',
      'POST /api/onboarding_flag',
      'POST /api/onboarding/step',
      'POST /api/users/update_transaction_uploaded',
      'POST /api/users/dismiss_safe_harbor_banner',
      'POST /api/send_desktop_link',
    ],
  },
  {
    what: 'The client’s accountants, invitations and access log; starting another impersonation',
    allowed: false,
    routes: [
      'GET /api/customer_cpa',
      'POST /api/customer_cpa',
      'GET /api/customer_cpa_page/:id',
      'DELETE /api/customer_cpa/:id',
      'GET /api/invitations/pending',
      'POST /api/invitations/accept',
      'POST /api/invitations/:id/answer',
      'GET /api/users/access_log',
      'POST /api/users/:id/impersonate',
    ],
  },
  {
    what: 'Billing: plans, payments and the billing history',
    allowed: false,
    routes: ['GET /api/billing/plans', 'POST /api/billing/checkout', 'GET /api/billings/billingHistory'],
  },
  {
    what: 'Labs: market pages and research portfolios',
    allowed: false,
    routes: [
      'GET /api/labs/dashboard',
      'GET /api/labs/discover',
      'GET /api/labs/research_portfolios',
      'POST /api/labs/research_portfolios',
      'DELETE /api/labs/research_portfolios/:id',
      'GET /api/labs/price/:id',
    ],
  },
  {
    what: 'The accountant’s own Tax Pro area, and administration',
    allowed: false,
    routes: [
      'GET /api/tax_pro/clients',
      'GET /api/tax_pro/clients/:id',
      'POST /api/tax_pro/clients/invite',
      'POST /api/tax_pro/invite_client_to_pay',
      'GET /api/admin/users',
      'PATCH /api/admin/users/:id',
      'POST /api/admin/users/:id/grant_plan',
      'GET /api/admin/jobs',
    ],
  },
];

const ALLOWED = new Set(IMPERSONATION_POLICY.filter((r) => r.allowed).flatMap((r) => r.routes));

/**
 * Whether an impersonating session may call the matched route. `url` is the route's own path
 * (`request.routeOptions.url`), undefined when nothing matched; HEAD follows its GET route.
 */
export function allowedWhileImpersonating(method: string, url: string | undefined): boolean {
  if (!url) return false;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return ALLOWED.has(`${m} ${url}`);
}
