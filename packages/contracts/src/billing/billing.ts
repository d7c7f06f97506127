import { z } from 'zod';
import { defineCall } from '../http.ts';
import { wholeNumber } from '../ids.ts';

/**
 * Plans, the free import limit, payments and billing history (spec 01 §1–§4, §7, §8).
 * Billing is off unless the operator turns it on (BILLING=stripe): then every user has every
 * feature and no pricing prompt appears; `billing_enabled` tells the pages which world they are in.
 */

const taxYear = wholeNumber(2009, 2100);

/** One plan of a tax year's catalogue. `transaction_limit` null: unlimited. */
export const plan = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal text in the catalogue's currency, e.g. "49.00". */
  price: z.string(),
  currency: z.string(),
  transaction_limit: z.number().int().nullable(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof plan>;

export const FREE_LIMIT_TITLE = 'Free import limit reached';
export const FREE_LIMIT_TEXT =
  'We paused your import! To continue importing additional transactions, please purchase a tax plan or contact Customer Support.';
export const TOO_MANY_TRANSACTIONS =
  'Too many transactions - please contact customer support for assistance.';

/**
 * Whether this instance sells plans, for every page and every visitor (signed in or not): with
 * billing off no plan, price, pricing link or payment invitation is shown anywhere.
 */
export const billingStatus = defineCall({
  method: 'GET',
  path: '/api/billing/status',
  summary: 'Whether billing is on for this instance (public)',
  tag: 'billing',
  public: true,
  response: z.object({ billing_enabled: z.boolean() }),
});

export const listPlans = defineCall({
  method: 'GET',
  path: '/api/billing/plans',
  summary: 'The plan catalogue of a tax year, the user’s plan for it and their transaction count',
  tag: 'billing',
  query: z.object({ tax_year: taxYear.optional() }),
  response: z.object({
    billing_enabled: z.boolean(),
    tax_year: z.number().int(),
    /** Years the catalogue sells, newest first. */
    tax_years: z.array(z.number().int()),
    free_transaction_limit: z.number().int(),
    plans: z.array(plan),
    /** The user's plan for this tax year (bought or granted), if any. */
    current_plan_id: z.string().nullable(),
    transaction_count: z.number().int(),
  }),
});

export const startCheckout = defineCall({
  method: 'POST',
  path: '/api/billing/checkout',
  summary: 'Starts a payment for a plan and tax year; answers the payment page to go to',
  tag: 'billing',
  body: z.object({
    plan_id: z.string().trim().min(1).max(40),
    tax_year: taxYear,
    /** Where the pricing page was opened from (spec 01 §2 callUrl); the user comes back there. */
    call_url: z.string().max(300).optional(),
  }),
  response: z.object({ status: z.literal('success'), url: z.string(), purchase_id: z.number().int() }),
});

export const purchaseStatus = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']);

export const billingRow = z.object({
  id: z.number().int(),
  tax_year: z.number().int(),
  plan_id: z.string(),
  plan_name: z.string(),
  /** 'stripe' for a payment, 'admin' for a plan granted by hand. */
  source: z.enum(['stripe', 'admin']),
  status: purchaseStatus,
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type BillingRow = z.infer<typeof billingRow>;

/** spec 01 §7 GET /billings/billingHistory: current_tax_year and year, with the rows. */
export const billingHistory = defineCall({
  method: 'GET',
  path: '/api/billings/billingHistory',
  summary: 'Payments and granted plans, newest first',
  tag: 'billing',
  response: z.object({
    billing_enabled: z.boolean(),
    current_tax_year: z.number().int(),
    year: z.number().int(),
    data: z.array(billingRow),
  }),
});

export const pausedImport = z.object({
  import_file_id: z.number().int(),
  import_history_id: z.number().int(),
  account_name: z.string(),
  file_name: z.string(),
  /** Transactions the user would have with this import stored. */
  needed: z.number().int(),
});

/** The free import limit (spec 01 §4, §8): what is paused and whether a plan can lift it. */
export const importLimitStatus = defineCall({
  method: 'GET',
  path: '/api/billing/import_limit',
  summary: 'The user’s import limit, transaction count and the imports paused by it',
  tag: 'billing',
  response: z.object({
    billing_enabled: z.boolean(),
    /** null: no limit (billing off, or an unlimited plan). */
    limit: z.number().int().nullable(),
    transaction_count: z.number().int(),
    paused: z.array(pausedImport),
    /** False when no plan of the catalogue holds what is paused ('Too many transactions…'). */
    upgrade_possible: z.boolean(),
    tax_year: z.number().int(),
  }),
});

/** spec 01 §7 …/import_histories/payment_required. */
export const importPaymentRequired = defineCall({
  method: 'GET',
  path: '/api/imports/v1/import_histories/payment_required',
  summary: 'Whether an import is paused until a plan is bought',
  tag: 'billing',
  response: z.object({ payment_required: z.boolean() }),
});

/** A 402 answer (an ErrorResponse with code payment_required) names the year and a trace id. */
export const PAYMENT_REQUIRED_TEXT = (year: number) => `The reports of ${year} need a tax plan for ${year}.`;
