import { z } from 'zod';
import { defineCall } from '../http.ts';
import { pageNumber, recordId, wholeNumber } from '../ids.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SORT_ATTRIBUTES } from './constants.ts';
import { transactionRow } from './transaction-row.ts';

/** The longest raw text of a filter field before it is trimmed and checked (search: SEARCH_MAX). */
const TEXT_INPUT_MAX = 2000;
/** 'null', 'false', '' and null all mean "no value" (the old client sends strings). */
const nothing = z.union([z.null(), z.literal('null'), z.literal('false'), z.literal(false), z.literal('')]);
const optionalText = z
  .union([z.string().max(TEXT_INPUT_MAX, `must be at most ${TEXT_INPUT_MAX} characters`), nothing])
  .optional()
  .transform((v) =>
    typeof v === 'string' && v !== 'null' && v !== 'false' && v.trim() !== '' ? v.trim() : null,
  );
/** Type, sub type and margin type texts: at most 100 characters. */
const boundedText = optionalText.refine((v) => v === null || v.length <= 100, {
  message: 'must be at most 100 characters',
});
/** The longest search text: addresses, hashes and names fit many times over. */
export const SEARCH_MAX = 500;

const isoDate = z
  .union([
    z
      .string()
      .max(40, 'must be YYYY-MM-DDTHH:mm:ss')
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/, 'must be YYYY-MM-DDTHH:mm:ss'),
    nothing,
  ])
  .optional()
  .transform((v) => (typeof v === 'string' && v !== 'null' && v !== 'false' && v !== '' ? v : null));

/**
 * The longest list a filter takes (accounts, files, methods, statuses): far more than any
 * account has, and far below what SQLite (32,766) and PostgreSQL (65,535) take as bound
 * parameters of one query. A longer list is a 400 naming the field, never a 500.
 */
export const FILTER_LIST_MAX = 1000;
/** The longest label, address or value text inside a filter entry. */
const FILTER_TEXT_MAX = 300;
const filterText = z.string().max(FILTER_TEXT_MAX);

function exchangeFilterOf(strict: boolean) {
  const shape = {
    value: z.union([z.number().int(), filterText]),
    label: filterText.optional(),
    type: filterText.nullable().optional(),
    address: filterText.nullable().optional(),
    group_id: z.union([z.number().int(), filterText]).nullable().optional(),
  };
  return strict ? z.strictObject(shape) : z.object(shape);
}
export const exchangeFilter = exchangeFilterOf(false);
export type ExchangeFilter = z.infer<typeof exchangeFilter>;

function statusFilterOf(strict: boolean) {
  const shape = { label: filterText.optional(), value: filterText, type: filterText.optional() };
  return strict ? z.strictObject(shape) : z.object(shape);
}
export const statusFilter = statusFilterOf(false);

/** A bounded list, each entry once (the same entry twice filters the same rows). */
function filterList<T extends z.ZodType>(entry: T) {
  return z
    .array(entry)
    .max(FILTER_LIST_MAX, `at most ${FILTER_LIST_MAX} entries`)
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((item) => {
        const key = JSON.stringify(item);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .nullable()
    .optional();
}

function valueOrObjectOf(strict: boolean) {
  const shape = { value: filterText };
  return z.union([filterText, (strict ? z.strictObject(shape) : z.object(shape)).transform((o) => o.value)]);
}

function listTransactionsShape(strict: boolean) {
  const exchange = exchangeFilterOf(strict);
  const valueOrObject = valueOrObjectOf(strict);
  return {
    txns_type: z.string().max(40).default('all'),
    page: pageNumber.default(1),
    page_size: wholeNumber(0, 1000)
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
    exchanges: filterList(exchange),
    /** Sub type (the Type filter) and margin sub type. */
    type: boundedText,
    sub_type: boundedText,
    margin_type: boundedText,
    // New-layout additions.
    grouped_exchange: filterList(z.union([z.number().int(), filterText, exchange])),
    methods: filterList(valueOrObject),
    visibility: filterList(valueOrObject),
    statuses: filterList(statusFilterOf(strict)),
    /** One transaction only (a warning's link: /transactions?txnType=all&id=14). */
    id: recordId.nullable().optional(),
  };
}

/** The list's filter as the list reads it (keys it does not know are left out). */
export const listTransactionsBody = z.object(listTransactionsShape(false));
/**
 * The same filter for a bulk write: an unknown key is a 400 naming it, since a mistyped key
 * dropped silently would widen the change to rows the user did not mean.
 */
export const strictListFilter = z.strictObject(listTransactionsShape(true));
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
