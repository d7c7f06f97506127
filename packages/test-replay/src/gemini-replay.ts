import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import type { ReplayAnswer, ReplayRequest } from './exchange-replay.ts';

type Item = Record<string, string | number | boolean>;
export interface GeminiAccount {
  trades: (Item & { symbol: string; timestampms: number })[];
  transfers: (Item & { timestampms: number })[];
  symbols: string[];
}

const QUOTES = ['GUSD', 'USDT', 'USDC', 'DAI', 'USD', 'SGD', 'GBP', 'EUR', 'BTC', 'ETH'];

/** A cell of the export as a signed decimal: `($2,150.00)`, `0.05 BTC `, `(0.5 ETH)` … */
function cellValue(cell: string | undefined): Decimal | null {
  const text = (cell ?? '').trim();
  if (!text) return null;
  const negative = text.startsWith('(') || text.startsWith('-');
  const digits = text.replace(/[^\d.]/g, '');
  if (!digits) return null;
  const v = new Decimal(digits);
  return negative ? v.neg() : v;
}

/**
 * A downloaded Gemini Transaction History export as Gemini's API would answer it: Buy/Sell rows
 * become `mytrades` of their market (price = quote / base, the fee as `fee_amount`), Credit and
 * Debit rows `transfers` (Deposit / Withdrawal with the fee, hash and destination).
 */
export function geminiAccountFromCsv(file: string): GeminiAccount {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  const account: GeminiAccount = {
    trades: [],
    transfers: [],
    symbols: ['btcusd', 'ethusd', 'ethbtc', 'solusd', 'dogeusd'],
  };
  rows.forEach((r, i) => {
    const timestampms = Date.parse(`${r.Date}T${r['Time (UTC)']}Z`);
    const amounts = new Map<string, Decimal>();
    const fees = new Map<string, Decimal>();
    for (const [name, cell] of Object.entries(r)) {
      const amount = name.match(/^(\w+) Amount \1$/);
      const fee = name.match(/^Fee \((\w+)\) \1$/);
      const v = cellValue(cell);
      if (!v || v.isZero()) continue;
      if (amount?.[1]) amounts.set(amount[1], v);
      if (fee?.[1]) fees.set(fee[1], v);
    }
    const symbol = (r.Symbol ?? '').toUpperCase();
    if (r.Type === 'Buy' || r.Type === 'Sell') {
      const quote = QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length) ?? 'USD';
      const base = symbol.slice(0, -quote.length);
      const b = (amounts.get(base) ?? new Decimal(0)).abs();
      const q = (amounts.get(quote) ?? new Decimal(0)).abs();
      const [feeCurrency, feeAmount] = [...fees][0] ?? [quote, new Decimal(0)];
      account.trades.push({
        symbol: symbol.toLowerCase(),
        price: q.div(b).toFixed(),
        amount: b.toFixed(),
        timestamp: Math.floor(timestampms / 1000),
        timestampms,
        type: r.Type,
        aggressor: r['Liquidity Indicator'] === 'Taker',
        fee_currency: feeCurrency,
        fee_amount: feeAmount.abs().toFixed(),
        tid: Number(r['Trade ID']),
        order_id: r['Order ID'] ?? '',
        exchange: 'gemini',
        is_auction_fill: false,
      });
      if (!account.symbols.includes(symbol.toLowerCase())) account.symbols.push(symbol.toLowerCase());
      return;
    }
    const [currency, amount] = [...amounts][0] ?? [symbol, new Decimal(0)];
    const fee = fees.get(currency);
    account.transfers.push({
      type: r.Type === 'Debit' ? 'Withdrawal' : 'Deposit',
      status: 'Complete',
      timestampms,
      eid: 1000 + i,
      currency,
      amount: amount.abs().toFixed(),
      method: /\((\w+)\)/.exec(r.Specification ?? '')?.[1] ?? currency,
      ...(r['Tx Hash'] ? { txHash: r['Tx Hash'] } : {}),
      ...(r['Withdrawal Destination'] ? { destination: r['Withdrawal Destination'] } : {}),
      ...(fee ? { feeAmount: fee.abs().toFixed(), feeCurrency: currency } : {}),
    });
  });
  return account;
}

/**
 * Gemini's API as documented over `account`: the public symbol list, and the private calls
 * (their parameters in the base64 X-GEMINI-PAYLOAD) `v1/roles`, `v1/balances`, `v1/transfers`
 * and `v1/mytrades` (those at or after `timestamp`, the oldest `limit_…` of them, newest first).
 */
export function geminiHandler(state: {
  key: string;
  account: GeminiAccount;
  roles?: Record<string, boolean>;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const a = state.account;
    if (req.path === '/v1/symbols') return { body: a.symbols };
    const payload = req.headers['x-gemini-payload'];
    if (req.headers['x-gemini-apikey'] !== state.key || typeof payload !== 'string') {
      return { status: 400, body: { result: 'error', reason: 'InvalidApiKey', message: 'Invalid API key' } };
    }
    const p = JSON.parse(Buffer.from(payload, 'base64').toString()) as Record<string, unknown>;
    const from = Number(p.timestamp ?? 0);
    const oldest = <T extends { timestampms: number }>(list: T[], limit: number) =>
      list
        .filter((x) => x.timestampms >= from)
        .sort((x, y) => x.timestampms - y.timestampms)
        .slice(0, limit)
        .reverse();
    switch (req.path) {
      case '/v1/roles':
        return {
          body: {
            isAuditor: true,
            isFundManager: false,
            isTrader: false,
            counterparty_id: 'C1',
            ...state.roles,
          },
        };
      case '/v1/balances': {
        const sums = new Map<string, Decimal>();
        for (const t of a.transfers) {
          const v = new Decimal(String(t.amount));
          sums.set(
            String(t.currency),
            (sums.get(String(t.currency)) ?? new Decimal(0)).plus(t.type === 'Withdrawal' ? v.neg() : v),
          );
        }
        return {
          body: [...sums].map(([currency, v]) => ({
            type: 'exchange',
            currency,
            amount: v.toFixed(),
            available: v.toFixed(),
          })),
        };
      }
      case '/v1/transfers':
        return { body: oldest(a.transfers, Number(p.limit_transfers ?? 10)) };
      case '/v1/mytrades':
        return {
          body: oldest(
            a.trades.filter((t) => t.symbol === p.symbol),
            Number(p.limit_trades ?? 50),
          ),
        };
      default:
        return { status: 404, body: { result: 'error', reason: 'EndpointNotFound', message: req.path } };
    }
  };
}
