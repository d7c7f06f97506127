import { z } from 'zod';
import { defineCall } from '../http.ts';
import { pageNumber, wholeNumber } from '../ids.ts';
import { brokerFormLine } from './broker-forms.ts';

export const tieOutStatuses = [
  'matches',
  'proceeds_differ',
  'basis_differs',
  'term_differs',
  'form_only',
  'lotwise_only',
] as const;
export const tieOutStatus = z.enum(tieOutStatuses);
export type TieOutStatus = z.infer<typeof tieOutStatus>;

const money = z.string();

export const tieOutLine = z.object({
  status: tieOutStatus,
  asset: z.string(),
  account: z.string(),
  /** The 1099-DA line (with its form), or null: in Lotwise only. */
  broker: brokerFormLine.extend({ form_id: z.number().int() }).nullable(),
  /** Lotwise's disposal lines tied to it; each opens its lots (GET /api/tax/disposals/:id/lots). */
  disposals: z.array(
    z.object({
      id: z.number().int(),
      transaction_id: z.number().int(),
      amount: z.string(),
      disposed_at: z.string(),
      acquired_at: z.string(),
      proceeds: z.string(),
      cost_basis: z.string(),
      term: z.enum(['short', 'long']),
      wallet: z.string(),
      sell_without_buy: z.string().nullable(),
    }),
  ),
  /** Cents; the broker's basis is null when the form leaves it blank. Differences are Lotwise − broker. */
  broker_proceeds: money.nullable(),
  broker_basis: money.nullable(),
  lotwise_proceeds: money.nullable(),
  lotwise_basis: money.nullable(),
  proceeds_difference: money.nullable(),
  basis_difference: money.nullable(),
  /**
   * Why, in words. wallet: the account the units came from or whose import is missing; units
   * (missing_acquisition): the units Lotwise has no purchase or deposit for — the deposit to add.
   */
  reasons: z.array(
    z.object({
      code: z.string(),
      text: z.string(),
      wallet: z.string().optional(),
      units: z.string().optional(),
    }),
  ),
  /** The line on Form 8949 (null for a line on the 1099-DA only: no sale to write). */
  form_8949: z
    .object({
      box: z.string(),
      term: z.enum(['short', 'long']),
      description: z.string(),
      date_acquired: z.string(),
      date_sold: z.string(),
      proceeds: money,
      cost_basis: money,
      code: z.string(),
      adjustment: z.string(),
      gain: money,
    })
    .nullable(),
});
export type TieOutLineRow = z.infer<typeof tieOutLine>;

export const tieOutTotals = z.object({
  by_status: z.array(
    z.object({
      status: tieOutStatus,
      count: z.number().int(),
      broker_proceeds: money,
      lotwise_proceeds: money,
    }),
  ),
  /**
   * Each box of the year's Form 8949 as downloaded: every line of the box, the accounts without
   * a 1099-DA included (their sales on I/L), so the counts and money agree with the form.
   */
  by_box: z.array(
    z.object({
      box: z.string(),
      count: z.number().int(),
      proceeds: money,
      cost_basis: money,
      adjustment: money,
      gain: money,
    }),
  ),
});

export const getTieOut = defineCall({
  method: 'GET',
  path: '/api/tax/years/:year/tie_out',
  summary: 'The tie-out of a year’s Forms 1099-DA against Lotwise’s disposals, line by line',
  tag: 'tax',
  params: z.object({
    year: wholeNumber(2025, 2100, 'Form 1099-DA exists from tax year 2025'),
  }),
  query: z.object({
    status: tieOutStatus.optional(),
    asset: z.string().max(64).optional(),
    page: pageNumber.default(1),
    per_page: wholeNumber(1, 500).default(50),
  }),
  response: z.object({
    data: z.object({
      year: z.number().int(),
      forms: z.number().int(),
      calculated_at: z.string().nullable(),
      /** Totals of the whole year (filters aside). */
      totals: tieOutTotals,
      /** Assets with lines, for the filter. */
      assets: z.array(z.string()),
      lines: z.array(tieOutLine),
      meta: z.object({
        current_page: z.number().int(),
        per_page: z.number().int(),
        total_count: z.number().int(),
      }),
    }),
  }),
});
