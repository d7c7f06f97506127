import type { Exchange } from 'ccxt';
import { z } from 'zod';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  Progress,
  permissionWarning,
  plain,
  readCursor,
  readPage,
  renderCsv,
  request,
  requireKeys,
  utcText,
} from './exchange-api.ts';
import { SourceError, sourceErrorOf } from './source-error.ts';

/**
 * A Coinbase account's history through ccxt: every wallet's transactions from the Coinbase App
 * API (v2 `accounts/{id}/transactions`, newest first, 100 a page by cursor) rendered as
 * Coinbase's own "Transaction history" report (layout A, 2025+: ID … Sender/Recipient Address),
 * which the coinbase-2025 importer reads. Advanced Trade fills, buys, sells, converts, sends,
 * staking and rewards are all in it. A resync stops paging a wallet at the last synced time.
 */
const NAME = 'Coinbase';
const FORMAT = 'coinbase-2025';
const COLUMNS = [
  'ID',
  'Timestamp',
  'Transaction Type',
  'Asset',
  'Quantity Transacted',
  'Price Currency',
  'Price at Transaction',
  'Subtotal',
  'Total (inclusive of fees and/or spread)',
  'Fees and/or Spread',
  'Notes',
  'Sender Address',
  'Recipient Address',
] as const;

const money = z.object({ amount: decimalText, currency: z.string() });
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    pagination: z.object({ next_starting_after: z.string().nullable().optional() }).optional(),
    data: z.array(item),
  });
const account = z.object({
  id: z.string(),
  currency: z.union([z.string(), z.object({ code: z.string() })]),
  balance: money.optional(),
  created_at: z.string().nullable().optional(),
});
const party = z.object({ address: z.string().optional() }).passthrough().optional();
const totals = z
  .object({ subtotal: money.optional(), total: money.optional(), fee: money.optional() })
  .passthrough();
export const coinbaseTransaction = z
  .object({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    amount: money,
    native_amount: money,
    created_at: z.string().refine((t) => !Number.isNaN(Date.parse(t)), 'not a time'),
    network: z
      .object({ hash: z.string().optional(), transaction_fee: money.optional() })
      .passthrough()
      .optional(),
    from: party,
    to: party,
    buy: totals.optional(),
    sell: totals.optional(),
    trade: z.object({ id: z.string() }).passthrough().optional(),
    advanced_trade_fill: z
      .object({
        fill_price: decimalText,
        product_id: z.string(),
        order_side: z.string(),
        commission: decimalText,
      })
      .optional(),
  })
  .passthrough();
type Transaction = z.infer<typeof coinbaseTransaction>;

/** v2 transaction types → the report's Transaction Type (others pass through, title-cased). */
const TYPES: Record<string, string> = {
  fiat_deposit: 'Deposit',
  fiat_withdrawal: 'Withdrawal',
  exchange_deposit: 'Exchange Deposit',
  exchange_withdrawal: 'Exchange Withdrawal',
  pro_deposit: 'Pro Deposit',
  pro_withdrawal: 'Pro Withdrawal',
  staking_reward: 'Staking Income',
  inflation_reward: 'Inflation Reward',
  interest: 'Interest payout',
  earn_payout: 'Coinbase Earn',
  incentives_rewards_payout: 'Rewards Income',
  subscription_rebate: 'Subscription Rebate',
  subscription: 'Subscription',
  retail_simple_dust: 'Retail Simple Dust',
  staking_transfer: 'Retail Staking Transfer',
  unstaking_transfer: 'Retail Unstaking Transfer',
  vault_withdrawal: 'Vault Withdrawal',
  clawback: 'Admin Debit',
  card_spend: 'Card Spend',
  transfer: 'Transfer',
};

export async function fetchCoinbaseHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  // Connected by OAuth: a bearer token of read-only scopes, no key whose permissions to ask.
  if (!options.accessToken) requireKeys(NAME, options);
  const exchange = await connect('coinbase', options);
  const since = readCursor(options, { t: 0 }).t;
  const warnings = options.accessToken ? [] : await keyWarnings(exchange, options);
  const progress = new Progress(options);
  const accounts: z.infer<typeof account>[] = [];
  for (let after: string | undefined; ; ) {
    const params: Record<string, unknown> = { limit: 100, ...(after ? { starting_after: after } : {}) };
    const got = readPage(
      NAME,
      'accounts',
      page(account),
      await call(exchange, 'v2PrivateGetAccounts', params, options),
    );
    accounts.push(...got.data);
    after = got.pagination?.next_starting_after ?? undefined;
    if (!after) break;
  }
  const done: Transaction[] = [];
  let pendingFrom = Number.POSITIVE_INFINITY;
  // A wallet never used (no creation time, nothing in it) has no history to read.
  for (const a of accounts.filter((a) => a.created_at || !dec(a.balance?.amount ?? '0').isZero())) {
    for (let after: string | undefined; ; ) {
      const params: Record<string, unknown> = {
        account_id: a.id,
        limit: 100,
        ...(after ? { starting_after: after } : {}),
      };
      const raw = await call(exchange, 'v2PrivateGetAccountsAccountIdTransactions', params, options);
      const got = readPage(NAME, `transactions of ${a.id}`, page(coinbaseTransaction), raw);
      const fresh = got.data.filter((t) => Date.parse(t.created_at) > since);
      for (const t of fresh) {
        if (t.status === 'completed') done.push(t);
        else pendingFrom = Math.min(pendingFrom, Date.parse(t.created_at));
      }
      await progress.add(fresh.length, 'Coinbase transactions');
      after = got.pagination?.next_starting_after ?? undefined;
      if (!after || fresh.length < got.data.length) break;
    }
  }
  const rows = render(done);
  const newest = Math.max(since, ...done.map((t) => Date.parse(t.created_at)));
  // A transaction still pending is read again by the next resync, once it has settled.
  const t = Math.min(newest, pendingFrom - 1);
  return {
    csv: renderCsv(
      COLUMNS,
      rows.map((r) => r.cells),
    ),
    format: FORMAT,
    entries: rows.length,
    cursor: done.length ? JSON.stringify({ t }) : null,
    warnings,
  };
}

/** The signed-in Coinbase user's id (v2 `user`, scope wallet:user:read): one login, one account. */
export async function fetchCoinbaseUserId(options: ExchangeApiOptions): Promise<string> {
  const exchange = await connect('coinbase', options);
  const raw = await call(exchange, 'v2PrivateGetUser', {}, options);
  return readPage(NAME, 'user', z.object({ data: z.object({ id: z.string().min(1) }) }), raw).data.id;
}

function call(
  exchange: Exchange,
  method: string,
  params: Record<string, unknown>,
  options: ExchangeApiOptions,
) {
  return request(NAME, exchange, method, params, options);
}

/** What Coinbase says the key may do (CDP keys); a key it does not know is rejected here. */
async function keyWarnings(exchange: Exchange, options: ExchangeApiOptions): Promise<string[]> {
  let raw: unknown;
  try {
    raw = await call(exchange, 'v3PrivateGetBrokerageKeyPermissions', {}, options);
  } catch (error) {
    const mapped = error instanceof SourceError ? error : await sourceErrorOf(NAME, error);
    if (mapped.kind !== 'malformed') throw mapped;
    return []; // an answer it cannot make for this key: nothing said about its permissions
  }
  const perms = z
    .object({ can_trade: z.boolean().optional(), can_transfer: z.boolean().optional() })
    .safeParse(raw);
  if (!perms.success) return [];
  const can = [perms.data.can_trade ? 'trade' : '', perms.data.can_transfer ? 'withdraw (transfer)' : ''];
  const warning = permissionWarning(NAME, can.filter(Boolean));
  return warning ? [warning] : [];
}

const abs = (text: string) => plain(dec(text).abs());
const price = (value: string, qty: string) =>
  dec(qty).isZero() ? '0' : plain(dec(value).abs().div(dec(qty).abs()).toDecimalPlaces(8));

/** The report's cells after Price at Transaction: type, subtotal, total, fees, notes, sender, recipient. */
type Cells = [string, string, string, string, string, string?, string?];

/** An Advanced Trade fill, from its base half (the quote half of the same fill gives null). */
function fillCells(t: Transaction, fiat: string): Cells | null {
  const fill = t.advanced_trade_fill;
  const [base, quote] = fill?.product_id.split('-') ?? [];
  if (!fill || base !== t.amount.currency || !quote) return null;
  const buy = fill.order_side.toLowerCase() === 'buy';
  const gross = dec(t.amount.amount).abs().times(dec(fill.fill_price));
  const noted = buy ? gross.plus(dec(fill.commission)) : gross.minus(dec(fill.commission));
  const subtotal = dec(t.native_amount.amount).abs();
  // The money columns are in the account's fiat; a crypto quote's fee is valued at the fill's rate.
  const fee =
    quote === fiat || gross.isZero()
      ? dec(quote === fiat ? fill.commission : 0)
      : dec(fill.commission).times(subtotal).div(gross).toDecimalPlaces(2);
  const total = buy ? subtotal.plus(fee) : subtotal.minus(fee);
  const notes = `${buy ? 'Bought' : 'Sold'} ${abs(t.amount.amount)} ${base} for ${plain(noted)} ${quote} on ${fill.product_id} at ${plain(dec(fill.fill_price))} ${quote}/${base}`;
  return [`Advanced Trade ${buy ? 'Buy' : 'Sell'}`, plain(subtotal), plain(total), plain(fee), notes];
}

/** A simple buy or sell, its subtotal, total and fee as Coinbase gives them. */
function buySellCells(t: Transaction, fiat: string): Cells {
  const buy = t.type === 'buy';
  const details = (buy ? t.buy : t.sell) ?? {};
  const subtotal = details.subtotal?.amount ?? t.native_amount.amount;
  const fee = details.fee?.amount ?? '0';
  const total =
    details.total?.amount ??
    plain(buy ? dec(subtotal).abs().plus(dec(fee)) : dec(subtotal).abs().minus(dec(fee)));
  const notes = `${buy ? 'Bought' : 'Sold'} ${abs(t.amount.amount)} ${t.amount.currency} for ${abs(total)} ${fiat}`;
  return [buy ? 'Buy' : 'Sell', abs(subtotal), abs(total), abs(fee), notes];
}

/** A send or receive, the network fee valued in fiat at the transaction's rate. */
function sendCells(t: Transaction): Cells {
  const qty = dec(t.amount.amount);
  const native = plain(dec(t.native_amount.amount));
  const out = qty.isNegative();
  const fee = t.network?.transaction_fee;
  const feeFiat =
    fee && !qty.isZero()
      ? plain(dec(fee.amount).times(dec(native).abs()).div(qty.abs()).toDecimalPlaces(2))
      : '0';
  const address = (out ? t.to?.address : t.from?.address) ?? '';
  const where = address || 'an external account';
  const notes = `${out ? 'Sent' : 'Received'} ${abs(t.amount.amount)} ${t.amount.currency} ${out ? 'to' : 'from'} ${where}`;
  return [out ? 'Send' : 'Receive', native, native, feeFiat, notes, out ? '' : address, out ? address : ''];
}

/** The report's rows, oldest first: one per transaction (both halves of a fill or convert make one). */
function render(all: Transaction[]): { time: number; cells: string[] }[] {
  const converts = new Map<string, Transaction[]>();
  for (const t of all) if (t.trade) converts.set(t.trade.id, [...(converts.get(t.trade.id) ?? []), t]);
  const rows: { time: number; cells: string[] }[] = [];
  for (const t of all) {
    const fiat = t.native_amount.currency;
    const native = plain(dec(t.native_amount.amount));
    let id = t.id;
    let cells: Cells | null;
    if (t.advanced_trade_fill) cells = fillCells(t, fiat);
    else if (t.type === 'buy' || t.type === 'sell') cells = buySellCells(t, fiat);
    else if (t.type === 'send' || t.type === 'tx') cells = sendCells(t);
    else if (t.type === 'trade' && t.trade) {
      // A convert: one row for the asset given, noting what was received (the other wallet's half).
      const legs = converts.get(t.trade.id) ?? [];
      const got = legs.find((o) => !dec(o.amount.amount).isNegative());
      const given = legs.find((o) => dec(o.amount.amount).isNegative());
      if (given && got) {
        const value = dec(given.native_amount.amount).abs();
        const gotValue = dec(got.native_amount.amount).abs();
        const notes = `Converted ${abs(given.amount.amount)} ${given.amount.currency} to ${abs(got.amount.amount)} ${got.amount.currency}`;
        cells =
          t === given
            ? ['Convert', plain(gotValue), plain(value), plain(value.minus(gotValue)), notes]
            : null;
      } else {
        // Only this half was fetched: the report's two-row form, the halves paired by the convert's id.
        id = t.trade.id;
        cells = ['Convert', native, native, '0', ''];
      }
    } else {
      const type = TYPES[t.type] ?? t.type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
      cells = [type, native, native, '0', ''];
    }
    if (!cells) continue;
    const [type, subtotal, total, fee, notes, from = '', to = ''] = cells;
    const time = Date.parse(t.created_at);
    const qty = plain(dec(t.amount.amount));
    rows.push({
      time,
      cells: [
        id,
        `${utcText(time)} UTC`,
        type,
        t.amount.currency,
        qty,
        fiat,
        price(native, qty),
        subtotal,
        total,
        fee,
        notes,
        from,
        to,
      ],
    });
  }
  return rows.sort((a, b) => a.time - b.time);
}
