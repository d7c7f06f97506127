import { z } from 'zod';
import { defineCall, errorResponse } from '../http.ts';

export const calculationState = z.enum(['none', 'queued', 'running', 'complete', 'failed', 'superseded']);

export const startTaxCalculation = defineCall({
  method: 'POST',
  path: '/api/imports/v1/tax_calculations/start_tax_calculation',
  summary: 'Start a tax calculation (recalculate=true runs it even when nothing changed)',
  tag: 'tax',
  body: z.object({ recalculate: z.boolean().optional() }),
  response: z.object({
    status: z.literal('success'),
    data: z.object({ trace_id: z.string(), state: calculationState }),
  }),
});

/**
 * Start a recalculation. The spec names `GET /recalculate_tax`; a GET never changes data here
 * (a link from any site would queue work), so the web app POSTs and the GET answers 405.
 */
export const recalculateTax = defineCall({
  method: 'POST',
  path: '/api/recalculate_tax',
  summary: 'Start a recalculation (the "New imports detected" banner and the refresh control)',
  tag: 'tax',
  response: z.object({ status: z.literal('success'), data: z.object({ trace_id: z.string() }) }),
});

/** The spec's GET form: queues nothing and answers 405 naming the POST. */
export const recalculateTaxLink = defineCall({
  method: 'GET',
  path: '/api/recalculate_tax',
  summary: 'Refused with 405: the recalculation is the POST (a GET never changes data)',
  tag: 'tax',
  response: errorResponse,
});

/** spec 01 §3 "Tax calculation status … Details". */
export const taxCalculationDetails = z.object({
  /** The year to open: the latest with a sale or income (else the default tax year). */
  tax_year: z.number().int(),
  /** Why the results are out of date, for people (empty when they are not). */
  stale_reasons: z.array(z.string()),
  /** null: never calculated; false: started but not finished (or failed); true: done. */
  tax_calculated: z.boolean().nullable(),
  need_tax_calculation: z.boolean(),
  taxable_or_incoming: z.boolean(),
  total_transactions: z.number().int(),
  first_import: z.boolean(),
  last_calculated_at: z.string().nullable(),
  trace_id: z.string().nullable(),
});

export const getTaxCalculationDetails = defineCall({
  method: 'GET',
  path: '/api/imports/v1/tax_calculations/details',
  summary: 'Where the user stands: calculated, needed, anything to calculate',
  tag: 'tax',
  response: z.object({ status: z.literal('success'), data: taxCalculationDetails }),
});

export const checkTaxCalculation = defineCall({
  method: 'GET',
  path: '/api/traces/check_tax_calculation',
  summary: 'Progress of one calculation by trace id',
  tag: 'tax',
  query: z.object({ id: z.string().min(1).max(100) }),
  response: z.object({
    status: z.literal('success'),
    data: z.object({
      trace_id: z.string(),
      state: calculationState,
      tax_calculated: z.boolean().nullable(),
      tax_year: z.number().int(),
      progress: z.number().int(),
      message: z.string().nullable(),
    }),
  }),
});

/**
 * Whether a year's results are out of date: the results are stale and the change reaches that
 * year (stale from it or an earlier one; `fromYear` null: every year). The one definition the
 * Tax Center and the accountant's client page both use (issue 35, item 4).
 */
export function yearOutOfDate(
  state: { stale: boolean; fromYear?: number | null; stale_from?: number | null },
  year: number,
): boolean {
  const from = state.fromYear ?? state.stale_from ?? null;
  return state.stale && (from === null || year >= from);
}

export const yearSummary = z.object({
  year: z.number().int(),
  proceeds: z.string(),
  cost_basis: z.string(),
  short_term_gain: z.string(),
  long_term_gain: z.string(),
  income: z.string(),
  disposal_count: z.number().int(),
  income_count: z.number().int(),
  /** Transactions of the year still without a fair market value: its totals are incomplete. */
  missing_prices: z.number().int(),
  /** The figures above that rest on a missing price: unknown (shown as such), not their 0. */
  unknown_figures: z.array(z.enum(['proceeds', 'cost_basis', 'short_term_gain', 'long_term_gain', 'income'])),
});

export const listTaxYears = defineCall({
  method: 'GET',
  path: '/api/tax/years',
  summary: 'Per-year totals of the latest finished calculation',
  tag: 'tax',
  response: z.object({
    data: z.object({
      calculated_at: z.string().nullable(),
      stale: z.boolean(),
      /** Why the results are out of date, for people. */
      stale_reasons: z.array(z.string()),
      /** The first out-of-date year (later years too); null: every year, when stale. */
      stale_from: z.number().int().nullable(),
      years: z.array(yearSummary),
      warnings: z.array(
        z.object({ code: z.string(), transaction_id: z.number().int().nullable(), message: z.string() }),
      ),
    }),
  }),
});

/** The longest lot-method text a save accepts (a bounded request gets a bounded answer). */
export const TAX_METHOD_MAX_LENGTH = 1200;

export const taxSettings = z.object({
  method: z
    .string()
    .trim()
    .toLowerCase()
    // A year a line of about 11 characters: 1,200 holds every year from 2009 to 2100 and more.
    .max(TAX_METHOD_MAX_LENGTH, `at most ${TAX_METHOD_MAX_LENGTH} characters`)
    .regex(
      /^(fifo|lifo|hifo|lofo|\d{4}:(fifo|lifo|hifo|lofo)(,\s*\d{4}:(fifo|lifo|hifo|lofo))*)$/,
      'use fifo, lifo, hifo, lofo, or a list such as 2020:fifo,2021:lifo',
    ),
  basis: z.enum(['universal', 'per-wallet', 'us-2025']),
  allocation_rule: z.enum(['stay-oldest-first', 'lowest-cost-largest-holding']),
});

/**
 * What a save accepts: the settings, with no year named twice (`2024:fifo,2024:lifo` would
 * leave 2024's method to the order of the list). Stored values are read with `taxSettings`.
 */
export const taxSettingsInput = taxSettings.superRefine((settings, ctx) => {
  if (settings.method.length > TAX_METHOD_MAX_LENGTH) return;
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const year of settings.method.match(/\d{4}(?=:)/g) ?? []) {
    if (seen.has(year)) twice.add(year);
    seen.add(year);
  }
  // Each repeated year once, however often it is repeated.
  for (const year of twice)
    ctx.addIssue({
      code: 'custom',
      path: ['method'],
      message: `${year} is given twice; give each year one method`,
    });
});

export const getTaxSettings = defineCall({
  method: 'GET',
  path: '/api/tax/settings',
  summary: 'Lot method per year, application and the 2025 allocation rule',
  tag: 'tax',
  response: z.object({ data: taxSettings }),
});

export const saveTaxSettings = defineCall({
  method: 'PUT',
  path: '/api/tax/settings',
  summary: 'Change the lot method, application or allocation rule (results become stale)',
  tag: 'tax',
  body: taxSettingsInput,
  response: z.object({ status: z.literal('success'), data: taxSettings }),
});

/**
 * The write side of `tax_calculated` (spec 01 §7 names the call; its payload is ours).
 * `false` marks the user's results as not calculated: they stay readable, the details report
 * tax_calculated false and need_tax_calculation true (so the button offers Restart and the
 * refresh control an update), and the next calculation starts from the first transaction
 * instead of resuming from a stored year. `true` only confirms a finished calculation that
 * matches the data (nothing changes); otherwise it is refused.
 */
export const updateTaxCalculated = defineCall({
  method: 'POST',
  path: '/api/imports/v1/tax_calculations/update_tax_calculated',
  summary: 'Mark the results as not calculated (false) or confirm them (true)',
  tag: 'tax',
  body: z.object({ tax_calculated: z.boolean() }),
  response: z.object({
    status: z.literal('success'),
    data: z.object({ tax_calculated: z.boolean().nullable(), need_tax_calculation: z.boolean() }),
  }),
});
