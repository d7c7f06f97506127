import { z } from 'zod';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  integer,
  Progress,
  permissionWarning,
  plain,
  readCursor,
  readPage,
  renderCsv,
  request,
  requireKeys,
} from './exchange-api.ts';

/**
 * A Gemini account's history through ccxt: trades per market (`v1/mytrades`, 500 a page by
 * `timestamp`) and transfers (`v1/transfers`: deposits, withdrawals, rewards), rendered as
 * Gemini's Transaction History export (Date, Time (UTC), Type, Symbol, … one Amount / Fee /
 * Balance triplet per asset, Trade ID, Tx Hash, …) that the gemini-history importer reads: a
 * trade keeps its Trade ID, a transfer its amount, fee and hash, so a downloaded export dedupes.
 * Markets asked: those between assets the account holds or moved, and those traded before.
 * Gemini keys are per account ("account-…"): ccxt refuses master keys.
 */
const NAME = 'Gemini';
const FORMAT = 'gemini-history';
const PAGE_TRADES = 500;
const PAGE_TRANSFERS = 50;
const QUOTES = ['GUSD', 'USDT', 'USDC', 'DAI', 'USD', 'SGD', 'GBP', 'EUR', 'BTC', 'ETH'];

const trade = z.object({
  price: decimalText,
  amount: decimalText,
  timestampms: integer,
  type: z.enum(['Buy', 'Sell']),
  fee_currency: z.string(),
  fee_amount: decimalText,
  tid: integer,
  order_id: z.union([z.string(), z.number()]).transform(String),
});
const transfer = z.object({
  type: z.string(),
  status: z.string(),
  timestampms: integer,
  eid: integer,
  currency: z.string(),
  amount: decimalText,
  method: z.string().optional(),
  txHash: z.string().optional(),
  destination: z.string().optional(),
  feeAmount: decimalText.optional(),
  feeCurrency: z.string().optional(),
});
type Trade = z.infer<typeof trade> & { base: string; quote: string; symbol: string };
type Transfer = z.infer<typeof transfer>;

export async function fetchGeminiHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('gemini', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options);
  const cursor = readCursor(options, { t: {} as Record<string, number>, transfers: 0 });
  const progress = new Progress(options);
  const roles = readPage(
    NAME,
    'roles',
    z.object({ isTrader: z.boolean().optional(), isFundManager: z.boolean().optional() }),
    await call('privatePostV1Roles'),
  );
  const warning = permissionWarning(
    NAME,
    [roles.isTrader ? 'trade' : '', roles.isFundManager ? 'withdraw' : ''].filter(Boolean),
  );
  // Transfers, oldest first from the last one synced (Gemini answers those at or after `timestamp`).
  const transfers: Transfer[] = [];
  for (let from = cursor.transfers + 1; ; ) {
    const raw = await call('privatePostV1Transfers', { timestamp: from, limit_transfers: PAGE_TRANSFERS });
    const page = readPage(NAME, 'transfers', z.array(transfer), raw).filter((t) => t.timestampms >= from);
    transfers.push(...page.filter((t) => !transfers.some((o) => o.eid === t.eid)));
    await progress.add(page.length, 'Gemini transfers');
    if (page.length < PAGE_TRANSFERS) break;
    from = Math.max(...page.map((t) => t.timestampms)) + 1;
  }
  const balances = readPage(
    NAME,
    'balances',
    z.array(z.object({ currency: z.string(), amount: decimalText })),
    await call('privatePostV1Balances'),
  );
  const assets = new Set([
    ...balances.map((b) => b.currency.toUpperCase()),
    ...transfers.map((t) => t.currency.toUpperCase()),
  ]);
  const symbols = readPage(NAME, 'symbols', z.array(z.string()), await call('publicGetV1Symbols'));
  const markets = symbols.flatMap((s) => {
    const up = s.toUpperCase();
    const quote = QUOTES.find((q) => up.endsWith(q) && up.length > q.length);
    if (!quote) return [];
    const base = up.slice(0, -quote.length);
    return (assets.has(base) && assets.has(quote)) || s in cursor.t ? [{ symbol: s, base, quote }] : [];
  });
  const trades: Trade[] = [];
  const t = { ...cursor.t };
  for (const m of markets) {
    for (;;) {
      const from = (t[m.symbol] ?? 0) + 1;
      const raw = await call('privatePostV1Mytrades', {
        symbol: m.symbol,
        timestamp: from,
        limit_trades: PAGE_TRADES,
      });
      const page = readPage(NAME, `${m.symbol} trades`, z.array(trade), raw).filter(
        (x) => x.timestampms >= from,
      );
      trades.push(...page.map((x) => ({ ...x, ...m })));
      await progress.add(page.length, 'Gemini trades');
      if (page.length > 0) t[m.symbol] = Math.max(...page.map((x) => x.timestampms));
      if (page.length < PAGE_TRADES) break;
    }
  }
  const done = transfers.filter((x) => ['Complete', 'Advanced'].includes(x.status));
  const pending = transfers.filter(
    (x) => !['Complete', 'Advanced', 'Cancelled', 'Failed'].includes(x.status),
  );
  const newest = Math.max(cursor.transfers, ...done.map((x) => x.timestampms));
  const csv = render(trades, done);
  return {
    csv: csv.text,
    format: FORMAT,
    entries: csv.rows,
    // A transfer still pending is read again by the next resync.
    cursor: JSON.stringify({ t, transfers: Math.min(newest, ...pending.map((x) => x.timestampms - 1)) }),
    warnings: warning ? [warning] : [],
  };
}

const LEAD = [
  'Date',
  'Time (UTC)',
  'Type',
  'Symbol',
  'Specification',
  'Liquidity Indicator',
  'Trading Fee Rate (bps)',
];
const TAIL = [
  'Trade ID',
  'Order ID',
  'Order Date',
  'Order Time',
  'Client Order ID',
  'API Session',
  'Tx Hash',
  'Deposit Destination',
  'Deposit Tx Output',
  'Withdrawal Destination',
  'Withdrawal Tx Output',
];

/** The export's rows, oldest first, with one Amount / Fee / Balance triplet per asset (USD first). */
function render(trades: Trade[], transfers: Transfer[]): { text: string; rows: number } {
  const assets = [
    ...new Set([
      'USD',
      ...trades.flatMap((x) => [x.base, x.quote, x.fee_currency.toUpperCase()]),
      ...transfers.map((x) => x.currency.toUpperCase()),
    ]),
  ];
  const columns = [
    ...LEAD,
    ...assets.flatMap((a) => [`${a} Amount ${a}`, `Fee (${a}) ${a}`, `${a} Balance ${a}`]),
    ...TAIL,
  ];
  type Row = { time: number; cells: Record<string, string> };
  const rows: Row[] = [];
  const when = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return { Date: iso.slice(0, 10), 'Time (UTC)': iso.slice(11, 23) };
  };
  for (const x of trades) {
    const buy = x.type === 'Buy';
    const base = dec(x.amount).abs();
    const quote = base.times(dec(x.price));
    const fee = x.fee_currency.toUpperCase();
    const cells: Record<string, string> = {
      ...when(x.timestampms),
      Type: x.type,
      Symbol: x.symbol.toUpperCase(),
      'Trade ID': String(x.tid),
      'Order ID': x.order_id,
    };
    cells[`${x.base} Amount ${x.base}`] = plain(buy ? base : base.neg());
    cells[`${x.quote} Amount ${x.quote}`] = plain(buy ? quote.neg() : quote);
    if (!dec(x.fee_amount).isZero()) cells[`Fee (${fee}) ${fee}`] = plain(dec(x.fee_amount).abs().neg());
    rows.push({ time: x.timestampms, cells });
  }
  for (const x of transfers) {
    const a = x.currency.toUpperCase();
    const out = x.type === 'Withdrawal' || dec(x.amount).isNegative();
    const amount = dec(x.amount).abs();
    const cells: Record<string, string> = {
      ...when(x.timestampms),
      Type: out ? 'Debit' : 'Credit',
      Symbol: a,
      Specification: `${x.type} (${x.method ?? a})`,
      'Tx Hash': x.txHash ?? '',
    };
    cells[`${a} Amount ${a}`] = plain(out ? amount.neg() : amount);
    if (x.feeAmount && !dec(x.feeAmount).isZero()) {
      const f = (x.feeCurrency ?? a).toUpperCase();
      cells[`Fee (${f}) ${f}`] = plain(dec(x.feeAmount).abs().neg());
    }
    cells[out ? 'Withdrawal Destination' : 'Deposit Destination'] = x.destination ?? '';
    rows.push({ time: x.timestampms, cells });
  }
  rows.sort((a, b) => a.time - b.time);
  return {
    text: renderCsv(
      columns,
      rows.map((r) => columns.map((c) => r.cells[c] ?? '')),
    ),
    rows: rows.length,
  };
}
