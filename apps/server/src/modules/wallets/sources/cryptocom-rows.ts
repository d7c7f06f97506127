import { z } from 'zod';
import { UNIVERSAL_COLUMNS } from '../../imports/sources.service.ts';
import { dec, decimalText, integer, plain, utcText } from './exchange-api.ts';

/**
 * Crypto.com Exchange records (Exchange API v1, as documented) and the rows of Koinly's universal
 * template they become (see cryptocom-api.ts for why that layout). Amounts stay decimal strings
 * and are multiplied exactly (decimal.js), never as binary floats.
 */
export const NAME = 'Crypto.com Exchange';
export const FORMAT = 'koinly-universal';
export const COLUMNS = UNIVERSAL_COLUMNS;
export const answer = <S extends z.ZodRawShape>(result: S) =>
  z.object({ code: z.union([z.literal('0'), z.literal(0)]), result: z.object(result) });
export const trade = z.object({
  trade_id: z.string().min(1),
  order_id: z.string().default(''),
  instrument_name: z.string(),
  side: z.enum(['BUY', 'SELL']),
  traded_quantity: decimalText,
  traded_price: decimalText,
  fees: decimalText,
  fee_instrument_name: z.string(),
  create_time: integer,
  create_time_ns: z.string().regex(/^\d+$/).optional(),
});
export const transfer = z.object({
  id: z.string().min(1),
  currency: z.string().min(1),
  amount: decimalText,
  fee: decimalText.nullish(),
  create_time: integer,
  status: z.string(),
  address: z.string().nullish(),
  txid: z.string().nullish(),
});
export const reward = z.object({
  staking_inst_name: z.string().default(''),
  underlying_inst_name: z.string().min(1),
  reward_inst_name: z.string().min(1),
  reward_quantity: decimalText,
  event_timestamp_ms: integer,
});
export type Trade = z.infer<typeof trade>;
export type Transfer = z.infer<typeof transfer>;
export type Reward = z.infer<typeof reward>;

/** A rendered row, its time, and the key it is known by (pages and windows may overlap). */
export interface Line {
  key: string;
  t: number;
  cells: string[];
}
type Leg = [amount: string, currency: string];

function row(
  t: number,
  o: { sent?: Leg; received?: Leg; fee?: Leg | null; label?: string; note: string; hash?: string },
): string[] {
  const [sent, received, fee] = [o.sent ?? ['', ''], o.received ?? ['', ''], o.fee ?? ['', '']];
  return [`${utcText(t)} UTC`, ...sent, ...received, ...fee, '', '', o.label ?? '', o.note, o.hash ?? ''];
}

/** Spot pairs are BASE_QUOTE (`BTC_USD`); derivatives are `BTCUSD-PERP`, `BTCUSD-241227`. */
const SPOT = /^([A-Z0-9.]+)_([A-Z0-9.]+)$/i;

export function tradeLines(t: Trade): Line[] {
  const pair = SPOT.exec(t.instrument_name);
  if (!pair) return [];
  const qty = dec(t.traded_quantity);
  const base: Leg = [plain(qty), pair[1] ?? ''];
  const quote: Leg = [plain(qty.times(dec(t.traded_price))), pair[2] ?? ''];
  // `fees` is the balance change: negative a fee charged, positive a credit (a maker rebate).
  const fee = dec(t.fees);
  const note = `Crypto.com Exchange ${t.side.toLowerCase()} ${t.instrument_name}, order ${t.order_id}`;
  const lines: Line[] = [
    {
      key: `trade|${t.trade_id}`,
      t: t.create_time,
      cells: row(t.create_time, {
        sent: t.side === 'BUY' ? quote : base,
        received: t.side === 'BUY' ? base : quote,
        fee: fee.lt(0) ? [plain(fee.abs()), t.fee_instrument_name] : null,
        note,
        hash: t.trade_id,
      }),
    },
  ];
  if (fee.gt(0)) {
    lines.push({
      key: `trade|${t.trade_id}|rebate`,
      t: t.create_time,
      cells: row(t.create_time, {
        received: [plain(fee), t.fee_instrument_name],
        label: 'reward',
        note: `Crypto.com Exchange fee rebate, order ${t.order_id}`,
        hash: t.trade_id,
      }),
    });
  }
  return lines;
}

/**
 * A completed deposit or withdrawal. The amount is taken as what arrived or left and the fee as
 * charged besides (Koinly's amounts exclude the fee); Crypto.com's docs do not say otherwise.
 */
export function transferLine(kind: 'deposit' | 'withdrawal', d: Transfer): Line {
  const leg: Leg = [plain(d.amount), d.currency];
  const fee = d.fee ? dec(d.fee) : null;
  return {
    key: `${kind}|${d.id}`,
    t: d.create_time,
    cells: row(d.create_time, {
      ...(kind === 'deposit' ? { received: leg } : { sent: leg }),
      fee: fee?.gt(0) ? [plain(fee), d.currency] : null,
      note: `Crypto.com Exchange ${kind} ${d.id}${d.address ? ` (${d.address})` : ''}`,
      // UTXO deposits name the output too (`<txid>/2`): the transaction is the part before.
      hash: (d.txid ?? '').replace(/\/\d+$/, ''),
    }),
  };
}

export function rewardLine(r: Reward): Line {
  // Staking turns SOL into SOL.staked inside the Exchange, a move not read (as the App importer
  // skips lockups): a reward paid in the staked form is counted in the coin itself.
  const staked = r.reward_inst_name.toUpperCase() === `${r.underlying_inst_name}.STAKED`.toUpperCase();
  return {
    key: `reward|${r.reward_inst_name}|${r.event_timestamp_ms}|${r.reward_quantity}`,
    t: r.event_timestamp_ms,
    cells: row(r.event_timestamp_ms, {
      received: [plain(r.reward_quantity), staked ? r.underlying_inst_name : r.reward_inst_name],
      label: 'staking',
      note: `Crypto.com Exchange staking reward (${r.staking_inst_name || r.reward_inst_name})`,
    }),
  };
}
