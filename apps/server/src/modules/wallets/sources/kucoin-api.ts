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
import { endpoint, readWindowed, rowsOf } from './windowed.ts';

/**
 * A KuCoin account's spot fills through ccxt (`/api/v1/fills`, 7-day windows, 500 a page, back to
 * KuCoin's launch; a resync reads the windows since the last fill), rendered as KuCoin's spot
 * "Trade History" export (one row per fill, times in UTC) that the kucoin-trade-history importer
 * reads: the same Order ID, amounts and fee, so the API and a downloaded export dedupe.
 *
 * Not read: fills of KuCoin's high-frequency (HF) and unified accounts, which KuCoin only answers
 * per market, and deposits, withdrawals and earn income, for which no KuCoin export is imported.
 */
const NAME = 'KuCoin';
const FORMAT = 'kucoin-trade-history';
const COLUMNS = [
  'UID',
  'Account Type',
  'Order ID',
  'Symbol',
  'Side',
  'Order Type',
  'Avg. Filled Price',
  'Filled Amount',
  'Filled Volume',
  'Filled Volume (USDT)',
  'Filled Time(UTC)',
  'Fee',
  'Maker/Taker',
  'Fee Currency',
] as const;
const DAY = 86_400_000;
const LAUNCH = Date.UTC(2017, 8, 1);

const fill = z.object({
  symbol: z.string(),
  tradeId: z.string(),
  orderId: z.string(),
  side: z.enum(['buy', 'sell']),
  liquidity: z.string().default(''),
  price: decimalText,
  size: decimalText,
  funds: decimalText,
  fee: decimalText,
  feeCurrency: z.string(),
  type: z.string().default(''),
  tradeType: z.string().default('TRADE'),
  createdAt: integer,
});
type Fill = z.infer<typeof fill>;
const page = <T extends z.ZodType>(item: T) =>
  z.object({ code: z.string(), data: z.object({ items: z.array(item) }) });

const FILLS = endpoint<Fill, Fill>({
  what: 'fills',
  method: 'privateGetFills',
  span: 7 * DAY,
  start: LAUNCH,
  params: (from, to) => ({ tradeType: 'TRADE', startAt: from, endAt: to - 1, pageSize: 500 }),
  rows: rowsOf(NAME, 'fills', page(fill), (r) => r.data.items),
  paging: { kind: 'page', key: 'currentPage', size: 500, first: 1 },
  time: (f) => f.createdAt,
  lines: (f) => [f],
});

export async function fetchKucoinHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options, true);
  const exchange = await connect('kucoin', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options, { rateLimited: /"code":"429000"/ });
  const cursor = readCursor(options, { t: 0 });
  const key = readPage(
    NAME,
    'key',
    z.object({ data: z.object({ uid: integer.optional(), permission: z.string().default('') }) }),
    await call('privateGetUserApiKey'),
  );
  // "General" reads; "Spot", "Margin", "Futures" trade; "Withdrawal" withdraws.
  const permissions = key.data.permission.split(',').map((p) => p.trim().toLowerCase());
  const trades = permissions.some((p) => ['spot', 'margin', 'futures', 'trade'].includes(p));
  const warning = permissionWarning(
    NAME,
    [trades ? 'trade' : '', permissions.includes('withdrawal') ? 'withdraw' : ''].filter(Boolean),
  );
  const now = options.now ?? Date.now();
  const { lines } = await readWindowed([FILLS], cursor.t, now, call, options, NAME);
  const fills = (lines as Fill[]).sort(
    (a, b) => a.createdAt - b.createdAt || a.tradeId.localeCompare(b.tradeId),
  );
  const uid = key.data.uid === undefined ? '' : String(key.data.uid);
  const rows = fills.map((f) => [
    uid,
    'tradingAccount',
    f.orderId,
    f.symbol,
    f.side.toUpperCase(),
    f.type.toUpperCase(),
    plain(f.price),
    plain(f.size),
    plain(f.funds),
    '',
    utcText(f.createdAt),
    plain(dec(f.fee).abs()),
    f.liquidity.toUpperCase(),
    f.feeCurrency,
  ]);
  return {
    csv: renderCsv(COLUMNS, rows),
    format: FORMAT,
    entries: rows.length,
    cursor: JSON.stringify({ t: now }),
    warnings: warning ? [warning] : [],
  };
}
