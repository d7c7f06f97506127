import { z } from 'zod';
import { defineCall } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';

/**
 * Rounded totals of one term, as Form 8949 prints them (sum of the rows rounded to cents).
 * `proceeds` and `gain` are null (unknown) when any of the term's sales has no price.
 */
export const termTotals = z.object({
  proceeds: z.string().nullable(),
  /** Null (unknown) when a lot sold was acquired without a price. */
  cost_basis: z.string().nullable(),
  gain: z.string().nullable(),
  count: z.number().int(),
  /** Sales of the term with an unknown value (proceeds or the basis of the lots sold). */
  missing_prices: z.number().int(),
});

export const yearWarning = z.object({
  code: z.string(),
  transaction_id: z.number().int().nullable(),
  message: z.string(),
});

/** One tax year of the latest complete calculation (the /one_year page). */
export const yearDetail = z.object({
  year: z.number().int(),
  currency: z.string(),
  method: z.string(),
  basis: z.string(),
  calculated_at: z.string().nullable(),
  stale: z.boolean(),
  /**
   * Transactions of the year with a missing price: the one count of the Tax Center, this page
   * and every report (the year is INCOMPLETE when above 0).
   */
  missing_prices: z.number().int(),
  short_term: termTotals,
  long_term: termTotals,
  /** Net gain (short + long), rounded like the forms; null (unknown) when a sale has no price. */
  net_gain: z.string().nullable(),
  /** Null (unknown) when an income receipt has no price. */
  income_total: z.string().nullable(),
  /** Income receipts without a price. */
  income_missing_prices: z.number().int(),
  income_by_type: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      count: z.number().int(),
      /** Null (unknown) when a receipt of the type has no price. */
      value: z.string().nullable(),
    }),
  ),
  /** Realised gain by month ("2024-03") and by asset, rounded to cents. */
  gains_by_month: z.array(z.object({ month: z.string(), short_term: z.string(), long_term: z.string() })),
  gains_by_asset: z.array(z.object({ asset: z.string(), gain: z.string() })),
  /** The first warnings of the year (and the calculation's own), for the list. */
  warnings: z.array(yearWarning),
  /** Every warning of the year, counted as the PDF counts them. */
  warnings_total: z.number().int(),
  /** The same, grouped by kind, biggest first. */
  warning_groups: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      /** Warnings of this kind (a transaction may have several: a buy's value and its fee). */
      count: z.number().int(),
      /**
       * Transactions they are on, where that is the year's own count: for missing prices the
       * INCOMPLETE count (README "Incomplete years"); null for other kinds.
       */
      transactions: z.number().int().nullable(),
    }),
  ),
});
export type YearDetail = z.infer<typeof yearDetail>;

export const getTaxYear = defineCall({
  method: 'GET',
  path: '/api/tax/years/:year',
  summary: 'One tax year: term totals, income by type, gains by month and asset, warnings',
  tag: 'tax',
  params: z.object({ year: wholeNumber(2000, 2100) }),
  response: z.object({ data: yearDetail }),
});

export const disposalRow = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  asset: z.string(),
  amount: z.string(),
  acquired_at: z.string(),
  disposed_at: z.string(),
  proceeds: z.string(),
  cost_basis: z.string(),
  gain: z.string(),
  term: z.enum(['short', 'long']),
  category: z.string(),
  taxable: z.boolean(),
  wallet: z.string(),
  lot_count: z.number().int(),
  /** No price for the proceeds: proceeds and gain are unknown (their stored 0 is not a value). */
  missing_price: z.boolean(),
  /** A lot sold was acquired without a price: cost basis and gain are unknown. */
  basis_unknown: z.boolean(),
  sell_without_buy: z.string().nullable(),
});
export type DisposalRow = z.infer<typeof disposalRow>;

export const listTaxDisposals = defineCall({
  method: 'GET',
  path: '/api/tax/years/:year/disposals',
  summary: 'The disposals of a tax year, paged, in date order',
  tag: 'tax',
  params: z.object({ year: wholeNumber(2000, 2100) }),
  query: z.object({
    page: pageNumber.default(1),
    per_page: wholeNumber(1, 200).default(25),
  }),
  response: z.object({
    data: z.array(disposalRow),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
});

export const lotRow = z.object({
  lot_id: z.string().nullable(),
  acquired_at: z.string(),
  amount: z.string(),
  cost_basis: z.string(),
});

export type LotRow = z.infer<typeof lotRow>;

export const getDisposalLots = defineCall({
  method: 'GET',
  path: '/api/tax/disposals/:id/lots',
  summary: 'The lots one disposal used (the audit trail)',
  tag: 'tax',
  params: z.object({ id: recordId }),
  response: z.object({ data: z.array(lotRow) }),
});

/** Every downloadable report: the form and its file type. */
export const reportForms = [
  'form-8949.pdf',
  'schedule-d.pdf',
  'income.pdf',
  'tax-report.pdf',
  'capital-gains.csv',
  'turbotax.csv',
  'taxact.csv',
  'form-8283.csv',
  'income.csv',
  'schedule-d.csv',
] as const;
export const reportForm = z.enum(reportForms);
export type ReportForm = z.infer<typeof reportForm>;

/** A file download (not JSON): the path the web links to. */
export function reportPath(year: number, form: ReportForm): string {
  return `/api/tax/reports/${year}/${form}`;
}
