import { z } from 'zod';
import { defineCall } from '../http.ts';

/**
 * A partner aggregator's hand-over (spec 01 §7 "POST /users/process_aggregator with
 * aggregator_params, sent when aggcode is present"): the partner sends the user to Lotwise with
 * `?aggcode=…`; the app posts it, and the accounts the partner lists are connected and imported
 * like API connections. Off (404) when the server has no partner configured.
 */
export const processAggregator = defineCall({
  method: 'POST',
  path: '/api/users/process_aggregator',
  summary: "Redeem a partner's hand-over code (aggcode): connect and import the accounts it lists",
  tag: 'imports',
  body: z.object({
    aggregator_params: z.object({
      aggcode: z.string().trim().min(1, 'The link has no code').max(200, 'The code is too long'),
    }),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({
      accounts: z.array(
        z.object({
          import_history_id: z.number().int(),
          job_id: z.number().int().nullable(),
          name: z.string(),
        }),
      ),
      /** Accounts the partner listed that could not be added, each with why. */
      skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
    }),
  }),
});
