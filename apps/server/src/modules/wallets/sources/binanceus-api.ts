import { z } from 'zod';
import { accountAssets, spotTrades } from './binance-trades.ts';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  integer,
  plain,
  readCursor,
  renderCsv,
  request,
  requireKeys,
  utcText,
} from './exchange-api.ts';
import { type Endpoint, endpoint, readWindowed, rowsOf } from './windowed.ts';

/**
 * A Binance.US account's history through ccxt (binanceus): crypto deposits and withdrawals,
 * distributions (staking rewards, referral), converts (OTC) and buys with a payment method
 * (OCBS), each read in 90-day windows, and spot trades per market (as for Binance), rendered as
 * Binance.US's Transaction History export that the binanceus-history importer reads (its
 * Transaction ID is the trade's, deposit's, withdrawal's or distribution's id). Not read: USD
 * bank deposits and withdrawals, whose API answers carry no time. Binance.US tells nothing about
 * a key's permissions, so no warning is possible.
 */
const NAME = 'Binance US';
const DAY = 86_400_000;
const LAUNCH = Date.UTC(2019, 8, 1);
const REJECTED = /"code":\s*-(2015|2014|2008|1022|1002)\b/;
const COLUMNS = [
  'User ID',
  'Time',
  'Category',
  'Operation',
  'Order ID',
  'Transaction ID',
  'Primary Asset',
  'Realized Amount For Primary Asset',
  'Realized Amount for Primary Asset in USD',
  'Base Asset',
  'Realized Amount For Base Asset',
  'Realized Amount For Base Asset In USD',
  'Quote Asset',
  'Realized Amount for Quote Asset',
  'Realized Amount for Quote Asset in USD',
  'Fee Asset',
  'Realized Amount for Fee Asset',
  'Realized Amount for Fee Asset in USD',
  'Payment Method',
  'Withdraw Method',
  'Additional Note',
] as const;

interface Line {
  time: number;
  category: string;
  operation: string;
  orderId: string;
  txId: string;
  primary?: [string, string];
  base?: [string, string];
  quote?: [string, string];
  fee?: [string, string];
}

const id = z.union([z.string(), z.number()]).transform(String);
const deposit = z.object({ id, coin: z.string(), amount: decimalText, status: integer, insertTime: integer });
const withdrawal = z.object({
  id,
  coin: z.string(),
  amount: decimalText,
  transactionFee: decimalText,
  status: integer,
  applyTime: z.string(),
});
const distribution = z.object({
  amount: decimalText,
  asset: z.string(),
  category: z.string(),
  divTime: integer,
  tranId: id,
});
const order = z.object({
  quoteId: id,
  orderId: id,
  orderStatus: z.string(),
  fromCoin: z.string(),
  fromAmount: decimalText,
  toCoin: z.string(),
  toAmount: decimalText,
  feeCoin: z.string().default(''),
  feeAmount: decimalText.catch('0'),
  createTime: integer,
});
type Order = z.infer<typeof order>;
const applied = (w: z.infer<typeof withdrawal>) => Date.parse(`${w.applyTime.replace(' ', 'T')}Z`);
const window = (from: number, to: number) => ({ startTime: from, endTime: to - 1 });
const fee = (coin: string, amount: string): [string, string] | undefined =>
  dec(amount).isZero() ? undefined : [coin, plain(dec(amount).abs())];
/** A convert or a buy: what was given is the Base, what was received the Quote. */
const exchanged =
  (category: string) =>
  (o: Order): Line[] =>
    o.orderStatus !== 'SUCCESS'
      ? []
      : [
          {
            time: o.createTime,
            category,
            operation: category,
            orderId: o.orderId,
            txId: o.quoteId,
            base: [o.fromCoin, plain(dec(o.fromAmount).abs())],
            quote: [o.toCoin, plain(dec(o.toAmount).abs())],
            ...(o.feeCoin ? { fee: fee(o.feeCoin, o.feeAmount) } : {}),
          },
        ];

const ENDPOINTS: Endpoint<unknown, Line>[] = [
  endpoint<z.infer<typeof deposit>, Line>({
    what: 'deposits',
    method: 'sapiGetCapitalDepositHisrec',
    span: 90 * DAY,
    start: LAUNCH,
    params: window,
    rows: rowsOf(NAME, 'deposits', z.array(deposit), (r) => r),
    paging: { kind: 'offset', key: 'offset', size: 1000, first: 0 },
    time: (d) => d.insertTime,
    pending: (d) => d.status === 0,
    lines: (d) =>
      [1, 6].includes(d.status)
        ? [
            {
              time: d.insertTime,
              category: 'Deposit',
              operation: 'Crypto Deposit',
              orderId: d.id,
              txId: d.id,
              primary: [d.coin, plain(d.amount)],
            },
          ]
        : [],
  }),
  endpoint<z.infer<typeof withdrawal>, Line>({
    what: 'withdrawals',
    method: 'sapiGetCapitalWithdrawHistory',
    span: 90 * DAY,
    start: LAUNCH,
    params: window,
    rows: rowsOf(NAME, 'withdrawals', z.array(withdrawal), (r) => r),
    paging: { kind: 'offset', key: 'offset', size: 1000, first: 0 },
    time: applied,
    pending: (w) => [0, 2, 4].includes(w.status),
    lines: (w) =>
      w.status === 6
        ? [
            {
              time: applied(w),
              category: 'Withdrawal',
              operation: 'Crypto Withdrawal',
              orderId: w.id,
              txId: w.id,
              primary: [w.coin, plain(dec(w.amount).abs())],
              fee: fee(w.coin, w.transactionFee),
            },
          ]
        : [],
  }),
  endpoint<z.infer<typeof distribution>, Line>({
    what: 'distributions',
    method: 'sapiGetAssetAssetDistributionHistory',
    span: 90 * DAY,
    start: LAUNCH,
    params: (from, to) => ({ ...window(from, to), limit: 500 }),
    rows: rowsOf(NAME, 'distributions', z.object({ rows: z.array(distribution).default([]) }), (r) => r.rows),
    paging: { kind: 'narrow', size: 500 },
    time: (d) => d.divTime,
    lines: (d) => [
      {
        time: d.divTime,
        category: 'Distribution',
        operation: d.category,
        orderId: '',
        txId: d.tranId,
        primary: [d.asset, plain(d.amount)],
      },
    ],
  }),
  endpoint<Order, Line>({
    what: 'converts',
    method: 'sapiGetOtcOrders',
    span: 90 * DAY,
    start: LAUNCH,
    params: (from, to) => ({ ...window(from, to), limit: 100 }),
    rows: rowsOf(NAME, 'converts', z.array(order), (r) => r),
    paging: { kind: 'page', key: 'page', size: 100, first: 1 },
    time: (o) => o.createTime,
    pending: (o) => o.orderStatus === 'PROCESS',
    lines: exchanged('Convert'),
  }),
  endpoint<Order, Line>({
    what: 'buys',
    method: 'sapiGetOcbsOrders',
    span: 90 * DAY,
    start: LAUNCH,
    params: (from, to) => ({ ...window(from, to), limit: 100 }),
    rows: rowsOf(NAME, 'buys', z.object({ dataList: z.array(order).default([]) }), (r) => r.dataList),
    paging: { kind: 'page', key: 'page', size: 100, first: 1 },
    time: (o) => o.createTime,
    pending: (o) => o.orderStatus === 'PROCESS',
    lines: exchanged('Buy'),
  }),
];

export async function fetchBinanceusHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('binanceus', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options, { rejectedKey: REJECTED });
  const cursor = readCursor(options, { t: 0, ids: {} as Record<string, number> });
  const now = options.now ?? Date.now();
  const { lines, pendingFrom } = await readWindowed(ENDPOINTS, cursor.t, now, call, options, NAME);
  const moved = lines.flatMap((l) =>
    [l.primary?.[0], l.base?.[0], l.quote?.[0]].filter((a): a is string => !!a),
  );
  const { uid, assets } = await accountAssets(NAME, call, moved);
  const { trades, ids } = await spotTrades(NAME, call, assets, cursor.ids, options);
  for (const t of trades) {
    lines.push({
      time: t.time,
      category: 'Spot Trading',
      operation: t.isBuyer ? 'Buy' : 'Sell',
      orderId: t.orderId ?? '',
      txId: String(t.id),
      base: [t.base, plain(dec(t.qty).abs())],
      quote: [t.quote, plain(dec(t.quoteQty).abs())],
      fee: fee(t.commissionAsset, t.commission),
    });
  }
  lines.sort((a, b) => a.time - b.time);
  const pair = (p?: [string, string]) => [p?.[0] ?? '', p?.[1] ?? '', ''];
  const rows = lines.map((l) => [
    uid === undefined ? '' : String(uid),
    utcText(l.time),
    l.category,
    l.operation,
    l.orderId,
    l.txId,
    ...pair(l.primary),
    ...pair(l.base),
    ...pair(l.quote),
    ...pair(l.fee),
    '',
    '',
    '',
  ]);
  return {
    csv: renderCsv(COLUMNS, rows),
    format: 'binanceus-history',
    entries: rows.length,
    cursor: JSON.stringify({ t: Math.min(now, pendingFrom - 1), ids }),
    warnings: [],
  };
}
