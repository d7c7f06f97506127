import { z } from 'zod';
import { BINANCE_ENDPOINTS, credit } from './binance-endpoints.ts';
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
  utcText,
} from './exchange-api.ts';
import { readWindowed } from './windowed.ts';

/**
 * A Binance account's history through ccxt (spot trades, deposits and withdrawals, fiat, convert,
 * dust, distributions and Simple Earn rewards), rendered as Binance's "Transaction History"
 * statement (v2: User_ID,UTC_Time,Account,Operation,Coin,Change,Remark), which the
 * binance-statement importer reads: trade legs share a second and are combined there, just as
 * the downloaded statement's are.
 *
 * Binance answers most history in time windows (90 days for deposits, 30 for converts …), so the
 * first import walks them back to the start of the exchange, and a resync only the windows since
 * the last one. Trades are per market (`myTrades` by `fromId`): the markets between any two assets
 * the account holds or ever moved (deposits, withdrawals, rewards, converts, dust) and the ones
 * traded before. A market between two assets the account never held otherwise is not found.
 */
const NAME = 'Binance';
const FORMAT = 'binance-statement-v2';
const COLUMNS = ['User_ID', 'UTC_Time', 'Account', 'Operation', 'Coin', 'Change', 'Remark'] as const;
/** Binance's codes for a key it does not accept (ccxt files some under OperationRejected). */
const REJECTED = /"code":\s*-(2015|2014|2008|1022|1002)\b/;

const trade = z.object({
  symbol: z.string(),
  id: integer,
  qty: decimalText,
  quoteQty: decimalText,
  commission: decimalText,
  commissionAsset: z.string(),
  time: integer,
  isBuyer: z.boolean(),
});

export async function fetchBinanceHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('binance', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options, { rejectedKey: REJECTED });
  const cursor = readCursor(options, { t: 0, ids: {} as Record<string, number> });
  const progress = new Progress(options);
  const restrictions = readPage(
    NAME,
    'key restrictions',
    z.object({
      enableWithdrawals: z.boolean().optional(),
      enableSpotAndMarginTrading: z.boolean().optional(),
      enableFutures: z.boolean().optional(),
      enableMargin: z.boolean().optional(),
    }),
    await call('sapiGetAccountApiRestrictions'),
  );
  const trades =
    restrictions.enableSpotAndMarginTrading || restrictions.enableFutures || restrictions.enableMargin;
  const warning = permissionWarning(
    NAME,
    [trades ? 'trade' : '', restrictions.enableWithdrawals ? 'withdraw' : ''].filter(Boolean),
  );
  const account = readPage(
    NAME,
    'account',
    z.object({
      uid: integer.optional(),
      balances: z.array(z.object({ asset: z.string(), free: decimalText, locked: decimalText })),
    }),
    await call('privateGetAccount', { omitZeroBalances: true }),
  );
  const now = options.now ?? Date.now();
  const { lines, pendingFrom } = await readWindowed(BINANCE_ENDPOINTS, cursor.t, now, call, options, NAME);
  // Spot markets between assets the account holds or moved, and those it traded before.
  const assets = new Set([...account.balances.map((b) => b.asset), ...lines.map((l) => l.coin)]);
  const info = readPage(
    NAME,
    'markets',
    z.object({
      symbols: z.array(z.object({ symbol: z.string(), baseAsset: z.string(), quoteAsset: z.string() })),
    }),
    await call('publicGetExchangeInfo'),
  );
  const markets = info.symbols.filter(
    (s) => (assets.has(s.baseAsset) && assets.has(s.quoteAsset)) || s.symbol in cursor.ids,
  );
  const ids = { ...cursor.ids };
  for (const market of markets) {
    for (;;) {
      const fromId = (ids[market.symbol] ?? -1) + 1;
      const raw = await call('privateGetMyTrades', { symbol: market.symbol, fromId, limit: 1000 });
      const page = readPage(NAME, `${market.symbol} trades`, z.array(trade), raw);
      for (const t of page) {
        ids[market.symbol] = Math.max(ids[market.symbol] ?? -1, t.id);
        const [base, quote] = [market.baseAsset, market.quoteAsset];
        const [plus, minus] = t.isBuyer ? [base, quote] : [quote, base];
        const [got, paid] = t.isBuyer ? [t.qty, t.quoteQty] : [t.quoteQty, t.qty];
        lines.push(
          { ...credit(t.time, t.isBuyer ? 'Transaction Buy' : 'Transaction Revenue', plus, got) },
          {
            time: t.time,
            account: 'Spot',
            op: t.isBuyer ? 'Transaction Spend' : 'Transaction Sold',
            coin: minus,
            change: dec(paid).abs().neg(),
          },
        );
        if (!dec(t.commission).isZero()) {
          lines.push({
            time: t.time,
            account: 'Spot',
            op: 'Transaction Fee',
            coin: t.commissionAsset,
            change: dec(t.commission).abs().neg(),
          });
        }
      }
      await progress.add(page.length, 'Binance trades');
      if (page.length < 1000) break;
    }
  }
  lines.sort((a, b) => a.time - b.time);
  const uid = account.uid === undefined ? '' : String(account.uid);
  const rows = lines.map((l) => [
    uid,
    utcText(l.time),
    l.account,
    l.op,
    l.coin,
    plain(l.change),
    l.remark ?? '',
  ]);
  return {
    csv: renderCsv(COLUMNS, rows),
    format: FORMAT,
    entries: rows.length,
    // Windows were read up to now (less any still pending); trades from the last id of each market.
    cursor: JSON.stringify({ t: Math.min(now, pendingFrom - 1), ids }),
    warnings: warning ? [warning] : [],
  };
}
