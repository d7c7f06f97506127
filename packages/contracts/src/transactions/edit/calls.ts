import { z } from 'zod';
import { defineCall, errorResponse, flag } from '../../http.ts';
import { recordId } from '../../ids.ts';
import { USER_DEFINED_TYPES } from './types.ts';

const id = recordId;
const ids = z.union([id, z.array(id).min(1).max(10_000)]).transform((v) => (Array.isArray(v) ? v : [v]));

const updateTypeParams = z.object({ id, type: z.enum(USER_DEFINED_TYPES) });
const updateTypeResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    is_transfer_type: z.boolean(),
    user_defined_type: z.string().nullable(),
    ignored: z.boolean(),
  }),
});

/**
 * Mark a row as a user-defined type; choosing the applied one resets it (spec 02 §4). The spec
 * reads it as a GET; a GET never changes data here (a link from any site would), so the change
 * is this POST, with the CSRF token, and the GET only answers 405 (README, "No GET writes").
 */
export const updateTransactionType = defineCall({
  method: 'POST',
  path: '/api/traces/update_transaction_type/:id/:type',
  summary: "Mark a transaction as a user-defined type (or as not, when it's the applied one)",
  tag: 'transactions',
  params: updateTypeParams,
  response: updateTypeResponse,
});

/** The spec's GET form: changes nothing and answers 405 naming the POST. */
export const updateTransactionTypeLink = defineCall({
  method: 'GET',
  path: '/api/traces/update_transaction_type/:id/:type',
  summary: 'Refused with 405: the change is the POST (a GET never changes data)',
  tag: 'transactions',
  params: updateTypeParams,
  response: errorResponse,
});

export const toggleIgnore = defineCall({
  method: 'POST',
  path: '/api/traces/toggle_group_transaction_type_ignore',
  summary: 'Ignore or enable transactions',
  tag: 'transactions',
  body: z.strictObject({ ids, is_ignore: flag }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ count: z.number() }),
  }),
});

export const DELETED_MESSAGE =
  'You have deleted your transaction data, you must re-calculate your gains to see the proper changes.';

export const deleteTransactions = defineCall({
  method: 'POST',
  path: '/api/traces/delete_transaction',
  summary: 'Delete manual transactions',
  tag: 'transactions',
  body: z.strictObject({ ids }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ count: z.number() }),
  }),
});

export const ANNOTATION_RESET_MESSAGE =
  'Annotation histories cleanup is done. You need to recalculate your tax.';

export const resetAnnotationHistory = defineCall({
  method: 'DELETE',
  path: '/api/annotation_history/reset',
  summary: "Undo the user's changes to one account's transactions",
  tag: 'transactions',
  query: z.object({ eid: id }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ count: z.number() }),
  }),
});
