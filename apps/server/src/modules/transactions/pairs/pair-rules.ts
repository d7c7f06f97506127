import type { PairCandidate, PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import Decimal from 'decimal.js';
import type { TransactionRow } from '../../../db/schema.ts';

/** How far from the transaction a candidate may be (self transfers and rebrands / switch trades). */
export const WINDOW_DAYS: Record<PairKind, number> = { self_transfer: 30, switch_trade: 7, swap: 30 };
export const MAX_CANDIDATES = 20;

export type Half = 'buy' | 'sell';

const ms = (iso: string) => new Date(iso).getTime();

/**
 * Which half of a pair a row can be: an incoming half receives one asset and sends nothing,
 * an outgoing half sends one asset and receives nothing (what the engine pairs, see
 * packages/engine/src/pairs.ts). Trades, ignored, grouped and already paired rows are neither.
 */
export function halfOf(row: TransactionRow): Half | null {
  if (row.ignored || row.pair_id !== null || row.gt_id !== null) return null;
  if (row.received_asset !== null && row.sent_asset === null) return 'buy';
  if (row.sent_asset !== null && row.received_asset === null) return 'sell';
  return null;
}

export function assetOf(row: TransactionRow): string {
  return (row.sent_asset ?? row.received_asset ?? '').toUpperCase();
}

export function amountOf(row: TransactionRow): string {
  return String(row.sent_amount ?? row.received_amount ?? '0');
}

/**
 * Self transfers move one asset between two accounts, and what arrives can neither arrive
 * before it was sent nor be more than was sent (issue 22: a receive of 0.02 BTC two weeks
 * before a 0.015 BTC send was offered and accepted); rebrands and switch trades change the asset.
 */
export function fits(kind: PairKind, row: TransactionRow, other: TransactionRow): boolean {
  const opposite = halfOf(other) !== null && halfOf(other) !== halfOf(row);
  if (!opposite || other.id === row.id) return false;
  if (kind !== 'self_transfer') return assetOf(other) !== assetOf(row);
  if (assetOf(other) !== assetOf(row) || other.import_history_id === row.import_history_id) return false;
  const [send, receive] = halfOf(row) === 'sell' ? [row, other] : [other, row];
  if (ms(receive.timestamp) < ms(send.timestamp)) return false;
  const fee =
    send.fee_asset?.toUpperCase() === assetOf(send) && send.fee_amount !== null
      ? String(send.fee_amount)
      : '0';
  return new Decimal(String(receive.received_amount ?? '0')).lte(
    new Decimal(String(send.sent_amount ?? '0')).plus(fee),
  );
}

/**
 * Best first: self transfers by amount closeness (exact decimals), then time closeness;
 * rebrands and switch trades (different assets, amounts not comparable) by time only.
 */
export function rank(kind: PairKind, row: TransactionRow, others: TransactionRow[]): TransactionRow[] {
  const amount = new Decimal(amountOf(row));
  const t = ms(row.timestamp);
  const keyed = others.map((o) => ({
    o,
    gap: kind === 'self_transfer' ? new Decimal(amountOf(o)).minus(amount).abs() : new Decimal(0),
    dt: Math.abs(ms(o.timestamp) - t),
  }));
  keyed.sort((a, b) => a.gap.comparedTo(b.gap) || a.dt - b.dt || a.o.id - b.o.id);
  return keyed.map((k) => k.o);
}

export function toCandidate(row: TransactionRow, exchange: string): PairCandidate {
  return {
    id: Number(row.id),
    direction: row.received_asset !== null ? 'buy' : 'sell',
    date: row.timestamp,
    exchange,
    currency: assetOf(row),
    amount: amountOf(row),
    address: row.to_address ?? row.from_address,
  };
}
