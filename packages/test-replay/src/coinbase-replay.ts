import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { csvNumber, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

/** One transaction of the Coinbase App API (v2 `accounts/{id}/transactions`), as documented. */
export type CoinbaseTransaction = Record<string, unknown> & {
  id: string;
  created_at: string;
  amount: { amount: string; currency: string };
};

/** The report's Transaction Type → the API's type (the inverse of what the source renders). */
const TYPES: Record<string, string> = {
  Deposit: 'fiat_deposit',
  Withdrawal: 'fiat_withdrawal',
  'Exchange Deposit': 'exchange_deposit',
  'Exchange Withdrawal': 'exchange_withdrawal',
  'Pro Deposit': 'pro_deposit',
  'Pro Withdrawal': 'pro_withdrawal',
  'Staking Income': 'staking_reward',
  'Inflation Reward': 'inflation_reward',
  'Interest payout': 'interest',
  'Learning Reward': 'earn_payout',
  'Coinbase Earn': 'earn_payout',
  'Rewards Income': 'incentives_rewards_payout',
  'Subscription Rebate': 'subscription_rebate',
  'Retail Staking Transfer': 'staking_transfer',
  'Retail Unstaking Transfer': 'unstaking_transfer',
};

const NUM = '([\\d.,]+)';
const TRADE_NOTE = new RegExp(`^(?:Bought|Sold) ${NUM} (\\S+) for ${NUM} (\\S+) on (\\S+) at ${NUM}`);
const CONVERT_NOTE = new RegExp(`^Converted ${NUM} (\\S+) to ${NUM} (\\S+)`);
const d = (text: string | undefined) => new Decimal(csvNumber(text));
const m = (amount: Decimal | string, currency: string) => ({
  amount: new Decimal(amount).toFixed(),
  currency,
});

/**
 * A downloaded Coinbase "Transaction history" report (layouts A and B) as the Coinbase App API
 * would answer it: each row one transaction in its asset's wallet (an Advanced Trade fill also
 * in its quote's wallet, a convert as its two halves sharing `trade.id`). The replay servers
 * of the tests serve these.
 */
export function coinbaseTransactionsFromCsv(file: string): CoinbaseTransaction[] {
  const lines = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const start = lines.findIndex((l) => l.startsWith('ID,Timestamp'));
  const rows = parse(lines.slice(start).join('\n'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  const out: CoinbaseTransaction[] = [];
  for (const r of rows) {
    const id = r.ID ?? '';
    const created_at = `${(r.Timestamp ?? '').replace(' UTC', '').replace(' ', 'T')}Z`;
    const asset = r.Asset ?? '';
    const fiat = r['Price Currency'] ?? 'USD';
    const qty = d(r['Quantity Transacted']);
    const subtotal = d(r.Subtotal).abs();
    const total = d(r['Total (inclusive of fees and/or spread)']).abs();
    const fees = d(r['Fees and/or Spread']).abs();
    const type = r['Transaction Type'] ?? '';
    const notes = r.Notes ?? '';
    const base = { status: 'completed', created_at, updated_at: created_at, resource: 'transaction' };
    const trade = notes.match(TRADE_NOTE);
    if (type.startsWith('Advanced Trade') && trade) {
      const buy = type.endsWith('Buy');
      const [baseAsset, quote] = (trade[5] ?? '').split('-') as [string, string];
      const rate = d(trade[6]);
      const noted = d(trade[3]);
      const commission = quote === fiat ? fees : noted.minus(qty.abs().times(rate)).abs();
      const fill = {
        fill_price: rate.toFixed(),
        product_id: trade[5],
        order_side: buy ? 'buy' : 'sell',
        commission: commission.toFixed(),
      };
      const sign = buy ? 1 : -1;
      out.push({
        ...base,
        id,
        type: 'advanced_trade_fill',
        amount: m(qty.abs().times(sign), baseAsset),
        native_amount: m(subtotal.times(sign), fiat),
        advanced_trade_fill: fill,
      });
      out.push({
        ...base,
        id: `${id}-quote`,
        type: 'advanced_trade_fill',
        amount: m(noted.times(-sign), quote),
        native_amount: m(total.times(-sign), fiat),
        advanced_trade_fill: fill,
      });
      continue;
    }
    const convert = notes.match(CONVERT_NOTE);
    if (type === 'Convert' && convert) {
      const trade = { id: `trade-${id}` };
      out.push({
        ...base,
        id,
        type: 'trade',
        amount: m(qty.abs().neg(), asset),
        native_amount: m(total.neg(), fiat),
        trade,
      });
      out.push({
        ...base,
        id: `${id}-in`,
        type: 'trade',
        amount: m(d(convert[3]), convert[4] ?? ''),
        native_amount: m(subtotal, fiat),
        trade,
      });
      continue;
    }
    if (type === 'Buy' || type === 'Sell') {
      const sign = type === 'Buy' ? 1 : -1;
      const details = { subtotal: m(subtotal, fiat), total: m(total, fiat), fee: m(fees, fiat) };
      out.push({
        ...base,
        id,
        type: type.toLowerCase(),
        amount: m(qty.abs().times(sign), asset),
        native_amount: m(subtotal.times(sign), fiat),
        [type.toLowerCase()]: details,
      });
      continue;
    }
    if (type === 'Send' || type === 'Receive') {
      const sign = type === 'Receive' ? 1 : -1;
      out.push({
        ...base,
        id,
        type: 'send',
        amount: m(qty.abs().times(sign), asset),
        native_amount: m(subtotal.times(sign), fiat),
        network: { status: 'confirmed', hash: `hash-${id}` },
        ...(type === 'Send'
          ? { to: { resource: 'address', address: r['Recipient Address'] || undefined } }
          : { from: { resource: 'address', address: r['Sender Address'] || undefined } }),
      });
      continue;
    }
    const apiType = TYPES[type];
    if (!apiType) throw new Error(`no Coinbase API type for "${type}"`);
    out.push({ ...base, id, type: apiType, amount: m(qty, asset), native_amount: m(d(r.Subtotal), fiat) });
  }
  return out;
}

/**
 * Coinbase's API as documented, over `transactions`: v2 accounts (one wallet per currency,
 * 100 a page by `starting_after`), each wallet's transactions newest first (`limit`, cursor
 * `starting_after` → `pagination.next_starting_after`), and v3 key permissions. Requests without
 * the expected key get Coinbase's 401.
 */
export function coinbaseHandler(state: {
  key: string;
  transactions: CoinbaseTransaction[];
  permissions?: Record<string, unknown>;
  /** OAuth: checks a bearer token (null: accepted; else Coinbase's 401); absent, bearers are refused. */
  bearer?: (token: string) => ReplayAnswer | null;
  /** v2 `user`: the signed-in user's id. */
  userId?: string;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined && state.bearer) {
      const refused = state.bearer(bearer);
      if (refused) return refused;
    } else if (
      req.headers['cb-access-key'] !== state.key ||
      typeof req.headers['cb-access-sign'] !== 'string'
    ) {
      return { status: 401, body: { errors: [{ id: 'authentication_error', message: 'invalid api key' }] } };
    }
    if (req.path === '/v2/user') {
      const id = state.userId ?? 'cb-user-1';
      return {
        body: {
          data: {
            id,
            name: 'Replay User',
            username: null,
            resource: 'user',
            resource_path: `/v2/users/${id}`,
          },
        },
      };
    }
    if (req.path === '/api/v3/brokerage/key_permissions') {
      return { body: state.permissions ?? { can_view: true, can_trade: false, can_transfer: false } };
    }
    const currencies = [...new Set(state.transactions.map((t) => t.amount.currency))].sort();
    if (req.path === '/v2/accounts') {
      const data = [...currencies, 'XLM'].map((c) => ({
        id: `acct-${c}`,
        name: `${c} Wallet`,
        type: 'wallet',
        currency: { code: c, name: c },
        balance: { amount: '0', currency: c },
        created_at: c === 'XLM' ? null : '2020-01-01T00:00:00Z',
        resource: 'account',
      }));
      return paged(data, req, (a) => a.id);
    }
    const found = req.path.match(/^\/v2\/accounts\/acct-([^/]+)\/transactions$/);
    if (found) {
      const list = state.transactions
        .filter((t) => t.amount.currency === found[1])
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id));
      return paged(list, req, (t) => t.id);
    }
    return { status: 404, body: { errors: [{ id: 'not_found', message: 'Not found' }] } };
  };
}

function paged<T>(all: T[], req: ReplayRequest, idOf: (item: T) => string): ReplayAnswer {
  const limit = Number(req.query.get('limit') ?? 25);
  const after = req.query.get('starting_after');
  const from = after ? all.findIndex((x) => idOf(x) === after) + 1 : 0;
  const data = all.slice(from, from + limit);
  const more = from + limit < all.length;
  const last = data.at(-1);
  return {
    body: {
      pagination: {
        ending_before: null,
        starting_after: after,
        next_starting_after: more && last ? idOf(last) : null,
        limit,
        order: 'desc',
        next_uri: null,
      },
      data,
    },
  };
}
