import fc from 'fast-check';
import { Dec } from '../src/decimal.ts';
import type { EngineTransaction } from '../src/types.ts';

/** Random but balance-respecting histories for property tests (no sell ever exceeds a wallet). */
export const WALLETS = ['A', 'B', 'C'];
export const ASSETS = ['BTC', 'ETH', 'SOL'];

type Op =
  | { t: 'buy'; w: number; a: number; qty: number; price: number; fee: number }
  | { t: 'sell'; w: number; a: number; pct: number; price: number }
  | { t: 'trade'; w: number; a: number; b: number; pct: number; price: number; rate: number }
  | { t: 'income'; w: number; a: number; qty: number; price: number }
  | { t: 'gift'; w: number; a: number; pct: number }
  | { t: 'transfer'; w: number; to: number; a: number; pct: number; feePermille: number; price: number };

const wallet = fc.integer({ min: 0, max: 2 });
const asset = fc.integer({ min: 0, max: 2 });
const pct = fc.integer({ min: 1, max: 100 });
const price = fc.integer({ min: 1, max: 100_000 });

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('buy' as const),
      w: wallet,
      a: asset,
      qty: fc.integer({ min: 1, max: 100_000 }),
      price,
      fee: fc.integer({ min: 0, max: 50 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('sell' as const), w: wallet, a: asset, pct, price }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('trade' as const),
      w: wallet,
      a: asset,
      b: asset,
      pct,
      price,
      rate: fc.integer({ min: 1, max: 10_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('income' as const),
      w: wallet,
      a: asset,
      qty: fc.integer({ min: 1, max: 10_000 }),
      price,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('gift' as const), w: wallet, a: asset, pct }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('transfer' as const),
      w: wallet,
      to: wallet,
      a: asset,
      pct,
      feePermille: fc.integer({ min: 0, max: 20 }),
      price,
    }),
  },
);

const floor8 = (d: Dec): Dec => d.toDecimalPlaces(8, Dec.ROUND_DOWN);

/** Turns random intents into transactions, tracking balances so amounts never exceed them. */
export function buildHistory(ops: readonly Op[], gapsHours: readonly number[]): EngineTransaction[] {
  const balances = new Map<string, Dec>();
  const bal = (w: string, a: string) => balances.get(`${w}|${a}`) ?? new Dec(0);
  const add = (w: string, a: string, d: Dec) => balances.set(`${w}|${a}`, bal(w, a).plus(d));
  const out: EngineTransaction[] = [];
  let ms = Date.UTC(2020, 0, 1);
  ops.forEach((o, i) => {
    ms += (gapsHours[i % gapsHours.length] ?? 1) * 3_600_000;
    const at = new Date(ms).toISOString();
    const w = WALLETS[o.w]!;
    const a = ASSETS[o.a]!;
    const id = `t${i}`;
    const share = (p: number) => floor8(bal(w, a).times(p).div(100));
    switch (o.t) {
      case 'buy': {
        const qty = new Dec(o.qty).div(1000);
        const cost = qty.times(o.price).toDecimalPlaces(2);
        out.push({
          id,
          wallet: w,
          timestamp: at,
          kind: 'buy',
          sent: { asset: 'USD', amount: cost.toFixed() },
          received: { asset: a, amount: qty.toFixed() },
          fee: o.fee ? { asset: 'USD', amount: String(o.fee) } : null,
        });
        add(w, a, qty);
        break;
      }
      case 'sell': {
        const qty = share(o.pct);
        if (qty.isZero()) return;
        out.push({
          id,
          wallet: w,
          timestamp: at,
          kind: 'sell',
          sent: { asset: a, amount: qty.toFixed() },
          received: { asset: 'USD', amount: qty.times(o.price).toDecimalPlaces(2).toFixed() },
        });
        add(w, a, qty.neg());
        break;
      }
      case 'trade': {
        const b = ASSETS[o.b]!;
        const qty = share(o.pct);
        if (qty.isZero() || a === b) return;
        const got = floor8(qty.times(o.rate).div(100));
        if (got.isZero()) return;
        out.push({
          id,
          wallet: w,
          timestamp: at,
          kind: 'trade',
          sent: { asset: a, amount: qty.toFixed() },
          received: { asset: b, amount: got.toFixed() },
          fiat_value: { currency: 'USD', amount: qty.times(o.price).toDecimalPlaces(2).toFixed() },
        });
        add(w, a, qty.neg());
        add(w, b, got);
        break;
      }
      case 'income': {
        const qty = new Dec(o.qty).div(1000);
        out.push({
          id,
          wallet: w,
          timestamp: at,
          kind: 'income',
          received: { asset: a, amount: qty.toFixed() },
          fiat_value: { currency: 'USD', amount: qty.times(o.price).toDecimalPlaces(2).toFixed() },
          classification: 'staking_reward',
        });
        add(w, a, qty);
        break;
      }
      case 'gift': {
        const qty = share(o.pct);
        if (qty.isZero()) return;
        out.push({
          id,
          wallet: w,
          timestamp: at,
          kind: 'withdrawal',
          sent: { asset: a, amount: qty.toFixed() },
          classification: 'gift_sent',
        });
        add(w, a, qty.neg());
        break;
      }
      case 'transfer': {
        const to = WALLETS[o.to]!;
        const leaving = share(o.pct);
        if (leaving.isZero() || to === w) return;
        const fee = floor8(leaving.times(o.feePermille).div(1000));
        const sent = leaving.minus(fee);
        out.push({
          id: `${id}o`,
          wallet: w,
          timestamp: at,
          kind: 'withdrawal',
          sent: { asset: a, amount: sent.toFixed() },
          fee: fee.isZero() ? null : { asset: a, amount: fee.toFixed() },
          fiat_value: { currency: 'USD', amount: sent.times(o.price).toDecimalPlaces(2).toFixed() },
          classification: 'self_transfer',
          pairId: id,
        });
        out.push({
          id: `${id}i`,
          wallet: to,
          timestamp: new Date(ms + 60_000).toISOString(),
          kind: 'deposit',
          received: { asset: a, amount: sent.toFixed() },
          classification: 'self_transfer',
          pairId: id,
        });
        add(w, a, leaving.neg());
        add(to, a, sent);
        break;
      }
    }
  });
  return out;
}

export const historyArb = fc
  .tuple(
    fc.array(op, { minLength: 1, maxLength: 60 }),
    fc.array(fc.integer({ min: 2, max: 2000 }), { minLength: 1, maxLength: 10 }),
  )
  .map(([ops, gaps]) => buildHistory(ops, gaps));

export const methodArb = fc.constantFrom('fifo' as const, 'lifo' as const, 'hifo' as const, 'lofo' as const);
export const basisArb = fc.constantFrom('universal' as const, 'per-wallet' as const, 'us-2025' as const);
