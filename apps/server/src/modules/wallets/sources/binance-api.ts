import { z } from 'zod';
import { BINANCE_ENDPOINTS, credit } from './binance-endpoints.ts';
import { accountAssets, spotTrades } from './binance-trades.ts';
import {
  connect,
  dec,
  type ExchangeApiOptions,
  type FetchedHistory,
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

export async function fetchBinanceHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options);
  const exchange = await connect('binance', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options, { rejectedKey: REJECTED });
  const cursor = readCursor(options, { t: 0, ids: {} as Record<string, number> });
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
  const canTrade =
    restrictions.enableSpotAndMarginTrading || restrictions.enableFutures || restrictions.enableMargin;
  const warning = permissionWarning(
    NAME,
    [canTrade ? 'trade' : '', restrictions.enableWithdrawals ? 'withdraw' : ''].filter(Boolean),
  );
  const now = options.now ?? Date.now();
  const { lines, pendingFrom } = await readWindowed(BINANCE_ENDPOINTS, cursor.t, now, call, options, NAME);
  const { uid: accountUid, assets } = await accountAssets(
    NAME,
    call,
    lines.map((l) => l.coin),
  );
  const { trades, ids } = await spotTrades(NAME, call, assets, cursor.ids, options);
  for (const t of trades) {
    const [plus, minus] = t.isBuyer ? [t.base, t.quote] : [t.quote, t.base];
    const [got, paid] = t.isBuyer ? [t.qty, t.quoteQty] : [t.quoteQty, t.qty];
    const debit = (op: string, coin: string, amount: string) => ({
      time: t.time,
      account: 'Spot',
      op,
      coin,
      change: dec(amount).abs().neg(),
    });
    lines.push(
      credit(t.time, t.isBuyer ? 'Transaction Buy' : 'Transaction Revenue', plus, got),
      debit(t.isBuyer ? 'Transaction Spend' : 'Transaction Sold', minus, paid),
    );
    if (!dec(t.commission).isZero()) lines.push(debit('Transaction Fee', t.commissionAsset, t.commission));
  }
  lines.sort((a, b) => a.time - b.time);
  const uid = accountUid === undefined ? '' : String(accountUid);
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
