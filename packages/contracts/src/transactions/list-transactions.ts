import { z } from 'zod';
import { defineCall } from '../http.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SORT_ATTRIBUTES } from './constants.ts';
import { transactionRow } from './transaction-row.ts';

/** 'null', 'false', '' and null all mean "no value" (the old client sends strings). */
const nothing = z.union([z.null(), z.literal('null'), z.literal('false'), z.literal(false), z.literal('')]);
const optionalText = z
  .union([z.string(), nothing])
  .optional()
  .transform((v) =>
    typeof v === 'string' && v !== 'null' && v !== 'false' && v.trim() !== '' ? v.trim() : null,
  );
/** The longest search text: addresses, hashes and names fit many times over. */
export const SEARCH_MAX = 500;

const isoDate = z
  .union([
    z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/, 'must be YYYY-MM-DDTHH:mm:ss'),
    nothing,
  ])
  .optional()
  .transform((v) => (typeof v === 'string' && v !== 'null' && v !== 'false' && v !== '' ? v : null));

export const exchangeFilter = z.object({
  value: z.union([z.number().int(), z.string()]),
  label: z.string().optional(),
  type: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  group_id: z.union([z.number().int(), z.string()]).nullable().optional(),
});
export type ExchangeFilter = z.infer<typeof exchangeFilter>;

export const statusFilter = z.object({
  label: z.string().optional(),
  value: z.string(),
  type: z.string().optional(),
});

const valueOrObject = z.union([z.string(), z.object({ value: z.string() }).transform((o) => o.value)]);

export const listTransactionsBody = z.object({
  txns_type: z.string().default('all'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'must be 20, 30, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  sort_attribute: z.enum(SORT_ATTRIBUTES).default('transaction_at'),
  /** At most 500 characters (an address or hash fits; SQLite refuses far longer LIKE patterns). */
  search_params: optionalText.refine((v) => v === null || v.length <= SEARCH_MAX, {
    message: `must be at most ${SEARCH_MAX} characters`,
  }),
  start_date: isoDate,
  end_date: isoDate,
  exchanges: z.array(exchangeFilter).nullable().optional(),
  /** Sub type (the Type filter) and margin sub type. */
  type: optionalText,
  sub_type: optionalText,
  margin_type: optionalText,
  // New-layout additions.
  grouped_exchange: z
    .array(z.union([z.number().int(), z.string(), exchangeFilter]))
    .nullable()
    .optional(),
  methods: z.array(valueOrObject).nullable().optional(),
  visibility: z.array(valueOrObject).nullable().optional(),
  statuses: z.array(statusFilter).nullable().optional(),
  /** One transaction only (a warning's link: /transactions?txnType=all&id=14). */
  id: z.coerce.number().int().positive().nullable().optional(),
});
export type ListTransactionsBody = z.output<typeof listTransactionsBody>;
export type ListTransactionsInput = z.input<typeof listTransactionsBody>;

export const listTransactionsResponse = z.object({
  transactions: z.array(transactionRow),
  transactions_count: z.number().int(),
  /** id → ignored flag of every row on this page. */
  transactions_ids: z.record(z.string(), z.boolean()),
  /** Ids of matching rows on other pages (empty beyond OTHER_IDS_LIMIT matches). */
  other_transactions_ids: z.array(z.number().int()),
  bulk_edit_preference: z.enum(['single_page', 'all_pages']).nullable(),
  has_sell_without_buy: z.boolean(),
  currency: z.string(),
  transactions_updated: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ListTransactionsResponse = z.infer<typeof listTransactionsResponse>;

/** Beyond this many matches, other_transactions_ids stays empty (bulk actions then work by filter). */
export const OTHER_IDS_LIMIT = 10_000;

export const listTransactions = defineCall({
  method: 'POST',
  path: '/api/traces/list_transactions',
  summary: 'Transactions list (old layout): filters, sort and page',
  tag: 'transactions',
  body: listTransactionsBody,
  response: listTransactionsResponse,
});

export const listTransactionsNew = defineCall({
  method: 'POST',
  path: '/api/traces/list_transactions_new',
  summary:
    'Transactions list (grouped layout): every filter; ?type=Deposit|Withdrawal|Trade narrows the category',
  tag: 'transactions',
  query: z.object({ type: z.enum(['Deposit', 'Withdrawal', 'Trade']).optional() }),
  body: listTransactionsBody,
  response: listTransactionsResponse,
});
