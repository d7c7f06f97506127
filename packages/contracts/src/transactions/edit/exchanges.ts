import { z } from 'zod';
import { defineCall } from '../../http.ts';
import { recordId } from '../../ids.ts';

/** Exchanges view (spec 02 §2, §3, §8): the user's accounts with counts, delete and reset. */
export const EXCHANGE_DELETED_MESSAGE =
  'Your Exchange transactions are now being deleted. This may take a few moments. You need to recalculate your tax.';
export const EXCHANGE_DELETE_FAILED = 'Ooops! Exchange Transaction Deletion Failed.';
export const ANNOTATION_RESET_FAILED = 'Ooops! Annotation reset failed.';
export const EXCHANGE_DELETE_CONFIRM =
  'Once an Exchange or Wallet is deleted, all transactions and edits related to that Exchange will be removed';
export const ANNOTATION_RESET_CONFIRM =
  'All annotation and edit histories associated with this Exchange will be deleted.';

export const exchangeEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  address: z.string().nullable(),
  transactions_count: z.number().int(),
  /** Recorded user changes (annotation history entries) on this account's rows. */
  annotations_count: z.number().int(),
});
export type ExchangeEntry = z.infer<typeof exchangeEntry>;

export const listExchanges = defineCall({
  method: 'GET',
  path: '/api/transaction/exchanges',
  summary: "The user's exchanges and wallets with their transaction counts",
  tag: 'transactions',
  response: z.object({
    status: z.literal('success'),
    data: z.object({
      email: z.string(),
      exchanges: z.array(exchangeEntry),
      exchanges_count: z.number().int(),
    }),
  }),
});

export const deleteExchange = defineCall({
  method: 'DELETE',
  path: '/api/transaction/:exchangeId',
  summary: "Delete an exchange's transactions and edits (runs as a job)",
  tag: 'transactions',
  params: z.object({ exchangeId: recordId }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ job_id: z.number().int() }),
  }),
});
