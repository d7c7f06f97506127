import { z } from 'zod';
import { defineCall } from '../../http.ts';
import { recordId } from '../../ids.ts';
import { strictListFilter } from '../list-transactions.ts';
import type { UserDefinedType } from './types.ts';

/**
 * Bulk edit (spec 02 §4): a type change is allowed only when every selected row is a
 * deposit (buy), or every one a withdrawal (sell), or every one a trade, and each kind has
 * its own list of marks.
 */
export type BulkRowType = 'buy' | 'sell' | 'trade';

export const BULK_TYPE_OPTIONS: Record<BulkRowType, { value: UserDefinedType; label: string }[]> = {
  // The 13 deposit-type marks (the Deposit sub types bar the later no-mint-fee NFT one).
  buy: [
    { value: 'business_or_investment', label: 'Buy' },
    { value: 'external_transfer', label: 'Incoming' },
    { value: 'airdrop', label: 'Airdrop' },
    { value: 'fork', label: 'Fork' },
    { value: 'dividend_received', label: 'Dividend Received' },
    { value: 'interest_received', label: 'Interest Received' },
    { value: 'mined', label: 'Mined' },
    { value: 'gift_received', label: 'Gift Received' },
    { value: 'staking_reward', label: 'Staking Reward' },
    { value: 'payment', label: 'Payment' },
    { value: 'misc_reward', label: 'Misc Reward' },
    { value: 'masternode', label: 'Masternode' },
    { value: 'staking_return', label: 'Staking Return' },
  ],
  // The 8 withdrawal-type marks (the Withdrawal sub types bar the later 501(c)(3) donation).
  sell: [
    { value: 'business_or_investment', label: 'Sell' },
    { value: 'external_transfer', label: 'Outgoing' },
    { value: 'lost', label: 'Lost' },
    { value: 'stolen', label: 'Stolen' },
    { value: 'purchase', label: 'Purchase' },
    { value: 'gift_sent', label: 'Gift Sent' },
    { value: 'fee', label: 'Fee' },
    { value: 'staking_lockup', label: 'Staking Lockup' },
  ],
  trade: [
    { value: 'business_or_investment', label: 'Trade' },
    { value: 'nft_mint', label: 'NFT Minted' },
    { value: 'swap', label: 'Rebrand' },
    { value: 'nft_trade', label: 'NFT Trade' },
  ],
};

/** Sub-type names the old client sends as sub_category, mapped onto the marks they mean. */
const SUB_TYPE_ALIASES: Record<string, UserDefinedType> = {
  only_buy: 'business_or_investment',
  only_sell: 'business_or_investment',
  sub_type_trade: 'business_or_investment',
  only_incoming: 'external_transfer',
  only_outgoing: 'external_transfer',
  nft_mint_trade: 'nft_mint',
};

export function bulkMark(value: string): UserDefinedType {
  return SUB_TYPE_ALIASES[value] ?? (value as UserDefinedType);
}

/** The common kind of a selection, or null when it mixes kinds (the selector is then disabled). */
export function bulkRowType(types: readonly string[]): BulkRowType | null {
  const kinds = new Set(types);
  if (kinds.size !== 1) return null;
  const [only] = kinds;
  return only === 'buy' || only === 'sell' || only === 'trade' ? only : null;
}

export function bulkOptionsFor(types: readonly string[]) {
  const kind = bulkRowType(types);
  return kind ? BULK_TYPE_OPTIONS[kind] : [];
}

export const BULK_UPDATE_MESSAGE = 'Bulk update successful';

const id = recordId;
const ids = z.union([id, z.array(id).min(1).max(10_000)]).transform((v) => (Array.isArray(v) ? v : [v]));
const mark = z.string().min(1).max(40).transform(bulkMark);

const bulkResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** updated: rows changed; skipped: rows whose menu does not offer the mark (grouped, ignored …). */
  data: z.object({ count: z.number().int(), skipped: z.number().int() }),
});

/** Bulk type change of the selected rows on this page (or the ids of every page, ≤ 10,000). */
export const bulkUpdateTransactions = defineCall({
  method: 'POST',
  path: '/api/traces/bulk_update_transactions',
  summary: 'Mark the selected transactions (all deposits, all withdrawals or all trades) as one type',
  tag: 'transactions',
  body: z.strictObject({ ids, sub_category: mark }),
  response: bulkResponse,
});

/** The same change under the revamped client's name and payload. */
export const updateSelected = defineCall({
  method: 'POST',
  path: '/api/transaction/update_selected',
  summary: 'Mark the selected transactions as one type (revamped client)',
  tag: 'transactions',
  body: z.strictObject({ type: mark, selected_txns: ids }),
  response: bulkResponse,
});

export const BULK_ACTIONS = ['type', 'ignore', 'enable'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * All pages: the client sends the list's filter instead of ids (other_transactions_ids is
 * empty past 10,000 matches) and the server applies the change as a background job.
 */
export const bulkByFilterBody = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  /** The mark, for action 'type'. */
  type: mark.optional(),
  filter: strictListFilter,
  /** The list's ?type= narrowing, when the client used it. */
  list_type: z.enum(['Deposit', 'Withdrawal', 'Trade']).optional(),
});
export type BulkByFilterInput = z.input<typeof bulkByFilterBody>;

export const bulkByFilter = defineCall({
  method: 'POST',
  path: '/api/transaction/bulk_by_filter',
  summary: 'Apply a bulk change to every transaction matching the list filter (runs as a job)',
  tag: 'transactions',
  body: bulkByFilterBody,
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ job_id: z.number().int(), total: z.number().int() }),
  }),
});

export const bulkJobResult = z.object({
  total: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});

export const bulkJobStatus = defineCall({
  method: 'GET',
  path: '/api/transaction/bulk_status/:id',
  summary: 'Progress of an all-pages bulk change',
  tag: 'transactions',
  params: z.object({ id }),
  response: z.object({
    status: z.enum(['queued', 'running', 'succeeded', 'failed', 'superseded']),
    progress: z.number(),
    message: z.string().nullable(),
    result: bulkJobResult.nullable(),
    error: z.string().nullable(),
  }),
});

/** Undoes a finished all-pages change in one step (runs as a job like the change itself). */
export const bulkUndo = defineCall({
  method: 'POST',
  path: '/api/transaction/bulk_undo/:id',
  summary: 'Undo an all-pages bulk change: its rows go back to what they were (runs as a job)',
  tag: 'transactions',
  params: z.object({ id }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ job_id: z.number().int() }),
  }),
});

/** The job's name, as its progress events on the realtime channel carry it. */
export const BULK_JOB_NAME = 'transactions.bulk';
