import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

/** One fill of KuCoin's `/api/v1/fills`, as documented. */
export type KucoinFill = Record<string, string | number | boolean> & { createdAt: number; tradeId: string };

/**
 * A downloaded KuCoin spot "Trade History" export as KuCoin's fills API would answer it: one
 * fill per row, the header's time zone applied (`Filled Time(UTC+02:00)`), times in Unix ms.
 */
export function kucoinFillsFromCsv(file: string): KucoinFill[] {
  const rows = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<
    string,
    string
  >[];
  return rows.map((r, i) => {
    const timeName = Object.keys(r).find((k) => k.startsWith('Filled Time')) ?? 'Filled Time';
    const m = timeName.match(/UTC([+-])(\d{2}):(\d{2})/);
    const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
    const createdAt = Date.parse(`${(r[timeName] ?? '').replace(' ', 'T')}Z`) - offset;
    return {
      symbol: r.Symbol ?? '',
      tradeId: `t${String(i + 1).padStart(6, '0')}`,
      orderId: r['Order ID'] ?? '',
      counterOrderId: `c${i}`,
      side: (r.Side ?? '').toLowerCase(),
      liquidity: (r['Maker/Taker'] ?? 'taker').toLowerCase(),
      forceTaker: false,
      price: csvNumber(r['Avg. Filled Price']),
      size: csvNumber(r['Filled Amount']),
      funds: csvNumber(r['Filled Volume']),
      fee: csvNumber(r.Fee),
      feeRate: '0.001',
      feeCurrency: r['Fee Currency'] ?? '',
      stop: '',
      tradeType: 'TRADE',
      type: (r['Order Type'] ?? 'limit').toLowerCase(),
      createdAt,
    };
  });
}

/**
 * KuCoin's API as documented over `fills`: the key's own record (`/api/v1/user/api-key`) and
 * `/api/v1/fills` (at most 7 days a request, pages of `pageSize`, newest first). The passphrase
 * must come signed with the secret (key version 2), else KuCoin's 400004.
 */
export function kucoinHandler(state: {
  key: string;
  secret: string;
  passphrase: string;
  fills: KucoinFill[];
  permission?: string;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const q = req.query;
    if (req.headers['kc-api-key'] !== state.key || typeof req.headers['kc-api-sign'] !== 'string') {
      return { status: 401, body: { code: '400003', msg: 'KC-API-KEY not exists' } };
    }
    const passphrase = createHmac('sha256', state.secret).update(state.passphrase).digest('base64');
    if (req.headers['kc-api-passphrase'] !== passphrase) {
      return { status: 401, body: { code: '400004', msg: 'Invalid KC-API-PASSPHRASE' } };
    }
    if (req.path === '/api/v1/user/api-key') {
      return {
        body: {
          code: '200000',
          data: {
            remark: 'lotwise',
            apiKey: state.key,
            apiVersion: 3,
            permission: state.permission ?? 'General',
            ipWhitelist: '',
            createdAt: 1_700_000_000_000,
            uid: 165111215,
            isMaster: true,
          },
        },
      };
    }
    if (req.path === '/api/v1/fills') {
      const from = Number(q.get('startAt') ?? 0);
      const to = Number(q.get('endAt') ?? Date.now());
      if (to - from > 7 * 86_400_000) {
        return { status: 400, body: { code: '400100', msg: 'The time range cannot exceed 7 days' } };
      }
      const list = state.fills
        .filter((f) => f.createdAt >= from && f.createdAt <= to)
        .sort((a, b) => b.createdAt - a.createdAt);
      const size = Number(q.get('pageSize') ?? 50);
      const current = Number(q.get('currentPage') ?? 1);
      return {
        body: {
          code: '200000',
          data: {
            currentPage: current,
            pageSize: size,
            totalNum: list.length,
            totalPage: Math.ceil(list.length / size),
            items: list.slice((current - 1) * size, current * size),
          },
        },
      };
    }
    return { status: 404, body: { code: '404000', msg: 'Url Not Found' } };
  };
}
