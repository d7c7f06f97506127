import { z } from 'zod';
import { defineCall } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';

export const importStatus = z.enum(['in-progress', 'complete', 'failed']);

/** spec 01 §3 "Import history row". */
export const importHistoryRow = z.object({
  id: z.number().int(),
  account_name: z.string(),
  account_slug: z.string(),
  type: z.enum(['csv', 'api', 'wallet', 'manual']),
  last_synced_at: z.string().nullable(),
  total_transactions: z.number().int(),
  file_name: z.string().nullable(),
  custom_name: z.string().nullable(),
  import_options: z.array(z.string()),
  import_status: importStatus,
  blockchain_url: z.string().nullable(),
  expandable: z.boolean(),
  us_based: z.boolean(),
  resync_id: z.number().int().nullable(),
  source_id: z.number().int().nullable(),
  resync_disabled: z.boolean(),
  api_code: z.string().nullable(),
  /** Progress of the running import, 0–100, while import_status is in-progress. */
  progress: z.number().int(),
  /** A connected exchange said its API key can trade or withdraw (Lotwise only reads). */
  api_warning: z.string().nullable(),
  /**
   * Connected by signing in to the exchange (OAuth, "Connect with Coinbase"): whether Lotwise may
   * still read it (active), the user disconnected it (revoked) or the exchange no longer accepts it
   * (expired). Null for accounts connected otherwise.
   */
  oauth_status: z.enum(['active', 'revoked', 'expired']).nullable().optional(),
  /** Why the connected account's latest import or resync failed, in the source's words; null otherwise. */
  failure_reason: z.string().nullable(),
  /**
   * Rows of the account's uploads that could not be imported (bad dates, amounts…), summed over
   * its uploads: a finished account with some says so beside its status (issue 35, item 6).
   */
  row_errors: z.number().int(),
});
export type ImportHistoryRow = z.infer<typeof importHistoryRow>;

export const pageMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});

export const IMPORT_HISTORY_PAGE_SIZE = 50;

export const listImportHistoriesV1 = defineCall({
  method: 'GET',
  path: '/api/imports/v1/import_histories',
  summary: 'Every account the user imports into (all=true includes empty ones)',
  tag: 'imports',
  query: z.object({ all: z.enum(['true', 'false']).optional() }),
  response: z.object({ data: z.array(importHistoryRow) }),
});

export const listImportHistoriesV2 = defineCall({
  method: 'GET',
  path: '/api/imports/v2/import_histories',
  summary: 'Accounts, 50 per page, with page metadata',
  tag: 'imports',
  query: z.object({
    page: pageNumber.default(1),
    size: wholeNumber(1, 200).default(IMPORT_HISTORY_PAGE_SIZE),
  }),
  response: z.object({ data: z.array(importHistoryRow), meta: pageMeta }),
});

export const importHistoryExists = defineCall({
  method: 'GET',
  path: '/api/imports/v1/import_histories/import_history_exists',
  summary: 'Whether the user has imported anything yet',
  tag: 'imports',
  response: z.object({ import_history_exists: z.boolean(), transaction_uploaded: z.boolean() }),
});

/** spec 01 §3 "Import source row": one upload or sync into an account. */
export const importSourceRow = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  account_name: z.string(),
  account_slug: z.string(),
  blockchain_url: z.string().nullable(),
  last_sync: z.string().nullable(),
  total: z.number().int(),
  parsed: z.number().int(),
  import_status: importStatus,
  status_code: z.string().nullable(),
  file_name: z.string(),
  file_type: z.enum(['api', 'wallet', 'manual', 'csv']),
  custom_name: z.string().nullable(),
  us_based: z.boolean(),
  error_count: z.number().int(),
  note_count: z.number().int(),
  allow_resync_new: z.boolean(),
  resync_disabled: z.boolean(),
  api_code: z.string().nullable(),
  /** Lotwise additions: how the rows of this upload went. */
  added: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
  format: z.string().nullable(),
  message: z.string().nullable(),
});
export type ImportSourceRow = z.infer<typeof importSourceRow>;

export const listExchangeSources = defineCall({
  method: 'GET',
  path: '/api/imports/v2/import_histories/:id/exchange_sources',
  summary: 'The uploads of one account',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ data: z.array(importSourceRow) }),
});
