import { createHmac } from 'node:crypto';
import type { ReplayAnswer, ReplayRequest } from './exchange-replay.ts';

/** Records of the Crypto.com Exchange v1 API, as documented (amounts as the exchange writes them). */
export interface CryptocomTrade {
  account_id: string;
  event_date: string;
  journal_type: 'TRADING';
  side: 'BUY' | 'SELL';
  instrument_name: string;
  fees: string;
  trade_id: string;
  trade_match_id: string;
  create_time: number;
  traded_price: string;
  traded_quantity: string;
  fee_instrument_name: string;
  client_oid: string;
  taker_side: 'MAKER' | 'TAKER' | '';
  order_id: string;
  create_time_ns: string;
}
/** A deposit or withdrawal: `amount` and `fee` go out as JSON numbers, as Crypto.com sends them. */
export interface CryptocomTransfer {
  id: string;
  currency: string;
  amount: string;
  fee: string;
  create_time: number;
  update_time: number;
  status: string;
  address: string;
  txid: string;
  client_wid?: string;
  network_id?: string;
}
export interface CryptocomReward {
  staking_inst_name: string;
  underlying_inst_name: string;
  reward_inst_name: string;
  reward_quantity: string;
  staked_balance: string;
  event_timestamp_ms: string;
}
export interface CryptocomAccount {
  trades: CryptocomTrade[];
  deposits: CryptocomTransfer[];
  withdrawals: CryptocomTransfer[];
  rewards: CryptocomReward[];
}

const DAY = 86_400_000;
const NS = 1_000_000n;

/** A spot (or derivatives) fill at `ms` (+ `ns` nanoseconds). */
export function cryptocomTrade(
  id: string,
  ms: number,
  fill: Pick<CryptocomTrade, 'side' | 'instrument_name' | 'traded_quantity' | 'traded_price' | 'fees'> &
    Partial<CryptocomTrade>,
  ns = 0n,
): CryptocomTrade {
  return {
    account_id: '52e7c00f-1324-5a6z-bfgt-de445bde21a5',
    event_date: new Date(ms).toISOString().slice(0, 10),
    journal_type: 'TRADING',
    trade_id: id,
    trade_match_id: `m${id}`,
    order_id: `o${id}`,
    client_oid: '',
    taker_side: 'TAKER',
    fee_instrument_name: fill.instrument_name.split('_')[1] ?? 'USD',
    create_time: ms,
    create_time_ns: String(BigInt(ms) * NS + ns),
    ...fill,
  };
}

const at = (iso: string) => Date.parse(iso);

/**
 * A small account: a buy with its fee in BTC, two fills of one order alike to the second (fee in
 * CRO), a perpetual trade (not spot), a maker rebate, deposits (one failed), withdrawals (one still
 * processing) and two staking rewards paid in SOL.staked.
 */
export function cryptocomSampleAccount(): CryptocomAccount {
  const eth = {
    side: 'SELL' as const,
    instrument_name: 'ETH_BTC',
    traded_quantity: '0.75',
    traded_price: '0.05873',
  };
  const sell = { ...eth, fees: '-0.43', fee_instrument_name: 'CRO', order_id: 'o-eth' } as const;
  const wallet = { update_time: 0, address: '', txid: '' };
  return {
    trades: [
      cryptocomTrade('1001', at('2024-01-10T09:15:30.123Z'), {
        side: 'BUY',
        instrument_name: 'BTC_USD',
        traded_quantity: '0.0125',
        traded_price: '42150.5',
        fees: '-0.0000125',
        fee_instrument_name: 'BTC',
      }),
      cryptocomTrade('1002', at('2024-02-03T17:40:02.500Z'), sell),
      cryptocomTrade('1003', at('2024-02-03T17:40:02.500Z'), sell, 1n),
      cryptocomTrade('1004', at('2024-02-10T12:00:00Z'), {
        side: 'BUY',
        instrument_name: 'BTCUSD-PERP',
        traded_quantity: '0.1',
        traded_price: '47000',
        fees: '-1.41',
        fee_instrument_name: 'USD',
      }),
      cryptocomTrade('1005', at('2024-03-15T08:00:00Z'), {
        side: 'BUY',
        instrument_name: 'CRO_USDT',
        traded_quantity: '1000',
        traded_price: '0.08512',
        fees: '0.0017',
        taker_side: 'MAKER',
      }),
    ],
    deposits: [
      { ...wallet, id: '6201135', currency: 'BTC', amount: '0.05', fee: '0', status: '1' },
      { ...wallet, id: '6201136', currency: 'ETH', amount: '1.23456789012345678', fee: '0', status: '1' },
      { ...wallet, id: '6201137', currency: 'ETH', amount: '2', fee: '0', status: '2' },
    ].map((d, i) => ({
      ...d,
      create_time: at('2023-12-20T10:00:00Z') + i * DAY,
      txid: `f0ae4202b76eb999c301eccdde44dc639bee42d1fdd5974105286ca3393f60${i}5/2`,
    })),
    withdrawals: [
      { ...wallet, id: '5275977', currency: 'BTC', amount: '0.01', fee: '0.0005', status: '5', txid: 'ab12' },
      { ...wallet, id: '5275978', currency: 'ETH', amount: '0.1', fee: '0.002', status: '1' },
    ].map((w, i) => ({
      ...w,
      client_wid: '',
      network_id: w.currency,
      create_time: at('2024-03-01T00:00:00Z') + i * DAY,
    })),
    rewards: ['2024-04-01T00:00:00Z', '2024-04-02T00:00:00Z'].map((iso) => ({
      staking_inst_name: 'SOL.staked',
      underlying_inst_name: 'SOL',
      reward_inst_name: 'SOL.staked',
      reward_quantity: '0.00123456',
      staked_balance: '10',
      event_timestamp_ms: String(at(iso)),
    })),
  };
}

/** The documented parameter string of the signature: keys sorted, key + value, lists and objects flattened. */
function paramsString(value: unknown): string {
  if (Array.isArray(value)) return value.map(paramsString).join('');
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return Object.keys(o)
      .sort()
      .map((k) => k + paramsString(o[k]))
      .join('');
  }
  return String(value);
}

/** A time parameter in ms or ns (Crypto.com takes either) as ns. */
const ns = (v: unknown, fallback: bigint) => {
  const text = String(v ?? '');
  if (!/^\d+$/.test(text)) return fallback;
  return text.length >= 16 ? BigInt(text) : BigInt(text) * NS;
};
const num = (v: unknown, fallback: number) => (v === undefined ? fallback : Number(v));

/**
 * Crypto.com Exchange API v1 as documented over `account`: JSON-RPC style POSTs to
 * `/exchange/v1/{method}` signed with HMAC-SHA256 (method + id + api_key + parameter string +
 * nonce), every number of a request a string; answers `{id, method, code, result}`. get-trades:
 * [start_time, end_time) in ms or ns, at most 7 days, the newest `limit` (≤ 100) first.
 * Deposit/withdrawal history: [start_ts, end_ts] in ms, at most 90 days, `page` from 0 of
 * `page_size` (≤ 200). Staking rewards: [start_time, end_time] in ms, at most 180 days, the newest
 * `limit` (≤ 500).
 */
export function cryptocomHandler(state: {
  key: string;
  secret: string;
  account: CryptocomAccount;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const body = req.fields as {
      id?: unknown;
      method?: unknown;
      params?: unknown;
      api_key?: unknown;
      sig?: unknown;
      nonce?: unknown;
    };
    const method = req.path.replace(/^\/exchange\/v1\//, '');
    const fail = (status: number, code: number, message: string): ReplayAnswer => ({
      status,
      body: { id: body.id ?? -1, method, code, message },
    });
    if (req.method !== 'POST' || body.method !== method) return fail(400, 40003, 'INVALID_REQUEST');
    const p = (body.params ?? {}) as Record<string, unknown>;
    const payload = `${method}${String(body.id)}${String(body.api_key)}${paramsString(p)}${String(body.nonce)}`;
    const sig = createHmac('sha256', state.secret).update(payload).digest('hex');
    if (body.api_key !== state.key || body.sig !== sig) return fail(401, 40101, 'UNAUTHORIZED');
    if (Object.values(p).some((v) => typeof v === 'number'))
      return fail(400, 40004, 'MISSING_OR_INVALID_ARGUMENT');
    const ok = (result: unknown, raw: string[] = []): ReplayAnswer => {
      let text = JSON.stringify({ id: Number(body.id), method, code: 0, result });
      for (const field of raw)
        text = text.replace(new RegExp(`"${field}":"(-?[0-9.eE+-]+)"`, 'g'), `"${field}":$1`);
      return { body: text };
    };
    const now = BigInt(Date.now()) * NS;
    switch (method) {
      case 'private/get-trades': {
        const end = ns(p.end_time, now);
        const start = ns(p.start_time, end - BigInt(DAY) * NS);
        const limit = num(p.limit, 100);
        if (end - start > 7n * BigInt(DAY) * NS || limit > 100) return fail(400, 40003, 'INVALID_REQUEST');
        const data = state.account.trades
          .filter((t) => BigInt(t.create_time_ns) >= start && BigInt(t.create_time_ns) < end)
          .sort((a, b) => (BigInt(b.create_time_ns) > BigInt(a.create_time_ns) ? 1 : -1))
          .slice(0, limit);
        return ok({ data });
      }
      case 'private/get-deposit-history':
      case 'private/get-withdrawal-history': {
        const list = method === 'private/get-deposit-history' ? 'deposit_list' : 'withdrawal_list';
        const end = num(p.end_ts, Date.now());
        const start = num(p.start_ts, end - 90 * DAY);
        const [page, size] = [num(p.page, 0), num(p.page_size, 20)];
        if (end - start > 90 * DAY || size > 200) return fail(400, 40003, 'INVALID_REQUEST');
        const rows = list === 'deposit_list' ? state.account.deposits : state.account.withdrawals;
        const data = rows
          .filter((d) => d.create_time >= start && d.create_time <= end)
          .sort((a, b) => b.create_time - a.create_time)
          .slice(page * size, (page + 1) * size);
        return ok({ [list]: data }, ['amount', 'fee', 'create_time', 'update_time']);
      }
      case 'private/staking/get-reward-history': {
        const end = num(p.end_time, Date.now());
        const start = num(p.start_time, end - 30 * DAY);
        const limit = num(p.limit, 20);
        if (end - start > 180 * DAY || limit > 500) return fail(400, 40003, 'INVALID_REQUEST');
        const data = state.account.rewards
          .filter((r) => Number(r.event_timestamp_ms) >= start && Number(r.event_timestamp_ms) <= end)
          .sort((a, b) => Number(b.event_timestamp_ms) - Number(a.event_timestamp_ms))
          .slice(0, limit);
        return ok({ data });
      }
      default:
        return fail(400, 40002, 'METHOD_NOT_FOUND');
    }
  };
}
