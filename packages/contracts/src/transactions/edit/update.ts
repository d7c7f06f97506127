import { z } from 'zod';
import { defineCall, flag } from '../../http.ts';
import { recordId } from '../../ids.ts';
import { transactionRow } from '../transaction-row.ts';

/** Free text of a number as the form sends it ('' and null mean empty); checked by validateEdit. */
const numberText = z
  .union([z.string().max(100), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim()));
const text = (max: number) => z.string().max(max).nullish();

/** Legacy editor only: the row's type can be changed between these (spec 02 §4). */
export const LEGACY_EDIT_TYPES = ['buy', 'sell', 'transfer'] as const;
export type LegacyEditType = (typeof LEGACY_EDIT_TYPES)[number];

/**
 * The edit payload of spec 02 §3. Field content is validated by validateEdit (update-rules)
 * so that every failing message comes back at once, not only zod's first complaint. A key it
 * does not know is refused (400 naming it), not dropped: `recieved_amount` would otherwise
 * save the row unchanged and answer success, the user's edit silently lost.
 */
export const updateTransactionBody = z.strictObject({
  id: recordId,
  date: text(40),
  type: z.enum(LEGACY_EDIT_TYPES).nullish(),
  from_currency: text(60),
  from_amount: numberText,
  from_per_token_price: numberText,
  to_currency: text(60),
  to_amount: numberText,
  to_per_token_price: numberText,
  comment: text(10_000),
  fee: numberText,
  fee_currency: text(60),
  fee_per_token_price: numberText,
  fee_value: numberText,
  us_based: z.union([flag, z.null()]).optional(),
  exchange_or_wallet: text(300),
  main_currency_per_price: numberText,
  ignore: flag.optional(),
  source_id: recordId.nullish(),
  total_value: numberText,
  manual_per_token_price: flag.optional(),
});
export type UpdateTransactionBody = z.input<typeof updateTransactionBody>;
export type UpdateTransactionInput = z.output<typeof updateTransactionBody>;

export const updateTransactionResponse = z.object({
  status: z.literal('success'),
  message: z.array(z.string()),
  data: z.object({ updated_rows: z.array(transactionRow) }),
});
export type UpdateTransactionResponse = z.infer<typeof updateTransactionResponse>;

export const UPDATE_SUCCESS_MESSAGE = 'Transaction updated successfully.';

/** The legacy editor's save. */
export const updateTransaction = defineCall({
  method: 'POST',
  path: '/api/transaction/update',
  summary: 'Save the legacy editor (date, sides, fee, prices, comment, US flag, ignore, type)',
  tag: 'transactions',
  body: updateTransactionBody,
  response: updateTransactionResponse,
});

/** The revamped editor's save (same payload; the type stays read-only there). */
export const updateTransactionV5 = defineCall({
  ...updateTransaction,
  path: '/api/transaction/updatev5',
  summary: 'Save the revamped editor (amount / per-token price / total, manual price flag)',
});
