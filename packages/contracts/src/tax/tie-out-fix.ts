import { z } from 'zod';
import { defineCall } from '../http.ts';
import { recordId } from '../ids.ts';
import { DATE_RANGE_TEXT, isTransactionTime } from '../transactions/date-range.ts';

const positive = z
  .string()
  .max(80, 'must be a number such as 0.25')
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number such as 0.25')
  .refine((v) => /[1-9]/.test(v), 'must be more than 0');
const money = z
  .string()
  .max(80, 'must be an amount of 0 or more, such as 1250.00')
  .trim()
  .transform((v) => v.replace(/^\$/, '').replace(/,/g, ''))
  .pipe(z.string().regex(/^\d+(\.\d{1,8})?$/, 'must be an amount of 0 or more, such as 1250.00'));
const day = z
  .string()
  .max(40, 'must be a date as YYYY-MM-DD')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const ms = Date.parse(`${v}T12:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
  }, 'must be a calendar day')
  .refine((v) => isTransactionTime(Date.parse(`${v}T12:00:00Z`)), `must be ${DATE_RANGE_TEXT}`);

export const missingDepositBody = z.object({
  /** The units that came in (the tie-out's missing units; fewer when part was found elsewhere). */
  units: positive,
  /** When the coins were acquired (the lot's date, for the holding period): before the sale. */
  date_acquired: day,
  /** What they cost, in the user's currency (the lot's basis). */
  cost_basis: money,
});
export type MissingDepositBody = z.input<typeof missingDepositBody>;

/**
 * The fix of a 1099-DA line whose sale Lotwise has no purchase or deposit for (README "Fixing a
 * missing transfer"): the deposit is added to the line's account as a typed-in transaction (the
 * manual entry's own write), acquired on date_acquired for cost_basis. The caller recalculates
 * (POST /api/recalculate_tax) and reads the tie-out again. Not while viewing a client's account.
 */
export const addMissingDeposit = defineCall({
  method: 'POST',
  path: '/api/tax/broker_forms/lines/:id/missing_deposit',
  summary:
    'Add the deposit a 1099-DA line’s sale is missing (its coins came in from a wallet Lotwise never saw)',
  tag: 'tax',
  params: z.object({ id: recordId }),
  body: missingDepositBody,
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ transaction_id: z.number().int(), account_id: z.number().int() }),
  }),
});
