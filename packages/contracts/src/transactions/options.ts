import { z } from 'zod';
import { defineCall } from '../http.ts';

export const methodOption = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

export const getMethodList = defineCall({
  method: 'GET',
  path: '/api/transaction/method_list',
  summary: 'Import methods the user has transactions from',
  tag: 'transactions',
  response: z.object({ data: z.array(methodOption) }),
});

/** An import source for the filter: an account (group) or one of its files. */
export const importSourceOption = z.object({
  value: z.number().int(),
  label: z.string(),
  file_name: z.string().nullable(),
  slug: z.string(),
  /** Account type (csv, api, wallet, manual), or 'file' for one upload of an account. */
  type: z.string(),
  address: z.string().nullable(),
  group_id: z.number().int(),
  count: z.number().int(),
  isHeader: z.boolean(),
});
export type ImportSourceOption = z.infer<typeof importSourceOption>;

export const getImportSources = defineCall({
  method: 'GET',
  path: '/api/exchanges/',
  summary: 'Import sources (accounts and their files) for the filter',
  tag: 'transactions',
  response: z.object({ data: z.array(importSourceOption) }),
});

export const getManualExchangesList = defineCall({
  method: 'GET',
  path: '/api/manual_entry/exchanges_list',
  summary: "The user's accounts by name; the entry named Manual is the manual-entry book",
  tag: 'transactions',
  response: z.object({
    data: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), type: z.string() })),
  }),
});
