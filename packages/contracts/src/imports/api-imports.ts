import { z } from 'zod';
import { defineCall, flag } from '../http.ts';

/** Exchanges whose read-only API key Lotwise can import from. */
export const API_EXCHANGES = ['kraken'] as const;

/**
 * Connect an exchange account by its read-only API key (spec 01 §5 "API key import"; the
 * payload is not shown there). Missing key or secret: 'Please Provide Correct Api-Key and Secret.'
 */
export const saveApiImport = defineCall({
  method: 'POST',
  path: '/api/imports/v1/api_imports',
  summary: 'Connect an exchange by its read-only API key; the first import runs as a job',
  tag: 'imports',
  body: z.object({
    exchange: z.enum(API_EXCHANGES),
    api_key: z.string().max(400).default(''),
    secret: z.string().max(400).default(''),
    custom_name: z.string().trim().max(120).optional(),
    us_based: flag.optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ import_history_id: z.number().int(), job_id: z.number().int() }),
  }),
});

/** Fetch what is new on a connected account since its last sync (a job with progress). */
export const resyncAccount = defineCall({
  method: 'POST',
  path: '/api/imports/v2/actions/resync_account',
  summary: 'Resync a connected account: only what is new since the last sync',
  tag: 'imports',
  body: z.object({ import_history_id: z.number().int() }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ job_id: z.number().int() }),
  }),
});
