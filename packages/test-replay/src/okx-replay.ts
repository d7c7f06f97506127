import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

export type OkxBill = Record<string, string> & { billId: string; ts: string };
export interface OkxAccount {
  trading: OkxBill[];
  funding: OkxBill[];
}

const FUNDING_TYPES: Record<string, string> = {
  Deposit: '1',
  Withdrawal: '2',
  'Staking Yield': '83',
  'Fee rebate': '68',
  'From unified trading account': '130',
  'To unified trading account': '131',
};
const rowsOf = (file: string) =>
  parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
const ts = (time: string | undefined) => String(Date.parse(`${(time ?? '').replace(' ', 'T')}Z`));

/**
 * Downloaded OKX trading (2025 layout) and funding account histories as OKX's bills calls would
 * answer them: each row one bill with the export's id, times in Unix ms (the exports read as UTC).
 */
export function okxAccountFromCsv(tradingFile: string | null, fundingFile: string | null): OkxAccount {
  const trading = (tradingFile ? rowsOf(tradingFile) : []).map((r) => ({
    billId: r.id ?? '',
    ordId: r['Order id'] ?? '',
    ts: ts(r.Time),
    type: r['Trade Type'] === 'Transfer' ? '1' : '2',
    subType: r.Action === 'Buy' ? '1' : r.Action === 'Sell' ? '2' : '',
    instType: r['Trade Type'] === 'Spot' ? 'SPOT' : '',
    instId: r.Symbol ?? '',
    ccy: r['Balance Unit'] ?? '',
    sz: csvNumber(r.Amount),
    px: csvNumber(r['Filled Price']),
    pnl: csvNumber(r.PnL),
    fee: csvNumber(r.Fee),
    balChg: csvNumber(r['Balance Change']),
    bal: csvNumber(r.Balance),
    execType: 'T',
  }));
  const funding = (fundingFile ? rowsOf(fundingFile) : []).map((r) => ({
    billId: r.id ?? '',
    ts: ts(r.Time),
    type: FUNDING_TYPES[r.Type ?? ''] ?? '0',
    ccy: r.Symbol ?? '',
    balChg: csvNumber(r.Amount),
    bal: csvNumber(r['After Balance']),
    clientId: '',
    notes: '',
  }));
  return { trading, funding };
}

/**
 * OKX's v5 API as documented over `account`: `account/config` (the key's `perm`), trading bills
 * (`account/bills-archive`, newest first, `after` = an older bill id) and funding bills
 * (`asset/bills-history`, newest first, `after` = an earlier time), 100 at most a page. The
 * passphrase goes as it is in OK-ACCESS-PASSPHRASE; a wrong key or passphrase gets OKX's codes.
 */
export function okxHandler(state: {
  key: string;
  passphrase: string;
  account: OkxAccount;
  perm?: string;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    if (req.headers['ok-access-key'] !== state.key || typeof req.headers['ok-access-sign'] !== 'string') {
      return { status: 401, body: { code: '50111', msg: 'Invalid OK-ACCESS-KEY', data: [] } };
    }
    if (req.headers['ok-access-passphrase'] !== state.passphrase) {
      return {
        status: 401,
        body: { code: '50105', msg: 'Your OK-ACCESS-PASSPHRASE is incorrect.', data: [] },
      };
    }
    const q = req.query;
    const limit = Math.min(Number(q.get('limit') ?? 100), 100);
    const newestFirst = (list: OkxBill[], older: (b: OkxBill) => boolean) =>
      list
        .filter(older)
        .sort((a, b) => Number(b.ts) - Number(a.ts) || (BigInt(b.billId) > BigInt(a.billId) ? 1 : -1))
        .slice(0, limit);
    switch (req.path) {
      case '/api/v5/account/config':
        return {
          body: { code: '0', msg: '', data: [{ uid: '44705892343619584', perm: state.perm ?? 'read_only' }] },
        };
      case '/api/v5/account/bills-archive': {
        const after = q.get('after');
        const data = newestFirst(state.account.trading, (b) => !after || BigInt(b.billId) < BigInt(after));
        return { body: { code: '0', msg: '', data } };
      }
      case '/api/v5/asset/bills-history': {
        const after = q.get('after');
        const data = newestFirst(state.account.funding, (b) => !after || Number(b.ts) < Number(after));
        return { body: { code: '0', msg: '', data } };
      }
      default:
        return { status: 404, body: { code: '50000', msg: `unknown path ${req.path}`, data: [] } };
    }
  };
}
