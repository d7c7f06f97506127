import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

type Item = Record<string, string | number | boolean>;
export interface BinanceusAccount {
  trades: (Item & { symbol: string; id: number; time: number })[];
  deposits: (Item & { insertTime: number })[];
  withdrawals: (Item & { applyTime: string })[];
  distributions: (Item & { divTime: number })[];
  converts: (Item & { createTime: number })[];
  buys: (Item & { createTime: number })[];
  symbols: { symbol: string; baseAsset: string; quoteAsset: string }[];
}

/**
 * A downloaded Binance.US Transaction History as Binance.US's API would answer it: crypto
 * deposits and withdrawals (the Transaction ID as their id), distributions, converts (OTC
 * orders) and buys (OCBS orders) with the Order and Transaction IDs as orderId and quoteId,
 * spot trades with the Transaction ID as the trade id. USD bank deposits have no such record.
 */
export function binanceusAccountFromCsv(file: string): BinanceusAccount {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  const a: BinanceusAccount = {
    trades: [],
    deposits: [],
    withdrawals: [],
    distributions: [],
    converts: [],
    buys: [],
    symbols: [],
  };
  for (const r of rows) {
    const time = Date.parse(`${(r.Time ?? '').replace(' ', 'T')}Z`);
    const txId = r['Transaction ID'] ?? '';
    const primary = csvNumber(r['Realized Amount For Primary Asset']);
    const base = [r['Base Asset'] ?? '', csvNumber(r['Realized Amount For Base Asset'])] as const;
    const quote = [r['Quote Asset'] ?? '', csvNumber(r['Realized Amount for Quote Asset'])] as const;
    const fee = [r['Fee Asset'] ?? '', csvNumber(r['Realized Amount for Fee Asset'])] as const;
    switch (r.Category) {
      case 'Deposit':
        if (r.Operation === 'Crypto Deposit')
          a.deposits.push({
            id: txId,
            coin: r['Primary Asset'] ?? '',
            amount: primary,
            status: 1,
            insertTime: time,
            txId: `h${txId}`,
          });
        break;
      case 'Withdrawal':
        a.withdrawals.push({
          id: txId,
          coin: r['Primary Asset'] ?? '',
          amount: primary,
          transactionFee: fee[1],
          status: 6,
          applyTime: (r.Time ?? '').trim(),
        });
        break;
      case 'Distribution':
        a.distributions.push({
          amount: primary,
          asset: r['Primary Asset'] ?? '',
          category: r.Operation ?? '',
          divTime: time,
          tranId: Number(txId),
        });
        break;
      case 'Convert':
      case 'Buy': {
        const o = {
          quoteId: txId,
          orderId: r['Order ID'] ?? '',
          orderStatus: 'SUCCESS',
          fromCoin: base[0],
          fromAmount: base[1],
          toCoin: quote[0],
          toAmount: quote[1],
          feeCoin: fee[0],
          feeAmount: fee[1],
          ratio: '1',
          createTime: time,
        };
        (r.Category === 'Convert' ? a.converts : a.buys).push(o);
        break;
      }
      case 'Spot Trading': {
        const symbol = `${base[0]}${quote[0]}`;
        if (!a.symbols.some((s) => s.symbol === symbol))
          a.symbols.push({ symbol, baseAsset: base[0], quoteAsset: quote[0] });
        a.trades.push({
          symbol,
          id: Number(txId),
          orderId: Number(r['Order ID']),
          price: new Decimal(quote[1]).div(base[1]).toFixed(8),
          qty: base[1],
          quoteQty: quote[1],
          commission: fee[1],
          commissionAsset: fee[0],
          time,
          isBuyer: r.Operation === 'Buy',
          isMaker: false,
          isBestMatch: true,
        });
        break;
      }
    }
  }
  a.symbols.push({ symbol: 'DOGEUSD', baseAsset: 'DOGE', quoteAsset: 'USD' });
  return a;
}

const within = (t: number, q: URLSearchParams) =>
  t >= Number(q.get('startTime') ?? 0) && t <= Number(q.get('endTime') ?? Number.MAX_SAFE_INTEGER);

/**
 * Binance.US's API as documented over `account`: exchangeInfo, account, myTrades (by fromId) and
 * the sapi history calls (deposits, withdrawals, distributions, OTC converts, OCBS buys), the
 * windowed ones refusing more than 90 days (-1127). A request without the key gets -2015.
 */
export function binanceusHandler(state: {
  key: string;
  account: BinanceusAccount;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const q = req.query;
    const a = state.account;
    if (req.path === '/api/v3/exchangeInfo')
      return { body: { symbols: a.symbols.map((s) => ({ ...s, status: 'TRADING' })) } };
    if (req.headers['x-mbx-apikey'] !== state.key || !q.get('signature')) {
      return { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
    }
    if (
      req.path.startsWith('/sapi/') &&
      Number(q.get('endTime') ?? 0) - Number(q.get('startTime') ?? 0) > 90 * 86_400_000
    ) {
      return { status: 400, body: { code: -1127, msg: 'More than 90 days.' } };
    }
    const newest = <T extends Item>(list: T[], time: (x: T) => number) =>
      list.filter((x) => within(time(x), q)).sort((x, y) => time(y) - time(x));
    const page = <T>(list: T[]) => {
      const n = Number(q.get('limit') ?? 100);
      const p = Number(q.get('page') ?? 1);
      return list.slice((p - 1) * n, p * n);
    };
    switch (req.path) {
      case '/api/v3/account': {
        // What the account holds now: every record's change summed per asset.
        const sums = new Map<string, Decimal>();
        const add = (asset: unknown, amount: unknown, sign = 1) =>
          sums.set(
            String(asset),
            (sums.get(String(asset)) ?? new Decimal(0)).plus(new Decimal(String(amount)).times(sign)),
          );
        for (const d of a.deposits) add(d.coin, d.amount);
        for (const w of a.withdrawals) add(w.coin, w.amount, -1);
        for (const d of a.distributions) add(d.asset, d.amount);
        for (const o of [...a.converts, ...a.buys]) {
          add(o.fromCoin, o.fromAmount, -1);
          add(o.toCoin, o.toAmount);
        }
        for (const t of a.trades) {
          const s = a.symbols.find((x) => x.symbol === t.symbol);
          add(s?.baseAsset, t.qty, t.isBuyer ? 1 : -1);
          add(s?.quoteAsset, t.quoteQty, t.isBuyer ? -1 : 1);
        }
        const balances = [...sums]
          .filter(([, v]) => v.gt(0))
          .map(([asset, v]) => ({ asset, free: v.toFixed(), locked: '0' }));
        return { body: { uid: 88002211, balances } };
      }
      case '/api/v3/myTrades': {
        const from = Number(q.get('fromId') ?? 0);
        const list = a.trades
          .filter((t) => t.symbol === q.get('symbol') && t.id >= from)
          .sort((x, y) => x.id - y.id);
        return { body: list.slice(0, Number(q.get('limit') ?? 500)) };
      }
      case '/sapi/v1/capital/deposit/hisrec':
        return { body: newest(a.deposits, (x) => x.insertTime).slice(Number(q.get('offset') ?? 0)) };
      case '/sapi/v1/capital/withdraw/history':
        return {
          body: newest(a.withdrawals, (x) => Date.parse(`${x.applyTime.replace(' ', 'T')}Z`)).slice(
            Number(q.get('offset') ?? 0),
          ),
        };
      case '/sapi/v1/asset/assetDistributionHistory': {
        const rows = newest(a.distributions, (x) => x.divTime);
        return { body: { rows: rows.slice(0, Number(q.get('limit') ?? 20)), total: rows.length } };
      }
      case '/sapi/v1/otc/orders':
        return { body: page(newest(a.converts, (x) => x.createTime)) };
      case '/sapi/v1/ocbs/orders': {
        const list = newest(a.buys, (x) => x.createTime);
        return { body: { total: list.length, dataList: page(list) } };
      }
      default:
        return { status: 404, body: { code: -1000, msg: `unknown path ${req.path}` } };
    }
  };
}
