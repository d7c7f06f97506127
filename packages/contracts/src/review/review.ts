import { z } from 'zod';
import { defineCall } from '../http.ts';
import { idNumber, pageNumber, wholeNumber } from '../ids.ts';
import { FINDING_WIZARDS, WIZARDS } from './wizards.ts';

export const wizardName = z.enum(WIZARDS);
export const findingWizard = z.enum(FINDING_WIZARDS);

/** One thing to decide: a row (or a pair, or an asset's negative balance in one wallet). */
export const finding = z.object({
  /** Stable across calls: "<kind>:<transaction id>" or "negative_balance:<asset>:<account id>". */
  id: z.string(),
  wizard: findingWizard,
  transaction_ids: z.array(z.number().int()),
  date: z.string(),
  asset: z.string(),
  amount: z.string(),
  /** The account (exchange or wallet) it happened in. */
  account: z.string(),
  /** The other half: the deposit a self-transfer's withdrawal arrived as. */
  counterpart: z
    .object({ transaction_id: z.number().int(), date: z.string(), amount: z.string(), account: z.string() })
    .nullable(),
  /** One sentence on what was found. */
  detail: z.string(),
  /** The answer Lotwise would give, when it has one. */
  suggested: z.string().nullable(),
});
export type Finding = z.infer<typeof finding>;

export const wizardCount = z.object({
  wizard: wizardName,
  step: z.number().int(),
  title: z.string(),
  count: z.number().int(),
  completed: z.boolean(),
});

export const reviewSummary = defineCall({
  method: 'GET',
  path: '/api/review/summary',
  summary: 'What is left to review, per wizard (the review summary boxes)',
  tag: 'review',
  response: z.object({
    data: z.object({
      total: z.number().int(),
      wizards: z.array(wizardCount),
      /** Findings that rest on a tax calculation need one that is up to date. */
      calculated_at: z.string().nullable(),
      stale: z.boolean(),
      current: wizardName,
    }),
  }),
});

export const listFindings = defineCall({
  method: 'GET',
  path: '/api/review/findings',
  summary: "One wizard's findings, a page at a time",
  tag: 'review',
  query: z.object({
    wizard: findingWizard,
    page: pageNumber.default(1),
    per_page: wholeNumber(1, 100).default(20),
  }),
  response: z.object({
    data: z.object({
      wizard: findingWizard,
      items: z.array(finding),
      total: z.number().int(),
      choices: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  }),
});

/** Answers to findings: each one, or every finding of the wizard at once (`all`). */
export const decideFindings = defineCall({
  method: 'POST',
  path: '/api/review/decide',
  summary: "Answer a wizard's findings (recorded as annotations)",
  tag: 'review',
  body: z.union([
    z.object({
      wizard: findingWizard,
      decisions: z
        .array(z.object({ finding_id: z.string().min(1).max(100), choice: z.string().min(1).max(100) }))
        .min(1)
        .max(500),
    }),
    z.object({ wizard: findingWizard, all: z.literal(true), choice: z.string().min(1).max(100) }),
  ]),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ applied: z.number().int(), remaining: z.number().int() }),
  }),
});

const methodFigures = z.object({
  method: z.enum(['fifo', 'lifo', 'hifo', 'lofo']),
  proceeds: z.string(),
  cost_basis: z.string(),
  short_term_gain: z.string(),
  long_term_gain: z.string(),
  income: z.string(),
  /** Short- plus long-term, rounded like the forms. */
  net_gain: z.string(),
});

export const methodComparison = defineCall({
  method: 'GET',
  path: '/api/review/method_comparison',
  summary: 'One tax year under FIFO, LIFO, HIFO and LOFO side by side (SelectLifoFifo)',
  tag: 'review',
  query: z.object({ year: wholeNumber(2000, 2100) }),
  response: z.object({
    data: z.object({
      year: z.number().int(),
      currency: z.string(),
      current: z.string(),
      methods: z.array(methodFigures),
    }),
  }),
});

export const chooseMethod = defineCall({
  method: 'POST',
  path: '/api/review/method',
  summary: 'Choose the lot method from a tax year on (kept in the per-year method list)',
  tag: 'review',
  body: z.object({
    year: z.number().int().min(2000).max(2100),
    method: z.enum(['fifo', 'lifo', 'hifo', 'lofo']),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ method: z.string() }),
  }),
});

// The spec's trace calls (spec 01 §7).

export const reviewEntry = defineCall({
  method: 'GET',
  path: '/api/traces/review_entry',
  summary: 'The wizard the review starts at',
  tag: 'review',
  response: z.object({ wizard_name: wizardName }),
});

export const nextWizard = defineCall({
  method: 'GET',
  path: '/api/traces/next_wizard',
  summary: 'The next wizard with something to do, and the trace id',
  tag: 'review',
  response: z.object({ wizard_name: z.union([wizardName, z.literal('tax_summary')]), id: z.number().int() }),
});

export const traceStatus = defineCall({
  method: 'GET',
  path: '/api/traces/trace_status',
  summary: 'Where the review stands (also read by the transactions page)',
  tag: 'review',
  response: z.object({
    data: z.object({
      trace_name: wizardName,
      completed_trace_name: wizardName.nullable(),
      need_self_transfer_stitching: z.boolean(),
      /** Wizards not completed yet, in order. */
      uncompleted_trace_status: z.array(wizardName),
    }),
  }),
});

export const checkReviewed = defineCall({
  method: 'POST',
  path: '/api/traces/check_reviewed',
  summary: 'Whether every wizard is done and nothing is left to review',
  tag: 'review',
  response: z.object({ status: z.boolean() }),
});

export const updateTraceToUploadCsv = defineCall({
  method: 'POST',
  path: '/api/traces/update_trace_to_upload_csv_wizard',
  summary: 'Back to the upload step (more files to import)',
  tag: 'review',
  body: z.object({ trace_id: idNumber(0, 'is not the id of any trace').optional() }),
  response: z.object({ status: z.literal('success') }),
});

export const updateTraceToDesiredWizard = defineCall({
  method: 'POST',
  path: '/api/traces/update_trace_to_desired_wizard',
  summary: 'Go to a wizard (the client then goes to /)',
  tag: 'review',
  body: z.object({ wizard: wizardName }),
  response: z.object({ status: z.literal('success') }),
});

export const completeWizard = defineCall({
  method: 'POST',
  path: '/api/traces/:id',
  summary: 'Mark the named wizard done; answers the next one',
  tag: 'review',
  // The trace's id from next_wizard: 0 until the user's first change creates the trace (reading
  // creates nothing, issue 29.3). The server acts on the signed-in user's own trace either way.
  params: z.object({
    id: idNumber(0, 'is not the id of any trace'),
  }),
  body: z.object({ wizard_name: wizardName }),
  response: z.object({
    status: z.literal('success'),
    wizard_name: z.union([wizardName, z.literal('tax_summary')]),
  }),
});

export const activeYearSubscriptionStatus = defineCall({
  method: 'GET',
  path: '/api/traces/active_year_subscription_status',
  summary: 'The active tax year, its plan status and its calculation',
  tag: 'review',
  response: z.object({
    status: z.string(),
    active_tax_year: z.number().int(),
    subscription_stat: z.string(),
    tax_calculation_id: z.string().nullable(),
    taxable_count: z.number().int(),
  }),
});

export const hasSubscriptions = defineCall({
  method: 'GET',
  path: '/api/traces/has_subscriptions',
  summary: 'Whether the user has any plan (billing off: everyone has every feature)',
  tag: 'review',
  response: z.object({ subscribed: z.boolean() }),
});

export const customerInfo = defineCall({
  method: 'GET',
  path: '/api/traces/customer_info',
  summary: 'The signed-in customer, for the review pages',
  tag: 'review',
  response: z.object({ data: z.object({ email: z.string() }) }),
});

export const ALLOCATION_RULES = ['stay-oldest-first', 'lowest-cost-largest-holding'] as const;

const allocationFigures = z.object({
  rule: z.enum(ALLOCATION_RULES),
  label: z.string(),
  /** 2025's gains under this rule (rounded like the forms). */
  short_term_gain: z.string(),
  long_term_gain: z.string(),
  net_gain: z.string(),
  /** Cost basis each wallet starts 2025 with, per asset. */
  wallets: z.array(
    z.object({
      wallet: z.string(),
      asset: z.string(),
      amount: z.string(),
      cost_basis: z.string(),
      /** Present (true) when a lot of it was bought without a price: its basis is unknown, not cost_basis. */
      basis_unknown: z.literal(true).optional(),
    }),
  ),
  /** Units no lot covered at the switch. */
  shortfalls: z.number().int(),
});

/** The Safe Harbor 2025 allocation (Rev. Proc. 2024-28): both rules side by side. */
export const allocationComparison = defineCall({
  method: 'GET',
  path: '/api/review/allocation_comparison',
  summary: "The 1 January 2025 wallet allocation under each rule, with its effect on 2025's gains",
  tag: 'review',
  response: z.object({
    data: z.object({
      currency: z.string(),
      current: z.enum(ALLOCATION_RULES),
      /** When the user chose the rule (ISO), null until they do. */
      chosen_at: z.string().nullable(),
      rules: z.array(allocationFigures),
    }),
  }),
});

/**
 * Whether the Safe Harbor 2025 banner applies: the user had transactions before 1 January 2025
 * (so may hold lots to allocate) and has not chosen a rule yet. A new, empty account is not asked.
 */
export const safeHarborStatus = defineCall({
  method: 'GET',
  path: '/api/review/safe_harbor_status',
  summary: 'Whether the Safe Harbor 2025 banner applies to this account',
  tag: 'review',
  response: z.object({ applies: z.boolean() }),
});

export const chooseAllocation = defineCall({
  method: 'POST',
  path: '/api/review/allocation',
  summary: 'Choose the Safe Harbor allocation rule (recorded with the date)',
  tag: 'review',
  body: z.object({ rule: z.enum(ALLOCATION_RULES) }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ rule: z.enum(ALLOCATION_RULES), chosen_at: z.string() }),
  }),
});
