import { z } from 'zod';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  integer,
  Progress,
  plain,
  readCursor,
  readPage,
  renderCsv,
  request,
  requireKeys,
} from './exchange-api.ts';

/**
 * A Bitstamp account's history through ccxt: `user_transactions` (trades, deposits,
 * withdrawals, staking rewards, transfers; 1000 a page, oldest first from `since_id`), rendered
 * as Bitstamp's Transactions export (2023+ layout: ID, Account, Type, Subtype, Datetime, …) that
 * the bitstamp-2024 importer reads: the export's ID is the transaction's id, so the API and a
 * downloaded export dedupe. A resync starts after the last id. Bitstamp says nothing about a
 * key's permissions through its API, so no warning is possible.
 */
const NAME = 'Bitstamp';
const FORMAT = 'bitstamp-2024';
const COLUMNS = [
  'ID',
  'Account',
  'Type',
  'Subtype',
  'Datetime',
  'Amount',
  'Amount currency',
  'Value',
  'Value currency',
  'Rate',
  'Rate currency',
  'Fee',
  'Fee currency',
  'Order ID',
] as const;
const PAGE = 1000;
/** Bitstamp's transaction types (docs: "User transactions") → the export's Type. */
const TYPES: Record<string, string> = {
  '0': 'Deposit',
  '1': 'Withdrawal',
  '2': 'Market',
  '14': 'Sub Account Transfer',
  '25': 'Sub Account Transfer', // credited with staked assets (an internal move)
  '26': 'Sub Account Transfer', // sent assets to staking (an internal move)
  '27': 'Staking reward',
  '32': 'Referral reward',
  '35': 'Sub Account Transfer', // inter-account transfer
};
const FIXED = new Set(['id', 'datetime', 'type', 'fee', 'order_id', 'tid']);

const transaction = z
  .object({
    id: integer,
    datetime: z.string().refine((t) => !Number.isNaN(Date.parse(`${t.replace(' ', 'T')}Z`)), 'not a time'),
    type: z.union([z.string(), z.number()]).transform(String),
    fee: decimalText.optional(),
    order_id: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .catchall(z.unknown());
type Transaction = z.infer<typeof transaction>;

export async function fetchBitstampHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('bitstamp', options);
  let last = readCursor(options, { id: 0 }).id;
  const progress = new Progress(options);
  const all: Transaction[] = [];
  for (;;) {
    const params = { limit: PAGE, sort: 'asc', ...(last > 0 ? { since_id: last } : {}) };
    const raw = await request(NAME, exchange, 'privatePostUserTransactions', params, options);
    const page = readPage(NAME, 'transactions', z.array(transaction), raw);
    // `since_id` includes that transaction itself: only what is newer counts.
    const fresh = page.filter((t) => t.id > last);
    all.push(...fresh);
    await progress.add(fresh.length, 'Bitstamp transactions');
    if (fresh.length === 0 || page.length < PAGE) break;
    last = Math.max(last, ...fresh.map((t) => t.id));
  }
  const rows = all.sort((a, b) => a.id - b.id).map(render);
  const newest = Math.max(last, ...all.map((t) => t.id));
  return {
    csv: renderCsv(COLUMNS, rows),
    format: FORMAT,
    entries: rows.length,
    cursor: all.length ? JSON.stringify({ id: newest }) : null,
    warnings: [],
  };
}

/** One export row: the currencies the transaction moved are its non-zero currency fields. */
function render(t: Transaction): string[] {
  const moved: [string, string][] = [];
  let rate: [string, string, string] | null = null;
  for (const [key, value] of Object.entries(t)) {
    if (FIXED.has(key) || value === null || value === undefined || value === '') continue;
    const amount = decimalText.safeParse(value);
    if (!amount.success) continue;
    const pair = key.split('_');
    if (pair.length === 2) rate = [pair[0] as string, pair[1] as string, amount.data];
    else if (!dec(amount.data).isZero()) moved.push([key.toUpperCase(), amount.data]);
  }
  const time = `${new Date(Date.parse(`${t.datetime.replace(' ', 'T')}Z`)).toISOString().slice(0, 19)}Z`;
  const type = TYPES[t.type] ?? `Type ${t.type}`;
  const fee = t.fee && !dec(t.fee).isZero() ? plain(dec(t.fee).abs()) : '';
  const orderId = t.order_id === null || t.order_id === undefined ? '' : String(t.order_id);
  if (t.type === '2' && rate) {
    const [base, quote, price] = [rate[0].toUpperCase(), rate[1].toUpperCase(), rate[2]];
    const baseAmount = moved.find(([c]) => c === base)?.[1] ?? '0';
    const quoteAmount = moved.find(([c]) => c === quote)?.[1] ?? '0';
    const side = dec(baseAmount).isNegative() ? 'Sell' : 'Buy';
    const abs = (v: string) => plain(dec(v).abs());
    return [
      String(t.id),
      'Main Account',
      'Market',
      side,
      time,
      abs(baseAmount),
      base,
      abs(quoteAmount),
      quote,
      plain(price),
      quote,
      fee,
      fee ? quote : '',
      orderId,
    ];
  }
  // Deposits, withdrawals, rewards, transfers: one currency moved (the fee is in it).
  const [currency, amount] = moved[0] ?? ['', '0'];
  return [
    String(t.id),
    'Main Account',
    type,
    '',
    time,
    plain(dec(amount).abs()),
    currency,
    '',
    '',
    '',
    '',
    fee,
    fee ? currency : '',
    orderId,
  ];
}
