import type { EngineTransaction } from '@lotwise/engine/types';

/**
 * The baseline: a bare universal FIFO loop in JS floats over the same rows (parsing the same
 * strings and timestamps). No validation, no audit trail, no exactness — it only shows what
 * the data costs to walk. Floats are allowed here and nowhere else.
 */
export function floatFifo(rows: readonly EngineTransaction[]): { gain: number; open: number } {
  const pools = new Map<string, { qty: number[]; cost: number[]; head: number }>();
  const pool = (asset: string) => {
    let p = pools.get(asset);
    if (!p) {
      p = { qty: [], cost: [], head: 0 };
      pools.set(asset, p);
    }
    return p;
  };
  let gain = 0;
  let lastMs = 0;
  const dispose = (asset: string, amount: number, proceeds: number) => {
    const p = pool(asset);
    let left = amount;
    let basis = 0;
    while (left > 1e-12 && p.head < p.qty.length) {
      const q = p.qty[p.head]!;
      if (q <= left) {
        basis += p.cost[p.head]!;
        left -= q;
        p.head++;
      } else {
        const part = (p.cost[p.head]! * left) / q;
        basis += part;
        p.cost[p.head]! -= part;
        p.qty[p.head] = q - left;
        left = 0;
      }
    }
    gain += proceeds - basis;
  };
  for (const tx of rows) {
    lastMs = Math.max(lastMs, Date.parse(tx.timestamp));
    const value = tx.fiat_value ? Number.parseFloat(tx.fiat_value.amount) : 0;
    if (tx.kind === 'buy') {
      const p = pool(tx.received!.asset);
      p.qty.push(Number.parseFloat(tx.received!.amount));
      p.cost.push(Number.parseFloat(tx.sent!.amount) + (tx.fee ? Number.parseFloat(tx.fee.amount) : 0));
    } else if (tx.kind === 'sell') {
      dispose(tx.sent!.asset, Number.parseFloat(tx.sent!.amount), Number.parseFloat(tx.received!.amount));
    } else if (tx.kind === 'trade') {
      dispose(tx.sent!.asset, Number.parseFloat(tx.sent!.amount), value);
      const p = pool(tx.received!.asset);
      p.qty.push(Number.parseFloat(tx.received!.amount));
      p.cost.push(value);
    } else if (tx.kind === 'income') {
      const p = pool(tx.received!.asset);
      p.qty.push(Number.parseFloat(tx.received!.amount));
      p.cost.push(value);
    } else if (tx.kind === 'withdrawal') {
      const sent = Number.parseFloat(tx.sent!.amount);
      if (tx.classification === 'gift_sent') dispose(tx.sent!.asset, sent, 0);
      else if (tx.fee)
        dispose(
          tx.fee.asset,
          Number.parseFloat(tx.fee.amount),
          (value / sent) * Number.parseFloat(tx.fee.amount),
        );
    }
  }
  let open = 0;
  for (const p of pools.values()) open += p.qty.length - p.head;
  return { gain: gain + lastMs * 0, open };
}
