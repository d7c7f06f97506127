import { fixedString, moneyShare, parseFixed } from '@lotwise/engine/fixed';
import type { EngineTransaction } from '@lotwise/engine/types';

/**
 * An experiment, not the engine: the same bare universal FIFO loop as float-fifo.ts, but exact,
 * in the engine's own bigint fixed point (its parser and its basis split). It shows what the
 * exact arithmetic alone costs, to judge the "within 3× of floats" target. No validation, no
 * ordering, no per-term split. With `lines`, each disposal also keeps the smallest audit line
 * the result contract asks for (amount, proceeds, basis and gain as text, and its lot's id,
 * date and amounts): the floor of an exact engine with this output.
 */
interface BareLine {
  txId: string;
  amount: string;
  proceeds: string;
  costBasis: string;
  gain: string;
  lots: { lotId: string; acquiredAt: string; amount: string; costBasis: string }[];
}

export function bigintFifo(
  rows: readonly EngineTransaction[],
  lines = false,
): { gain: bigint; open: number; lines: number } {
  const pools = new Map<
    string,
    { qty: bigint[]; cost: bigint[]; id: string[]; at: string[]; head: number }
  >();
  const pool = (asset: string) => {
    let p = pools.get(asset);
    if (!p) {
      p = { qty: [], cost: [], id: [], at: [], head: 0 };
      pools.set(asset, p);
    }
    return p;
  };
  const acquire = (tx: EngineTransaction, asset: string, qty: bigint, cost: bigint) => {
    const p = pool(asset);
    p.qty.push(qty);
    p.cost.push(cost);
    p.id.push(tx.id);
    p.at.push(tx.timestamp.slice(0, 10));
  };
  const kept: BareLine[] = [];
  let gain = 0n;
  const dispose = (tx: EngineTransaction, asset: string, amount: bigint, proceeds: bigint) => {
    const p = pool(asset);
    let left = amount;
    let basis = 0n;
    const lots: BareLine['lots'] = [];
    while (left > 0n && p.head < p.qty.length) {
      const at = p.head;
      const q = p.qty[at]!;
      let taken: bigint;
      let part: bigint;
      if (q <= left) {
        taken = q;
        part = p.cost[p.head]!;
        p.head++;
      } else {
        taken = left;
        part = moneyShare(p.cost[p.head]!, left, q);
        p.cost[p.head]! -= part;
        p.qty[p.head] = q - left;
      }
      basis += part;
      left -= taken;
      if (lines) {
        lots.push({
          lotId: p.id[at]!,
          acquiredAt: p.at[at]!,
          amount: fixedString(taken),
          costBasis: fixedString(part),
        });
      }
    }
    gain += proceeds - basis;
    if (lines) {
      kept.push({
        txId: tx.id,
        amount: fixedString(amount),
        proceeds: fixedString(proceeds),
        costBasis: fixedString(basis),
        gain: fixedString(proceeds - basis),
        lots,
      });
    }
  };
  for (const tx of rows) {
    Date.parse(tx.timestamp);
    const value = tx.fiat_value ? parseFixed(tx.fiat_value.amount) : 0n;
    if (tx.kind === 'buy') {
      acquire(
        tx,
        tx.received!.asset,
        parseFixed(tx.received!.amount),
        parseFixed(tx.sent!.amount) + (tx.fee ? parseFixed(tx.fee.amount) : 0n),
      );
    } else if (tx.kind === 'sell') {
      dispose(tx, tx.sent!.asset, parseFixed(tx.sent!.amount), parseFixed(tx.received!.amount));
    } else if (tx.kind === 'trade') {
      dispose(tx, tx.sent!.asset, parseFixed(tx.sent!.amount), value);
      acquire(tx, tx.received!.asset, parseFixed(tx.received!.amount), value);
    } else if (tx.kind === 'income') {
      acquire(tx, tx.received!.asset, parseFixed(tx.received!.amount), value);
    } else if (tx.kind === 'withdrawal') {
      const sent = parseFixed(tx.sent!.amount);
      if (tx.classification === 'gift_sent') dispose(tx, tx.sent!.asset, sent, 0n);
      else if (tx.fee) {
        const fee = parseFixed(tx.fee.amount);
        dispose(tx, tx.fee.asset, fee, moneyShare(value, fee, sent));
      }
    }
  }
  let open = 0;
  for (const p of pools.values()) open += p.qty.length - p.head;
  return { gain, open, lines: kept.length };
}
