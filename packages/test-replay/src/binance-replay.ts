import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import type { ReplayAnswer, ReplayRequest } from './exchange-replay.ts';

type Row = Record<string, string | number | boolean>;

/** A Binance account as its API answers it (the sapi history endpoints and spot trades). */
export interface BinanceAccount {
  uid: number;
  trades: (Row & { symbol: string; id: number; time: number })[];
  deposits: (Row & { insertTime: number })[];
  withdrawals: (Row & { applyTime: string })[];
  fiat: (Row & { createTime: number; type: '0' | '1' })[];
  dividends: (Row & { divTime: number })[];
  dust: { operateTime: number; details: Row[] }[];
  converts: (Row & { createTime: number })[];
  flexible: (Row & { time: number })[];
  locked: (Row & { time: number })[];
  symbols: { symbol: string; baseAsset: string; quoteAsset: string }[];
}

export function emptyBinanceAccount(): BinanceAccount {
  return {
    uid: 41298765,
    trades: [],
    deposits: [],
    withdrawals: [],
    fiat: [],
    dividends: [],
    dust: [],
    converts: [],
    flexible: [],
    locked: [],
    symbols: [
      { symbol: 'BNBUSDT', baseAsset: 'BNB', quoteAsset: 'USDT' },
      { symbol: 'XRPBTC', baseAsset: 'XRP', quoteAsset: 'BTC' },
    ],
  };
}

const TRADE_OPS = /^(Buy|Sell|Fee|Transaction (Buy|Spend|Sold|Revenue|Fee|Related))$/;
const QUOTES = ['USDT', 'BUSD', 'USDC', 'FDUSD', 'EUR', 'GBP', 'TRY', 'BRL', 'BTC', 'ETH', 'BNB'];
const d = (v: string | number) => new Decimal(v);
const text = (v: Decimal) => v.toFixed();

/**
 * A downloaded Binance "Transaction History" statement (v1–v3) as Binance's API would answer
 * it: trade legs of one second become fills of a market (quote by Binance's usual quotes),
 * withdrawals carry a fee inside the statement's gross debit, distributions keep the statement's
 * operation as `enInfo`. Internal transfers between Binance wallets have no API record here.
 */
export function binanceAccountFromStatement(file: string): BinanceAccount {
  const rows = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<
    string,
    string
  >[];
  const account = emptyBinanceAccount();
  const timeOf = (r: Record<string, string>) => {
    const t = r.UTC_Time ?? r.Time ?? '';
    return Date.parse(`${/^\d{2}-/.test(t) ? `20${t}` : t}Z`.replace(' ', 'T'));
  };
  const groups = new Map<number, Record<string, string>[]>();
  for (const r of rows) {
    const op = r.Operation ?? '';
    const time = timeOf(r);
    const coin = r.Coin ?? '';
    const change = d(r.Change ?? '0');
    const abs = text(change.abs());
    if (TRADE_OPS.test(op)) groups.set(time, [...(groups.get(time) ?? []), r]);
    else if (op === 'Deposit') {
      account.deposits.push({
        coin,
        amount: abs,
        status: 1,
        insertTime: time,
        txId: `tx${time}`,
        network: coin,
      });
    } else if (op === 'Withdraw') {
      const fee = change.abs().gt('0.001') ? d('0.0005') : d(0);
      const applyTime = new Date(time).toISOString().slice(0, 19).replace('T', ' ');
      account.withdrawals.push({
        id: `w${time}`,
        coin,
        amount: text(change.abs().minus(fee)),
        transactionFee: text(fee),
        status: 6,
        applyTime,
      });
    } else if (op === 'Fiat Deposit') {
      account.fiat.push({
        type: '0',
        orderNo: `f${time}`,
        fiatCurrency: coin,
        indicatedAmount: abs,
        amount: abs,
        totalFee: '0',
        status: 'Successful',
        createTime: time,
      });
    } else if (op === 'Binance Convert') {
      const other = rows.find((o) => o !== r && o.Operation === op && timeOf(o) === time);
      if (change.isNegative() && other) {
        account.converts.push({
          orderId: time,
          orderStatus: 'SUCCESS',
          fromAsset: coin,
          fromAmount: abs,
          toAsset: other.Coin ?? '',
          toAmount: text(d(other.Change ?? '0').abs()),
          createTime: time,
        });
      }
    } else if (/^Small [Aa]ssets [Ee]xchange BNB$/.test(op)) {
      if (change.isNegative()) {
        const bnb = rows.find((o) => o.Operation === op && timeOf(o) === time && o.Coin === 'BNB');
        const detail = {
          fromAsset: coin,
          amount: abs,
          transferedAmount: text(d(bnb?.Change ?? '0').abs()),
          operateTime: time,
        };
        const group = account.dust.find((g) => g.operateTime === time);
        if (group) group.details.push(detail);
        else account.dust.push({ operateTime: time, details: [detail] });
      }
    } else if (op === 'Simple Earn Flexible Interest') {
      account.flexible.push({ asset: coin, rewards: abs, projectId: `${coin}001`, type: 'REWARDS', time });
    } else if (op === 'Simple Earn Locked Rewards') {
      account.locked.push({
        positionId: 1,
        asset: coin,
        amount: abs,
        lockPeriod: '30',
        type: 'Locked Rewards',
        time,
      });
    } else if (!/Transfer|transfer/.test(op)) {
      account.dividends.push({ id: time, amount: abs, asset: coin, divTime: time, enInfo: op, tranId: time });
    }
  }
  for (const [time, legs] of groups) {
    let fill: {
      plus?: Record<string, string>;
      minus?: Record<string, string>;
      fee?: Record<string, string>;
    } = {};
    const fills = [fill];
    for (const leg of legs) {
      const slot = /Fee/.test(leg.Operation ?? '')
        ? 'fee'
        : d(leg.Change ?? '0').isNegative()
          ? 'minus'
          : 'plus';
      if (fill[slot]) {
        fill = {};
        fills.push(fill);
      }
      fill[slot] = leg;
    }
    for (const f of fills) {
      if (!f.plus || !f.minus) continue;
      const [a, b] = [f.plus.Coin ?? '', f.minus.Coin ?? ''];
      const rank = (c: string) => (QUOTES.includes(c) ? QUOTES.indexOf(c) : 99);
      const buy = rank(b) < rank(a);
      const [base, quote] = buy ? [a, b] : [b, a];
      const symbol = `${base}${quote}`;
      if (!account.symbols.some((s) => s.symbol === symbol))
        account.symbols.push({ symbol, baseAsset: base, quoteAsset: quote });
      const baseLeg = buy ? f.plus : f.minus;
      const quoteLeg = buy ? f.minus : f.plus;
      account.trades.push({
        symbol,
        id: account.trades.filter((t) => t.symbol === symbol).length + 1,
        orderId: time,
        price: text(
          d(quoteLeg.Change ?? '0')
            .abs()
            .div(d(baseLeg.Change ?? '1').abs())
            .toDecimalPlaces(8),
        ),
        qty: text(d(baseLeg.Change ?? '0').abs()),
        quoteQty: text(d(quoteLeg.Change ?? '0').abs()),
        commission: f.fee ? text(d(f.fee.Change ?? '0').abs()) : '0',
        commissionAsset: f.fee?.Coin ?? quote,
        time,
        isBuyer: buy,
        isMaker: false,
        isBestMatch: true,
      });
    }
  }
  return account;
}

const DAY = 86_400_000;
const within = (t: number, q: URLSearchParams, from = 'startTime', to = 'endTime') =>
  t >= Number(q.get(from) ?? 0) && t <= Number(q.get(to) ?? Number.MAX_SAFE_INTEGER);

/**
 * Binance's API as documented over `account`: `exchangeInfo`, `account`, `myTrades` (by fromId,
 * oldest first), and the sapi history calls with their longest windows (a longer one is refused
 * with -1127, as Binance does), newest first. A request without the key gets -2015.
 */
export function binanceHandler(state: {
  key: string;
  account: BinanceAccount;
  restrictions?: Record<string, boolean>;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const q = req.query;
    const a = state.account;
    if (req.path === '/api/v3/exchangeInfo') {
      return { body: { timezone: 'UTC', symbols: a.symbols.map((s) => ({ ...s, status: 'TRADING' })) } };
    }
    if (req.headers['x-mbx-apikey'] !== state.key || !q.get('signature')) {
      return { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
    }
    const span = Number(q.get('endTime') ?? 0) - Number(q.get('startTime') ?? q.get('beginTime') ?? 0);
    const limits: Record<string, number> = {
      '/sapi/v1/capital/deposit/hisrec': 90,
      '/sapi/v1/capital/withdraw/history': 90,
      '/sapi/v1/convert/tradeFlow': 30,
      '/sapi/v1/asset/assetDividend': 180,
      '/sapi/v1/simple-earn/flexible/history/rewardsRecord': 90,
      '/sapi/v1/simple-earn/locked/history/rewardsRecord': 90,
    };
    const limit = limits[req.path];
    if (limit && span > limit * DAY) return { status: 400, body: { code: -1127, msg: 'More than 90 days.' } };
    const newest = <T extends Row>(list: T[], time: (x: T) => number) =>
      list.filter((x) => within(time(x), q)).sort((x, y) => time(y) - time(x));
    const offset = (list: Row[]) =>
      list.slice(Number(q.get('offset') ?? 0), Number(q.get('offset') ?? 0) + Number(q.get('limit') ?? 1000));
    const page = (list: Row[], key: string, size: string) => {
      const n = Number(q.get(size) ?? 10);
      const p = Number(q.get(key) ?? 1);
      return { rows: list.slice((p - 1) * n, p * n), total: list.length };
    };
    switch (req.path) {
      case '/sapi/v1/account/apiRestrictions':
        return {
          body: {
            ipRestrict: false,
            enableReading: true,
            enableWithdrawals: false,
            enableSpotAndMarginTrading: false,
            enableFutures: false,
            enableMargin: false,
            ...state.restrictions,
          },
        };
      case '/api/v3/account': {
        const sums = new Map<string, Decimal>();
        const add = (c: string, v: string) => sums.set(c, (sums.get(c) ?? d(0)).plus(d(v)));
        for (const dep of a.deposits) add(String(dep.coin), String(dep.amount));
        for (const t of a.trades) {
          const s = a.symbols.find((x) => x.symbol === t.symbol);
          if (s) add(s.baseAsset, t.isBuyer ? String(t.qty) : `-${t.qty}`);
        }
        const balances = [...sums]
          .filter(([, v]) => !v.isZero())
          .map(([asset, v]) => ({ asset, free: text(v.abs()), locked: '0' }));
        return { body: { uid: a.uid, canTrade: true, accountType: 'SPOT', balances } };
      }
      case '/api/v3/myTrades': {
        const from = Number(q.get('fromId') ?? 0);
        const list = a.trades
          .filter((t) => t.symbol === q.get('symbol') && t.id >= from)
          .sort((x, y) => x.id - y.id);
        return { body: list.slice(0, Number(q.get('limit') ?? 500)) };
      }
      case '/sapi/v1/capital/deposit/hisrec':
        return { body: offset(newest(a.deposits, (x) => x.insertTime)) };
      case '/sapi/v1/capital/withdraw/history':
        return {
          body: offset(newest(a.withdrawals, (x) => Date.parse(`${x.applyTime.replace(' ', 'T')}Z`))),
        };
      case '/sapi/v1/fiat/orders': {
        const list = a.fiat
          .filter((f) => f.type === q.get('transactionType') && within(f.createTime, q, 'beginTime'))
          .map(({ type, ...f }) => f);
        const got = page(list, 'page', 'rows');
        return {
          body: { code: '000000', message: 'success', data: got.rows, total: got.total, success: true },
        };
      }
      case '/sapi/v1/asset/assetDividend': {
        const list = newest(a.dividends, (x) => x.divTime);
        return { body: { rows: list.slice(0, Number(q.get('limit') ?? 20)), total: list.length } };
      }
      case '/sapi/v1/asset/dribblet': {
        const list = a.dust.filter((g) => within(g.operateTime, q));
        return {
          body: {
            total: list.length,
            userAssetDribblets: list.map((g) => ({
              operateTime: g.operateTime,
              totalTransferedAmount: text(
                g.details.reduce((s, x) => s.plus(d(String(x.transferedAmount))), d(0)),
              ),
              totalServiceChargeAmount: '0',
              transId: g.operateTime,
              userAssetDribbletDetails: g.details.map((x) => ({
                ...x,
                transId: g.operateTime,
                serviceChargeAmount: '0',
              })),
            })),
          },
        };
      }
      case '/sapi/v1/convert/tradeFlow': {
        const list = newest(a.converts, (x) => x.createTime);
        const n = Number(q.get('limit') ?? 100);
        return {
          body: {
            list: list.slice(0, n),
            startTime: Number(q.get('startTime')),
            endTime: Number(q.get('endTime')),
            limit: n,
            moreData: list.length > n,
          },
        };
      }
      case '/sapi/v1/simple-earn/flexible/history/rewardsRecord':
        return {
          body: page(q.get('type') === 'REWARDS' ? newest(a.flexible, (x) => x.time) : [], 'current', 'size'),
        };
      case '/sapi/v1/simple-earn/locked/history/rewardsRecord':
        return {
          body: page(
            newest(a.locked, (x) => x.time),
            'current',
            'size',
          ),
        };
      default:
        return { status: 404, body: { code: -1000, msg: `unknown path ${req.path}` } };
    }
  };
}
