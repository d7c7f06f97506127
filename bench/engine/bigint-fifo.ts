import type { EngineTransaction } from '@lotwise/engine/types';

/**
 * An experiment, not the engine: the same bare universal FIFO loop as float-fifo.ts, but exact,
 * in bigint fixed point (18 decimal places). It shows what an exact core costs without
 * decimal.js, to judge the "within 3× of floats" target. No validation, no audit trail.
 */
const SCALE = 10n ** 18n;

function fixed(text: string): bigint {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot + 1, dot + 19);
  const value = BigInt(whole || '0') * SCALE + BigInt(fraction.padEnd(18, '0') || '0');
  return negative ? -value : value;
}

export function bigintFifo(rows: readonly EngineTransaction[]): { gain: bigint; open: number } {
  const pools = new Map<string, { qty: bigint[]; cost: bigint[]; head: number }>();
  const pool = (asset: string) => {
    let p = pools.get(asset);
    if (!p) {
      p = { qty: [], cost: [], head: 0 };
      pools.set(asset, p);
    }
    return p;
  };
  let gain = 0n;
  const dispose = (asset: string, amount: bigint, proceeds: bigint) => {
    const p = pool(asset);
    let left = amount;
    let basis = 0n;
    while (left > 0n && p.head < p.qty.length) {
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
        left = 0n;
      }
    }
    gain += proceeds - basis;
  };
  for (const tx of rows) {
    Date.parse(tx.timestamp);
    const value = tx.fiat_value ? fixed(tx.fiat_value.amount) : 0n;
    if (tx.kind === 'buy') {
      const p = pool(tx.received!.asset);
      p.qty.push(fixed(tx.received!.amount));
      p.cost.push(fixed(tx.sent!.amount) + (tx.fee ? fixed(tx.fee.amount) : 0n));
    } else if (tx.kind === 'sell') {
      dispose(tx.sent!.asset, fixed(tx.sent!.amount), fixed(tx.received!.amount));
    } else if (tx.kind === 'trade') {
      dispose(tx.sent!.asset, fixed(tx.sent!.amount), value);
      const p = pool(tx.received!.asset);
      p.qty.push(fixed(tx.received!.amount));
      p.cost.push(value);
    } else if (tx.kind === 'income') {
      const p = pool(tx.received!.asset);
      p.qty.push(fixed(tx.received!.amount));
      p.cost.push(value);
    } else if (tx.kind === 'withdrawal') {
      const sent = fixed(tx.sent!.amount);
      if (tx.classification === 'gift_sent') dispose(tx.sent!.asset, sent, 0n);
      else if (tx.fee) {
        const fee = fixed(tx.fee.amount);
        dispose(tx.fee.asset, fee, (value * fee) / sent);
      }
    }
  }
  let open = 0;
  for (const p of pools.values()) open += p.qty.length - p.head;
  return { gain, open };
}
