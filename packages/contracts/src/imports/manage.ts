import { z } from 'zod';
import { defineCall, flag } from '../http.ts';
import { recordId } from '../ids.ts';

export const updateImportName = defineCall({
  method: 'PUT',
  path: '/api/imports/v2/import_histories/update_name',
  summary: 'Rename an account (custom_name)',
  tag: 'imports',
  body: z.object({ id: z.number().int(), custom_name: z.string().trim().min(1, 'Enter a name').max(120) }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const updateImportUsBased = defineCall({
  method: 'PUT',
  path: '/api/imports/v2/import_histories/update_us_based',
  summary: 'Mark an account as US-based (or not)',
  tag: 'imports',
  body: z.object({ id: z.number().int(), us_based: flag }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const deletionProgress = z.object({ in_progress: z.boolean(), message: z.string() });

export const deleteImportHistory = defineCall({
  method: 'DELETE',
  path: '/api/imports/v1/import_histories/:id',
  summary: 'Delete an account with all its uploads and transactions (runs as a job; poll deletion_status)',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ status: z.literal('success'), data: z.object({ job_id: z.number().int() }) }),
});

export const deleteImportSource = defineCall({
  method: 'DELETE',
  path: '/api/imports/v1/import_files/:id',
  summary: 'Delete one upload and the transactions it added (runs as a job; poll deletion_status)',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ status: z.literal('success'), data: z.object({ job_id: z.number().int() }) }),
});

export const getDeletionStatus = defineCall({
  method: 'GET',
  path: '/api/imports/v1/deletion_status',
  summary: 'Whether a deletion is still running (polled every second)',
  tag: 'imports',
  response: deletionProgress,
});
