import type { Exchange } from 'ccxt';
import { z } from 'zod';
import {
  answer,
  COLUMNS,
  FORMAT,
  type Line,
  NAME,
  type Reward,
  reward,
  rewardLine,
  type Trade,
  type Transfer,
  trade,
  tradeLines,
  transfer,
  transferLine,
} from './cryptocom-rows.ts';
import {
  connect,
  type ExchangeApiOptions,
  type FetchedHistory,
  Progress,
  readCursor,
  renderCsv,
  request,
  requireKeys,
  windows,
} from './exchange-api.ts';
import { endpoint, readWindowed, rowsOf } from './windowed.ts';

/**
 * A Crypto.com Exchange account's history through ccxt's cryptocom (Exchange API v1): spot trades
 * (`private/get-trades`: at most 7 days and the newest 100 trades before the end a request, so a
 * full page moves the end back to its oldest trade), deposits and withdrawals
 * (`private/get-deposit-history`, `private/get-withdrawal-history`: 90-day windows, pages of 200)
 * and staking rewards (`private/staking/get-reward-history`: 180-day windows, the newest 500 a
 * request), each back to before the Exchange opened (November 2019). A resync reads what is newer
 * than the last sync; a deposit or withdrawal still pending then is read again.
 *
 * The layout is Koinly's universal template (koinly-universal), not the Crypto.com App export
 * that the cryptocom-app importer reads: the App's layout has no fee column (an Exchange trade's
 * fee, often paid in CRO, and a withdrawal's network fee cannot be written) and its Transaction
 * Kinds are the App's own, so Exchange trades would not come out right. Koinly's template writes
 * both legs and the fee of each trade exactly. Its rows are keyed by content (as the App's are);
 * it has no id column, so TxHash carries each trade's id (shown as the transaction code, as other
 * exchanges' ids are): two fills alike to the second stay two records, also across syncs.
 * Deposits and withdrawals carry their on-chain txid there.
 *
 * Not read: derivatives (`…-PERP`, futures) and their settlements, and the transaction journal
 * (`private/get-transactions`, ccxt's fetchLedger), whose conversions and adjustments name an
 * instrument rather than each currency moved. Crypto.com's API does not say what a key may do
 * (keys are made "Can Read" and changed only on the website), so no permission warning is given.
 */
const DAY = 86_400_000;
/** Before the Exchange opened (November 2019): where every history is read from. */
const OPENED = Date.UTC(2019, 9, 1);
const NS_PER_MS = 1_000_000n;

const transfers = (kind: 'deposit' | 'withdrawal', list: string, done: string, pending: string[]) =>
  endpoint<Transfer, Line>({
    what: `${kind}s`,
    method:
      kind === 'deposit'
        ? 'v1PrivatePostPrivateGetDepositHistory'
        : 'v1PrivatePostPrivateGetWithdrawalHistory',
    span: 90 * DAY,
    start: OPENED,
    // The window's end is sent as is: a record on it comes twice and is kept once (by id).
    params: (from, to) => ({ start_ts: from, end_ts: to, page_size: 200 }),
    rows: rowsOf(NAME, `${kind}s`, answer({ [list]: z.array(transfer) }), (r) => r.result[list] ?? []),
    paging: { kind: 'page', key: 'page', size: 200, first: 0 },
    time: (d) => d.create_time,
    pending: (d) => pending.includes(d.status),
    lines: (d) => (d.status === done ? [transferLine(kind, d)] : []),
  });
// Deposits: 0 not arrived, 1 arrived, 2 failed, 3 pending. Withdrawals: 0 pending, 1 processing,
// 2 rejected, 3 payment in progress, 4 payment failed, 5 completed, 6 cancelled.
const WALLET = [
  transfers('deposit', 'deposit_list', '1', ['0', '3']),
  transfers('withdrawal', 'withdrawal_list', '5', ['0', '1', '3']),
];

type Call = (method: string, params: Record<string, unknown>) => Promise<unknown>;

/** An endpoint that answers the newest `size` records up to an end, in windows of `span` ms. */
interface Backwards<T> {
  what: string;
  method: string;
  span: number;
  size: number;
  /** The unit of its times (per ms) and whether its end is inclusive. */
  unit: bigint;
  inclusiveEnd: boolean;
  params: (start: bigint, end: bigint) => Record<string, unknown>;
  rows: (raw: unknown) => T[];
  key: (row: T) => string;
  time: (row: T) => bigint;
}

/**
 * Every record of [from, to): per window, a full page moves the end back to the page's oldest
 * instant, kept (records sharing it come again and are known by key), until a short page or one
 * with nothing new.
 */
async function readBackwards<T>(e: Backwards<T>, from: number, to: number, call: Call, progress: Progress) {
  const found = new Map<string, T>();
  for (const [start, end] of windows(from, to, e.span)) {
    let until = BigInt(end) * e.unit - (e.inclusiveEnd ? 1n : 0n);
    for (;;) {
      const page = e.rows(await call(e.method, e.params(BigInt(start) * e.unit, until)));
      const fresh = page.filter((r) => !found.has(e.key(r)));
      for (const r of fresh) found.set(e.key(r), r);
      await progress.add(fresh.length, `${NAME} ${e.what}`);
      if (page.length < e.size || fresh.length === 0) break;
      let oldest = e.time(page[0]!);
      for (const r of page) if (e.time(r) < oldest) oldest = e.time(r);
      until = e.inclusiveEnd ? oldest : oldest + 1n;
    }
  }
  return [...found.values()];
}

const TRADES: Backwards<Trade> = {
  what: 'trades',
  method: 'v1PrivatePostPrivateGetTrades',
  span: 7 * DAY,
  size: 100,
  unit: NS_PER_MS,
  inclusiveEnd: false,
  params: (start, end) => ({ start_time: String(start), end_time: String(end), limit: 100 }),
  rows: rowsOf(NAME, 'trades', answer({ data: z.array(trade) }), (r) => r.result.data),
  key: (t) => t.trade_id,
  time: (t) => (t.create_time_ns ? BigInt(t.create_time_ns) : BigInt(t.create_time) * NS_PER_MS),
};
const REWARDS: Backwards<Reward> = {
  what: 'staking rewards',
  method: 'v1PrivatePostPrivateStakingGetRewardHistory',
  span: 180 * DAY,
  size: 500,
  unit: 1n,
  inclusiveEnd: true,
  params: (start, end) => ({ start_time: String(start), end_time: String(end), limit: 500 }),
  rows: rowsOf(NAME, 'staking rewards', answer({ data: z.array(reward) }), (r) => r.result.data),
  key: (r) => rewardLine(r).key,
  time: (r) => BigInt(r.event_timestamp_ms),
};

/**
 * ccxt's cryptocom, adjusted for reading history: every JSON number of an answer is kept as the
 * exchange wrote it (deposit and withdrawal amounts and fees are JSON numbers, which JSON.parse
 * would make binary floats), and an answer without Crypto.com's `code` (a proxy's 503 page, a
 * bare 429) is judged by its HTTP status, as ccxt does for other exchanges, not as an unknown
 * exchange error. Crypto.com's ERR_INTERNAL (50001) and REQUEST_TIMEOUT (40801) mean it is down.
 */
async function adjusted(exchange: Exchange): Promise<Exchange> {
  const { ExchangeNotAvailable } = await import('ccxt');
  exchange.parseJson = (text: unknown) => {
    if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) return undefined;
    try {
      return JSON.parse(
        text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g, (m) =>
          m[0] === '"' ? m : `"${m}"`,
        ),
      ) as unknown;
    } catch {
      return undefined;
    }
  };
  const handle = exchange.handleErrors.bind(exchange);
  exchange.handleErrors = (...args: Parameters<Exchange['handleErrors']>) => {
    const response: unknown = args[6];
    if (typeof response !== 'object' || response === null || !('code' in response)) return undefined;
    const code = String(response.code);
    if (code === '50001' || code === '40801') throw new ExchangeNotAvailable(`cryptocom ${args[5]}`);
    return handle(...args);
  };
  return exchange;
}

export async function fetchCryptocomHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await adjusted(await connect('cryptocom', options));
  // Crypto.com wants every number of a request as a string.
  const call: Call = (method, params) =>
    request(
      NAME,
      exchange,
      method,
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v])),
      options,
    );
  // t: deposits and withdrawals (held back to a pending one); trades: trades and rewards.
  const cursor = readCursor(options, { t: 0, trades: 0 });
  const now = options.now ?? Date.now();
  const wallet = await readWindowed(WALLET, cursor.t, now, call, options, NAME);
  const progress = new Progress(options);
  const from = Math.max(OPENED, cursor.trades + 1);
  const rewards = await readBackwards(REWARDS, from, now, call, progress);
  const trades = await readBackwards(TRADES, from, now, call, progress);
  const unique = new Map<string, Line>();
  for (const line of [...wallet.lines, ...rewards.map(rewardLine), ...trades.flatMap(tradeLines)]) {
    unique.set(line.key, line);
  }
  const lines = [...unique.values()].sort((a, b) => a.t - b.t || (a.key < b.key ? -1 : 1));
  return {
    csv: renderCsv(
      COLUMNS,
      lines.map((l) => l.cells),
    ),
    format: FORMAT,
    entries: lines.length,
    cursor: JSON.stringify({ t: Math.min(now, wallet.pendingFrom - 1), trades: now }),
    warnings: [],
  };
}
