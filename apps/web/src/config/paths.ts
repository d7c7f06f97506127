/** Every SPA route of spec 01 §2 and 02 §2 in one place, each with an href builder. */
type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function simple(path: string) {
  return { path, getHref: () => path };
}

export const paths = {
  home: simple('/'),
  dashboard: simple('/dashboard'),
  imports: simple('/imports'),
  importsCsvs: simple('/imports/csvs'),
  importOptions: {
    path: '/imports/options',
    getHref: (q: { slug?: string; action?: string; sourceid?: string | number } = {}) =>
      withQuery('/imports/options/', q),
  },
  wallets: simple('/wallets'),
  transactions: {
    path: '/transactions',
    /** `id`: one transaction only (a tax warning's link). */
    getHref: (q: { txnType?: string; page?: number; id?: number } = {}) => withQuery('/transactions', q),
  },
  holdings: simple('/holdings'),
  tax: simple('/tax'),
  oneYear: { path: '/one_year', getHref: (year: number) => withQuery('/one_year', { year }) },
  taxCalculation: {
    path: '/tax-calculation',
    getHref: (traceId: string) => withQuery('/tax-calculation', { traceId }),
  },
  taxFiling: simple('/tax_filing'),
  /** Forms 1099-DA of a year and their tie-out (issue 31; ours: the spec has no such page). */
  brokerForms: { path: '/broker_forms', getHref: (year: number) => withQuery('/broker_forms', { year }) },
  workWithTaxPro: simple('/work_with_tax_pro'),
  pricing: {
    path: '/pricing',
    getHref: (q: { callUrl?: string; taxYear?: number } = {}) => withQuery('/pricing', q),
  },
  pricingSummary: simple('/pricing_summary'),
  taxSummary: simple('/tax_summary'),
  /** The Safe Harbor 2025 allocation (ours; the banner leads here). */
  safeHarbor: simple('/safe-harbor'),
  /** The guided review (ours: the spec names the wizards, not their page). */
  review: { path: '/review', getHref: (q: { wizard?: string } = {}) => withQuery('/review', q) },
  choosePlanMobile: simple('/choose_plan_mobile'),
  settings: {
    profile: simple('/settings/profile'),
    billingHistory: simple('/settings/billing-history'),
    mfaSecurity: simple('/settings/mfa-security'),
    prices: simple('/settings/prices'),
    export: {
      path: '/settings/export',
      getHref: (q: { id?: string | number; group?: string; type?: string } = {}) =>
        withQuery('/settings/export', q),
    },
    bulkEditPreference: simple('/settings/bulk_edit_preference'),
  },
  admin: simple('/admin'),
  errorLogs: { path: '/error-logs', getHref: (id: string | number) => withQuery('/error-logs', { id }) },
  transactionSources: simple('/transactionSources'),
  auth: {
    login: {
      path: '/login',
      getHref: (redirect?: string | null) => withQuery('/login', { redirect }),
    },
    newSignUp: simple('/new_sign_up'),
    signUp: simple('/sign_up'),
    getStarted: simple('/get_started'),
    forgotPassword: simple('/forgotpassword'),
    resetPassword: {
      path: '/resetpassword',
      getHref: (token?: string) => withQuery('/resetpassword', { token }),
    },
    acceptInvitation: simple('/accept_invitation'),
  },
  onboarding: {
    step: { path: '/onboarding/step-:n', getHref: (n: 1 | 2 | 3 | 4 | 5) => `/onboarding/step-${n}` },
    switchNotification: simple('/onboarding/switch-notification'),
    emailNotification: simple('/onboarding/email-notification'),
    video: simple('/onboarding/video'),
  },
  taxPro: {
    dashboard: simple('/tax_pro/dashboard'),
    settingsProfile: simple('/tax_pro/settings/profile'),
    settings: { path: '/tax_pro/settings', getHref: () => '/tax_pro/settings#mfa-security' },
    viewCustomer: {
      path: '/tax_pro/view_customer',
      getHref: (id: string | number) => withQuery('/tax_pro/view_customer', { id }),
    },
    paymentForm: {
      path: '/tax_pro/paymentForm',
      getHref: (q: { id: string | number; taxYear: number; type: string }) =>
        withQuery('/tax_pro/paymentForm', q),
    },
    paymentsInvitation: simple('/tax_pro/payments/invitation'),
  },
  labs: {
    dashboard: simple('/labs/dashboard'),
    discover: simple('/labs/discover'),
    researchPortfolios: simple('/labs/research-portfolios'),
    price: { path: '/labs/price/:id', getHref: (id: string) => `/labs/price/${encodeURIComponent(id)}` },
  },
} as const;

/** Pages anyone can open without signing in. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.auth.login.path,
  paths.auth.newSignUp.path,
  paths.auth.signUp.path,
  paths.auth.getStarted.path,
  paths.auth.forgotPassword.path,
  paths.auth.resetPassword.path,
  paths.auth.acceptInvitation.path,
];

export const SIGN_UP_PATHS: readonly string[] = [
  paths.auth.newSignUp.path,
  paths.auth.signUp.path,
  paths.auth.getStarted.path,
];

export const SUPPORT_URL: string =
  (import.meta.env.VITE_SUPPORT_URL as string | undefined) ??
  'https://github.com/lotwise/lotwise/discussions';
