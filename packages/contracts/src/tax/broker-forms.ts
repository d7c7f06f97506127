import { z } from 'zod';
import { defineCall } from '../http.ts';
import { recordId, wholeNumber } from '../ids.ts';
import { form1099DaBoxes } from './form-1099da.ts';

const taxYear = wholeNumber(2025, 2100, 'Form 1099-DA exists from tax year 2025');

/** One stored 1099-DA: the account (the exchange it came from), the year, its totals. */
export const brokerForm = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  tax_year: z.number().int(),
  /** 'csv' (a file) or 'typed' (entered from the paper form). */
  source: z.enum(['csv', 'typed']),
  file_name: z.string().nullable(),
  /** The CSV layout read ('taxbit-1099da', 'fdx-1099da', '1099da-boxes'), or 'typed'. */
  layout: z.string(),
  lines: z.number().int(),
  /** Sum of box 1f. */
  proceeds: z.string(),
  /** Sum of box 4 (federal income tax withheld). */
  federal_tax_withheld: z.string(),
  created_at: z.string(),
});
export type BrokerForm = z.infer<typeof brokerForm>;

export const listBrokerForms = defineCall({
  method: 'GET',
  path: '/api/tax/broker_forms',
  summary: 'The Forms 1099-DA of a tax year, with the year’s federal tax withheld (box 4)',
  tag: 'tax',
  query: z.object({ year: taxYear }),
  response: z.object({
    data: z.object({
      forms: z.array(brokerForm),
      /** Box 4 over every form of the year (what the year's summary shows). */
      federal_tax_withheld: z.string(),
    }),
  }),
});

export const brokerFormSaved = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** false: the same form was already stored for this account and year (nothing added). */
  data: z.object({ created: z.boolean(), form: brokerForm }),
});

/** multipart/form-data: `account_id`, `year`, then `file` (a CSV of the form's lines). */
export const uploadBrokerForm = defineCall({
  method: 'POST',
  path: '/api/tax/broker_forms',
  summary: 'Import a Form 1099-DA from a CSV file (multipart/form-data: account_id, year, file)',
  tag: 'tax',
  response: brokerFormSaved,
});

export const typedBrokerFormBody = z.object({
  account_id: recordId,
  year: taxYear,
  lines: z.array(form1099DaBoxes).min(1, 'Add at least one line of the form').max(500),
});
export type TypedBrokerFormBody = z.input<typeof typedBrokerFormBody>;

export const typeBrokerForm = defineCall({
  method: 'POST',
  path: '/api/tax/broker_forms/typed',
  summary: 'Enter a Form 1099-DA typed in from the paper form, box by box',
  tag: 'tax',
  body: typedBrokerFormBody,
  response: brokerFormSaved,
});

export const deleteBrokerForm = defineCall({
  method: 'DELETE',
  path: '/api/tax/broker_forms/:id',
  summary: 'Remove a Form 1099-DA',
  tag: 'tax',
  params: z.object({ id: recordId }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const brokerFormLine = form1099DaBoxes.extend({
  id: z.number().int(),
  /** The form's line: a CSV's line in the file, a typed form's place in the order typed (1-based). */
  line: z.number().int().nullable(),
});
export type BrokerFormLine = z.infer<typeof brokerFormLine>;

export const listBrokerFormLines = defineCall({
  method: 'GET',
  path: '/api/tax/broker_forms/:id/lines',
  summary: 'The lines of one Form 1099-DA, box by box',
  tag: 'tax',
  params: z.object({ id: recordId }),
  response: z.object({ data: z.object({ form: brokerForm, lines: z.array(brokerFormLine) }) }),
});
