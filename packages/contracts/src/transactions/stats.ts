import { z } from 'zod';
import { defineCall, flag } from '../http.ts';

export const transactionStats = z.object({
  buys_count: z.number().int(),
  sells_count: z.number().int(),
  trades_count: z.number().int(),
  errors_count: z.number().int(),
  exchanges_count: z.number().int(),
  swb_count: z.number().int(),
  /** Transactions needing review (a missing price, an insufficient balance or both), each once. */
  review_count: z.number().int(),
  income_count: z.number().int(),
  taxable_count: z.number().int(),
  total: z.number().int(),
  has_sell_without_buy: z.boolean(),
});
export type TransactionStats = z.infer<typeof transactionStats>;

export const getTransactionStats = defineCall({
  method: 'GET',
  path: '/api/transaction/stats',
  summary: 'Counts for the overview boxes and status tabs',
  tag: 'transactions',
  query: z.object({ show_ignored: flag.optional() }),
  response: transactionStats,
});

export const visibilityStats = z.object({
  cryptocurrency: z.number().int(),
  nft: z.number().int(),
  lptokens: z.number().int(),
  valid: z.number().int(),
  ignored: z.number().int(),
});
export type VisibilityStats = z.infer<typeof visibilityStats>;

export const getVisibilityStats = defineCall({
  method: 'GET',
  path: '/api/transaction/visibility_stats',
  summary: 'Counts per visibility option (asset type and status)',
  tag: 'transactions',
  response: visibilityStats,
});
