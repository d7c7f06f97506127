import { z } from 'zod';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  integer,
  permissionWarning,
  plain,
  readCursor,
  readPage,
  renderCsv,
  request,
  requireKeys,
  utcText,
} from './exchange-api.ts';
import { type Endpoint, endpoint, readWindowed, rowsOf } from './windowed.ts';

/**
 * A Bybit account's history through ccxt, rendered as Bybit's two exports the importers read:
 * the unified trading account's transaction log (`v5/account/transaction-log`, 7-day windows,
 * cursor pages) as the global transaction log layout (Time, Currency, Contract, Type, …,
 * Trade ID, Order ID: a spot fill's two currency rows share the Order ID), and on-chain
 * deposits and withdrawals (`v5/asset/deposit|withdraw/query-record`, 30-day windows) as the
 * funding history. Bybit answers the last two years. A resync reads the windows since the last.
 * The EU export has no Order ID, so its fills dedupe against the API's only by content.
 */
const NAME = 'Bybit';
const DAY = 86_400_000;
const LOG = [
  'Time',
  'Currency',
  'Contract',
  'Type',
  'Direction',
  'Quantity',
  'Position',
  'Filled Price',
  'Funding',
  'Fee Paid',
  'Cash Flow',
  'Change',
  'Wallet Balance',
  'Fee Rate',
  'Trade ID',
  'Order ID',
] as const;
const FUNDING = ['Date & Time(UTC)', 'Coin', 'QTY', 'Type', 'Account Balance', 'Description'] as const;

const result = <S extends z.ZodType>(key: string, item: S) =>
  z.object({
    retCode: z.literal(0),
    result: z.object({ [key]: z.array(item).default([]), nextPageCursor: z.string().nullable().optional() }),
  });
const next = (raw: unknown) =>
  (raw as { result?: { nextPageCursor?: string | null } }).result?.nextPageCursor;
const num = decimalText.catch('0');

const entry = z.object({
  id: z.string().default(''),
  symbol: z.string().default(''),
  side: z.string().default(''),
  transactionTime: integer,
  type: z.string(),
  qty: num,
  size: num,
  currency: z.string(),
  tradePrice: num,
  funding: num,
  fee: num,
  cashFlow: num,
  change: num,
  cashBalance: num,
  feeRate: num,
  tradeId: z.string().default(''),
  orderId: z.string().default(''),
});
const deposit = z.object({ coin: z.string(), amount: decimalText, status: integer, successAt: integer });
const withdrawal = z.object({
  coin: z.string(),
  amount: decimalText,
  withdrawFee: num,
  status: z.string(),
  updateTime: integer,
});
type Line = { time: number; file: 'log' | 'funding'; cells: string[] };

const START = (now: number) => now - 2 * 365 * DAY;
const window = (from: number, to: number) => ({ startTime: from, endTime: to - 1 });

function endpoints(now: number): Endpoint<unknown, Line>[] {
  return [
    endpoint<z.infer<typeof entry>, Line>({
      what: 'transaction log',
      method: 'privateGetV5AccountTransactionLog',
      span: 7 * DAY,
      start: START(now),
      params: (from, to) => ({ accountType: 'UNIFIED', limit: 50, ...window(from, to) }),
      rows: rowsOf(
        NAME,
        'transaction log',
        result('list', entry),
        (r) => r.result.list as z.infer<typeof entry>[],
      ),
      paging: { kind: 'cursor', key: 'cursor', next },
      time: (e) => e.transactionTime,
      lines: (e) => [
        {
          time: e.transactionTime,
          file: 'log',
          cells: [
            utcText(e.transactionTime),
            e.currency,
            e.symbol,
            e.type,
            e.side.toUpperCase() || '--',
            plain(e.qty),
            plain(e.size),
            plain(e.tradePrice),
            plain(e.funding),
            plain(dec(e.fee).neg()),
            plain(e.cashFlow),
            plain(e.change),
            plain(e.cashBalance),
            plain(e.feeRate),
            e.tradeId,
            e.orderId,
          ],
        },
      ],
    }),
    endpoint<z.infer<typeof deposit>, Line>({
      what: 'deposits',
      method: 'privateGetV5AssetDepositQueryRecord',
      span: 30 * DAY,
      start: START(now),
      params: (from, to) => ({ limit: 50, ...window(from, to) }),
      rows: rowsOf(
        NAME,
        'deposits',
        result('rows', deposit),
        (r) => r.result.rows as z.infer<typeof deposit>[],
      ),
      paging: { kind: 'cursor', key: 'cursor', next },
      time: (d) => d.successAt,
      pending: (d) => [0, 1, 2, 10011].includes(d.status),
      lines: (d) =>
        [3, 10012].includes(d.status)
          ? [
              {
                time: d.successAt,
                file: 'funding',
                cells: [utcText(d.successAt), d.coin, plain(d.amount), 'Deposit', '', 'Deposit'],
              },
            ]
          : [],
    }),
    endpoint<z.infer<typeof withdrawal>, Line>({
      what: 'withdrawals',
      method: 'privateGetV5AssetWithdrawQueryRecord',
      span: 30 * DAY,
      start: START(now),
      params: (from, to) => ({ limit: 50, withdrawType: 2, ...window(from, to) }),
      rows: rowsOf(
        NAME,
        'withdrawals',
        result('rows', withdrawal),
        (r) => r.result.rows as z.infer<typeof withdrawal>[],
      ),
      paging: { kind: 'cursor', key: 'cursor', next },
      time: (w) => w.updateTime,
      pending: (w) => !['success', 'CancelByUser', 'Reject', 'Fail'].includes(w.status),
      lines: (w) => {
        if (w.status !== 'success') return [];
        // The funding history shows what left the balance: the amount with its fee.
        const qty = dec(w.amount).abs().plus(dec(w.withdrawFee).abs()).neg();
        return [
          {
            time: w.updateTime,
            file: 'funding',
            cells: [utcText(w.updateTime), w.coin, plain(qty), 'Withdrawal', '', 'Withdrawal'],
          },
        ];
      },
    }),
  ];
}

export async function fetchBybitHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('bybit', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options);
  const cursor = readCursor(options, { t: 0 });
  const key = readPage(
    NAME,
    'key',
    z.object({
      retCode: z.literal(0),
      result: z.object({
        readOnly: integer,
        permissions: z.record(z.string(), z.array(z.string())).default({}),
      }),
    }),
    await call('privateGetV5UserQueryApi'),
  );
  const withdraws = (key.result.permissions.Wallet ?? []).includes('Withdraw');
  const warning = permissionWarning(
    NAME,
    [key.result.readOnly === 0 ? 'trade' : '', withdraws ? 'withdraw' : ''].filter(Boolean),
  );
  const now = options.now ?? Date.now();
  const { lines, pendingFrom } = await readWindowed(endpoints(now), cursor.t, now, call, options, NAME);
  lines.sort((a, b) => a.time - b.time);
  const log = lines.filter((l) => l.file === 'log').map((l) => l.cells);
  const funding = lines.filter((l) => l.file === 'funding').map((l) => l.cells);
  return {
    csv: renderCsv(LOG, log),
    format: 'bybit-uta',
    entries: log.length,
    more: [{ csv: renderCsv(FUNDING, funding), format: 'bybit-funding', entries: funding.length }],
    cursor: JSON.stringify({ t: Math.min(now, pendingFrom - 1) }),
    warnings: warning ? [warning] : [],
  };
}
