import { z } from 'zod';
import { defineCall } from '../http.ts';
import { recordId } from '../ids.ts';
import { importSourceRow } from './import-histories.ts';

/**
 * POST multipart/form-data: `file` (the export), optional `format` (a format id or auto),
 * `import_history_id` (add to an existing account), `custom_name`, `wallet_address`.
 * The file streams to disk and is parsed by a background job; progress arrives on the
 * `imports` websocket channel.
 */
export const uploadCsv = defineCall({
  method: 'POST',
  path: '/api/imports/v1/csv_imports',
  summary: 'Upload an exchange or wallet export (multipart/form-data)',
  tag: 'imports',
  response: z.object({
    status: z.literal('success'),
    data: z.object({
      import_history_id: z.number().int(),
      import_file_id: z.number().int(),
      job_id: z.number().int(),
    }),
  }),
});

export const uploadedCsv = z.object({
  id: z.number().int(),
  coin_addr: z.string().nullable(),
  coin_code: z.string().nullable(),
  status: z.enum(['in-progress', 'finished']),
  file_name: z.string(),
  /** Rows of this upload that could not be imported: "Finished with 3 row errors" (issue 35, item 6). */
  error_count: z.number().int(),
});

export const listCsvFiles = defineCall({
  method: 'GET',
  path: '/api/users/list_csv_files',
  summary: 'Uploaded files keyed by wallet/account name (all=true includes finished ones)',
  tag: 'imports',
  query: z.object({ all: z.enum(['true', 'false']).optional() }),
  response: z.object({ data: z.record(z.string(), z.array(uploadedCsv)) }),
});

export const importErrorRow = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

export const getImportErrors = defineCall({
  method: 'GET',
  path: '/api/imports/v1/import_files/:id/errors',
  summary: 'Row errors of one upload, for /error-logs?id=',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ data: z.object({ source: importSourceRow, errors: z.array(importErrorRow) }) }),
});
