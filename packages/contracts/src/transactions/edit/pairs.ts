import { z } from 'zod';
import { defineCall, flag } from '../../http.ts';
import { recordId } from '../../ids.ts';
import { transactionRow } from '../transaction-row.ts';

/**
 * Pair dialogs (spec 02 §4, §7): Self Transfer, Switch Trade and Rebrand join an outgoing row
 * (sell_id) with an incoming one (buy_id). The pair shows as one merged list row.
 */
export const PAIR_KINDS = ['self_transfer', 'switch_trade', 'swap'] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

export const NO_PAIR_MESSAGE = 'Please select a matching pair below.';
export const NO_CANDIDATES_MESSAGE = 'Matching transaction not found.';
export const CREATE_MANUAL_LABEL = 'Create Manual ( matching transaction not found )';

const id = recordId;

/** One row of a pair dialog's table (the transaction itself or a candidate). */
export const pairCandidate = z.object({
  id: z.number().int(),
  /** buy (incoming) or sell (outgoing). */
  direction: z.enum(['buy', 'sell']),
  date: z.string(),
  exchange: z.string(),
  currency: z.string(),
  /** Decimal string. */
  amount: z.string(),
  address: z.string().nullable(),
});
export type PairCandidate = z.infer<typeof pairCandidate>;

const candidatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ transaction: pairCandidate, transactions: z.array(pairCandidate) }),
});

/** Either both ids, or one id and create_manual (the missing half is created as a manual row). */
const markBody = z.object({
  buy_id: id.optional().nullable(),
  sell_id: id.optional().nullable(),
  create_manual: flag.optional(),
});
export type MarkPairBody = z.input<typeof markBody>;

const markResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ updated_row: transactionRow, partner_id: z.number().int() }),
});

function candidates(path: string, what: string) {
  return defineCall({
    method: 'GET',
    path,
    summary: `Candidates for the other half of a ${what}`,
    tag: 'transactions',
    params: z.object({ id }),
    response: candidatesResponse,
  });
}

function mark(path: string, what: string) {
  return defineCall({
    method: 'POST',
    path,
    summary: `Join two transactions as a ${what}`,
    tag: 'transactions',
    body: markBody,
    response: markResponse,
  });
}

export const probableSelfTransfers = candidates('/api/probable_self_transfers/:id', 'self transfer');
export const markSelfTransfers = mark('/api/mark_self_transfers', 'self transfer');
export const probableSwitchTrades = candidates('/api/transaction/probable_switch_trades/:id', 'switch trade');
export const markSwitchTrades = mark('/api/transaction/mark_switch_trades', 'switch trade');
export const probableRebrands = candidates('/api/transaction/probable_rebrands/:id', 'rebrand');
export const markRebrand = mark('/api/transaction/mark_rebrand', 'rebrand');

export const PAIR_CALLS: Record<
  PairKind,
  { candidates: typeof probableSelfTransfers; mark: typeof markSelfTransfers }
> = {
  self_transfer: { candidates: probableSelfTransfers, mark: markSelfTransfers },
  switch_trade: { candidates: probableSwitchTrades, mark: markSwitchTrades },
  swap: { candidates: probableRebrands, mark: markRebrand },
};
