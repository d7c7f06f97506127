import type { EngineTransaction } from '@lotwise/engine/types';

/**
 * An experiment, not the baseline: float-fifo.ts's loop (kept apart so the baseline stays
 * bare) where each disposal also keeps the smallest audit line the result contract asks for,
 * as bigint-fifo.ts does: amount, proceeds, basis and gain as text, and each lot's id, date and
 * amounts. It shows what producing that output costs even without exact arithmetic. Floats
 * are allowed here, in float-fifo.ts and nowhere else.
 */
export function floatFifoLines(rows: readonly EngineTransaction[]): {
  gain: number;
  open: number;
  lines: number;
} {
  const pools = new Map<
    string,
    { qty: number[]; cost: number[]; id: string[]; at: string[]; head: number }
  >();
  const pool = (asset: string) => {
    let p = pools.get(asset);
    if (!p) {
      p = { qty: [], cost: [], id: [], at: [], head: 0 };
      pools.set(asset, p);
    }
    return p;
  };
  const acquire = (tx: EngineTransaction, asset: string, qty: number, cost: number) => {
    const p = pool(asset);
    p.qty.push(qty);
    p.cost.push(cost);
    p.id.push(tx.id);
    p.at.push(tx.timestamp.slice(0, 10));
  };
  const kept: object[] = [];
  let gain = 0;
  let lastMs = 0;
  const dispose = (tx: EngineTransaction, asset: string, amount: number, proceeds: number) => {
    const p = pool(asset);
    let left = amount;
    let basis = 0;
    const lots: object[] = [];
    while (left > 1e-12 && p.head < p.qty.length) {
      const at = p.head;
      const q = p.qty[at]!;
      let taken: number;
      let part: number;
      if (q <= left) {
        taken = q;
        part = p.cost[p.head]!;
        p.head++;
      } else {
        taken = left;
        part = (p.cost[p.head]! * left) / q;
        p.cost[p.head]! -= part;
        p.qty[p.head] = q - left;
      }
      basis += part;
      left -= taken;
      lots.push({ lotId: p.id[at], acquiredAt: p.at[at], amount: String(taken), costBasis: String(part) });
    }
    gain += proceeds - basis;
    kept.push({
      txId: tx.id,
      amount: String(amount),
      proceeds: String(proceeds),
      costBasis: String(basis),
      gain: String(proceeds - basis),
      lots,
    });
  };
  const num = Number.parseFloat;
  for (const tx of rows) {
    lastMs = Math.max(lastMs, Date.parse(tx.timestamp));
    const value = tx.fiat_value ? num(tx.fiat_value.amount) : 0;
    if (tx.kind === 'buy') {
      acquire(
        tx,
        tx.received!.asset,
        num(tx.received!.amount),
        num(tx.sent!.amount) + (tx.fee ? num(tx.fee.amount) : 0),
      );
    } else if (tx.kind === 'sell') {
      dispose(tx, tx.sent!.asset, num(tx.sent!.amount), num(tx.received!.amount));
    } else if (tx.kind === 'trade') {
      dispose(tx, tx.sent!.asset, num(tx.sent!.amount), value);
      acquire(tx, tx.received!.asset, num(tx.received!.amount), value);
    } else if (tx.kind === 'income') {
      acquire(tx, tx.received!.asset, num(tx.received!.amount), value);
    } else if (tx.kind === 'withdrawal') {
      const sent = num(tx.sent!.amount);
      if (tx.classification === 'gift_sent') dispose(tx, tx.sent!.asset, sent, 0);
      else if (tx.fee) dispose(tx, tx.fee.asset, num(tx.fee.amount), (value / sent) * num(tx.fee.amount));
    }
  }
  let open = 0;
  for (const p of pools.values()) open += p.qty.length - p.head;
  return { gain: gain + lastMs * 0, open, lines: kept.length };
}
