import { z } from 'zod';
import { defineCall, flag } from '../http.ts';
import { recordId } from '../ids.ts';

/** One step of a transaction's flow: units of an asset moving between transactions. */
export const drillStep = z.object({
  transaction_id: z.number().int().nullable(),
  asset: z.string(),
  amount: z.string(),
  date: z.string().nullable(),
  exchange: z.string().nullable(),
  direction: z.enum(['in', 'out']),
});

export const drillTransaction = defineCall({
  method: 'GET',
  path: '/api/transaction/drill',
  summary: "A transaction's flow: where its units came from (forward=false) or went (forward=true)",
  tag: 'transactions',
  query: z.object({ id: recordId, forward: flag.optional() }),
  response: z.object({
    status: z.literal('success'),
    data: z.object({
      transaction_id: z.number().int(),
      forward: z.boolean(),
      /** False until a tax calculation has recorded the lot moves. */
      available: z.boolean(),
      steps: z.array(drillStep),
    }),
  }),
});
