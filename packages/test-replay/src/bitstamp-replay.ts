import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

/** One of Bitstamp's `user_transactions`, as documented: a field per currency, signed. */
export type BitstampTransaction = Record<string, string | number | null> & { id: number };

const TYPES: Record<string, string> = {
  deposit: '0',
  withdrawal: '1',
  market: '2',
  'sub account transfer': '14',
  'staking reward': '27',
};

/**
 * A downloaded Bitstamp Transactions export (2023+) as Bitstamp's API would answer it: each
 * row one transaction with the export's ID, its currencies as signed fields (every other
 * currency the account uses present as zero), a trade's rate as `<base>_<quote>`.
 */
export function bitstampTransactionsFromCsv(file: string): BitstampTransaction[] {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  const currencies = new Set(
    rows.flatMap((r) => [r['Amount currency'], r['Value currency']].filter(Boolean)),
  );
  return rows.map((r) => {
    const t: BitstampTransaction = {
      id: Number(r.ID),
      order_id: r['Order ID'] ? Number(r['Order ID']) : null,
    };
    for (const c of currencies) t[(c ?? '').toLowerCase()] = '0.00';
    t.datetime = `${(r.Datetime ?? '').replace('T', ' ').replace('Z', '')}.000000`;
    const type = (r.Type ?? '').toLowerCase();
    t.type = TYPES[type] ?? '0';
    t.fee = csvNumber(r.Fee);
    const amount = new Decimal(csvNumber(r.Amount));
    const base = (r['Amount currency'] ?? '').toLowerCase();
    if (type === 'market') {
      const quote = (r['Value currency'] ?? '').toLowerCase();
      const buy = (r.Subtype ?? '').toLowerCase() === 'buy';
      t[base] = (buy ? amount : amount.neg()).toFixed();
      t[quote] = (buy ? new Decimal(csvNumber(r.Value)).neg() : new Decimal(csvNumber(r.Value))).toFixed();
      t[`${base}_${quote}`] = csvNumber(r.Rate);
    } else {
      t[base] = (type === 'withdrawal' ? amount.neg() : amount).toFixed();
    }
    return t;
  });
}

/**
 * Bitstamp's `POST /api/v2/user_transactions/` as documented over `transactions`: `limit`,
 * `sort`, `since_id` (that transaction and the newer ones). A request without the key's
 * X-Auth header gets Bitstamp's "API key not found".
 */
export function bitstampHandler(state: {
  key: string;
  transactions: BitstampTransaction[];
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    if (
      req.headers['x-auth'] !== `BITSTAMP ${state.key}` ||
      typeof req.headers['x-auth-signature'] !== 'string'
    ) {
      return { status: 403, body: { status: 'error', reason: 'API key not found', code: 'API0001' } };
    }
    if (req.path !== '/api/v2/user_transactions/') {
      return { status: 404, body: { status: 'error', reason: 'Not found', code: 'API0000' } };
    }
    const f = req.fields;
    const since = Number(f.since_id ?? 0);
    const asc = f.sort === 'asc';
    const list = state.transactions
      .filter((t) => t.id >= since)
      .sort((a, b) => (asc ? a.id - b.id : b.id - a.id));
    const offset = Number(f.offset ?? 0);
    return { body: list.slice(offset, offset + Number(f.limit ?? 100)) };
  };
}
