import { z } from 'zod';
import { defineCall } from '../http.ts';
import { recordId } from '../ids.ts';
import { transactionKind } from '../normalised.ts';
import { DATE_RANGE_TEXT, isTransactionTime } from '../transactions/date-range.ts';
import { isFiatCode } from '../transactions/fiat.ts';

const amount = z
  .string()
  .trim()
  .max(60)
  .regex(/^\d+(\.\d+)?$/, 'must be a number of 0 or more, like 0.25');
const currency = z
  .string()
  .trim()
  .max(20)
  .toUpperCase()
  .regex(/^[A-Z0-9.\-_]{1,20}$/, 'must be a currency code such as BTC or USD')
  // '2300' in the currency box is an amount typed in the wrong field, not a coin.
  .regex(/[A-Z]/, 'must be a currency code such as BTC or USD, not a number');

const SENT_KINDS = new Set(['sell', 'trade', 'withdrawal', 'spend', 'fee']);
const RECEIVED_KINDS = new Set(['buy', 'trade', 'deposit', 'income']);

export const manualEntryBody = z
  .object({
    date: z.iso
      .datetime({
        message: 'must be a date and time in UTC, like 2024-03-01T10:00:00Z',
        offset: true,
      })
      .max(40)
      .refine((v) => isTransactionTime(Date.parse(v)), `must be ${DATE_RANGE_TEXT}`),
    type: transactionKind,
    from_currency: currency.optional(),
    from_amount: amount.optional(),
    to_currency: currency.optional(),
    to_amount: amount.optional(),
    fee_currency: currency.optional(),
    fee_amount: amount.optional(),
    fiat_currency: currency.optional(),
    fiat_value: amount.optional(),
    label: z.string().trim().max(40).optional(),
    comment: z.string().max(1000, 'must be at most 1000 characters').optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v, message: string) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (SENT_KINDS.has(v.type)) {
      need('from_currency', `is required for a ${v.type}`);
      need('from_amount', `is required for a ${v.type}`);
    }
    if (RECEIVED_KINDS.has(v.type)) {
      need('to_currency', `is required for a ${v.type}`);
      need('to_amount', `is required for a ${v.type}`);
    }
    if (v.fee_amount && Number(v.fee_amount) !== 0) need('fee_currency', 'is required when there is a fee');
    if (v.fiat_value) need('fiat_currency', 'is required with a value');
    if (v.fiat_currency && !isFiatCode(v.fiat_currency))
      ctx.addIssue({
        code: 'custom',
        path: ['fiat_currency'],
        message: 'must be a fiat currency such as USD or EUR',
      });
  });

export const saveManualEntry = defineCall({
  method: 'POST',
  path: '/api/manual_entry',
  summary: 'Add a transaction by hand (stored in the Manual account)',
  tag: 'imports',
  body: manualEntryBody,
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ id: z.number().int() }),
  }),
});

export const exchangeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(['exchange', 'wallet', 'other']),
  us_based: z.boolean(),
  formats: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const searchExchanges = defineCall({
  method: 'GET',
  path: '/api/imports/v1/exchanges/search',
  summary: 'Exchanges and wallets Lotwise can import, matching q',
  tag: 'imports',
  query: z.object({ q: z.string().max(100).optional() }),
  response: z.object({ data: z.array(exchangeOption) }),
});

export const getExchange = defineCall({
  method: 'GET',
  path: '/api/imports/v1/exchanges/:id',
  summary: 'One importable exchange or wallet with its file formats',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ data: exchangeOption }),
});
