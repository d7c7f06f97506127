import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

type Item = Record<string, string | number>;
export interface BybitAccount {
  log: (Item & { transactionTime: number })[];
  deposits: (Item & { successAt: number })[];
  withdrawals: (Item & { updateTime: number })[];
}

const rowsAfterPreamble = (file: string) => {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const body = text.startsWith('UID:') ? text.slice(text.indexOf('\n') + 1) : text;
  return parse(body, { columns: true }) as Record<string, string>[];
};
const time = (t: string | undefined) => Date.parse(`${(t ?? '').replace(' ', 'T')}Z`);

/**
 * Downloaded Bybit exports (the unified account's transaction log, the funding history) as
 * Bybit's v5 API would answer them: log rows as `transaction-log` entries (the fee positive when
 * charged, a fill's rows sharing an order id), funding deposits and withdrawals as their records.
 * Fiat deposits and airdrops of the funding history have no such record.
 */
export function bybitAccountFromCsv(logFile: string | null, fundingFile: string | null): BybitAccount {
  const log = (logFile ? rowsAfterPreamble(logFile) : []).map((r, i) => {
    const t = time(r['Time(UTC)'] ?? r.Time);
    const direction = r.Direction === '--' ? '' : (r.Direction ?? '');
    return {
      id: `log-${i}`,
      symbol: r.Contract ?? '',
      category: r.Contract ? 'spot' : '',
      side: direction ? direction[0] + direction.slice(1).toLowerCase() : 'None',
      transactionTime: t,
      type: r.Type ?? '',
      qty: csvNumber(r.Quantity),
      size: csvNumber(r.Position),
      currency: r.Currency ?? '',
      tradePrice: csvNumber(r['Filled Price']),
      funding: csvNumber(r.Funding),
      fee: new Decimal(csvNumber(r['Fee Paid'])).neg().toFixed(),
      cashFlow: csvNumber(r['Cash Flow']),
      change: csvNumber(r.Change),
      cashBalance: csvNumber(r['Wallet Balance']),
      feeRate: '0.001',
      bonusChange: '',
      tradeId: r.Type === 'TRADE' ? `trade-${t}-${r.Currency}` : '',
      orderId: r.Type === 'TRADE' ? `order-${t}-${r.Contract}-${direction}` : '',
      orderLinkId: '',
    };
  });
  const deposits: BybitAccount['deposits'] = [];
  const withdrawals: BybitAccount['withdrawals'] = [];
  for (const r of fundingFile ? rowsAfterPreamble(fundingFile) : []) {
    const t = time(r['Date & Time(UTC)']);
    const qty = new Decimal(csvNumber(r.QTY));
    if (r.Type === 'Deposit') {
      deposits.push({
        coin: r.Coin ?? '',
        chain: r.Coin ?? '',
        amount: qty.abs().toFixed(),
        txID: `tx${t}`,
        status: 3,
        toAddress: 'addr',
        depositFee: '',
        successAt: t,
        confirmations: '10',
      });
    } else if (r.Type === 'Withdrawal') {
      withdrawals.push({
        coin: r.Coin ?? '',
        chain: r.Coin ?? '',
        amount: qty.abs().toFixed(),
        withdrawFee: '0',
        txID: `tx${t}`,
        status: 'success',
        toAddress: 'addr',
        createTime: t,
        updateTime: t,
        withdrawId: `w${t}`,
        withdrawType: 0,
      });
    }
  }
  return { log, deposits, withdrawals };
}

const LIMITS: Record<string, number> = {
  '/v5/account/transaction-log': 7,
  '/v5/asset/deposit/query-record': 30,
  '/v5/asset/withdraw/query-record': 30,
};

/**
 * Bybit's v5 API as documented over `account`: the key's record (`v5/user/query-api`), the
 * transaction log (7 days a request) and deposit / withdrawal records (30 days), newest first,
 * `limit` a page with `nextPageCursor`. Answers wrap in `{ retCode, retMsg, result }`.
 */
export function bybitHandler(state: {
  key: string;
  account: BybitAccount;
  readOnly?: number;
  wallet?: string[];
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    if (req.headers['x-bapi-api-key'] !== state.key || typeof req.headers['x-bapi-sign'] !== 'string') {
      return {
        status: 401,
        body: { retCode: 10003, retMsg: 'API key is invalid.', result: {}, time: Date.now() },
      };
    }
    const q = req.query;
    const ok = (result: unknown) => ({
      body: { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: Date.now() },
    });
    if (req.path === '/v5/user/query-api') {
      return ok({
        id: '13770661',
        apiKey: state.key,
        readOnly: state.readOnly ?? 1,
        permissions: {
          ContractTrade: [],
          Spot: [],
          Wallet: state.wallet ?? [],
          Options: [],
          Derivatives: [],
        },
        unified: 1,
        uta: 1,
      });
    }
    const days = LIMITS[req.path];
    if (!days) return { status: 404, body: { retCode: 10001, retMsg: `unknown path ${req.path}` } };
    const from = Number(q.get('startTime') ?? 0);
    const to = Number(q.get('endTime') ?? Date.now());
    if (to - from > days * 86_400_000)
      return { body: { retCode: 10001, retMsg: 'The time range exceeds the limit.' } };
    const pick = (list: Item[], timeOf: (x: Item) => number) =>
      list.filter((x) => timeOf(x) >= from && timeOf(x) <= to).sort((a, b) => timeOf(b) - timeOf(a));
    const list =
      req.path === '/v5/account/transaction-log'
        ? pick(state.account.log, (x) => Number(x.transactionTime))
        : req.path === '/v5/asset/deposit/query-record'
          ? pick(state.account.deposits, (x) => Number(x.successAt))
          : pick(state.account.withdrawals, (x) => Number(x.updateTime));
    const offset = Number(q.get('cursor') ?? 0);
    const limit = Number(q.get('limit') ?? 20);
    const page = list.slice(offset, offset + limit);
    const nextPageCursor = offset + limit < list.length ? String(offset + limit) : '';
    const key = req.path === '/v5/account/transaction-log' ? 'list' : 'rows';
    return ok({ [key]: page, nextPageCursor });
  };
}
