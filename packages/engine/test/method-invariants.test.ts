import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import { Dec, moneyShare } from '../src/decimal.ts';
import type { EngineTransaction, LotMethodName } from '../src/types.ts';
import { methodArb } from './generators.ts';

interface RefLot {
  ms: number;
  seq: number;
  qty: Dec;
  basis: Dec;
}

/** A deliberately naive model of each method: scan every open lot, pick the best one. */
function referenceBasis(txs: EngineTransaction[], method: LotMethodName): Map<string, Dec> {
  const lots: RefLot[] = [];
  const out = new Map<string, Dec>();
  const better = (a: RefLot, b: RefLot): boolean => {
    const older = a.ms < b.ms || (a.ms === b.ms && a.seq < b.seq);
    const cmp = a.basis.div(a.qty).cmp(b.basis.div(b.qty));
    switch (method) {
      case 'fifo':
        return older;
      case 'lifo':
        return !older;
      case 'hifo':
        return cmp === 0 ? older : cmp > 0;
      case 'lofo':
        return cmp === 0 ? older : cmp < 0;
    }
  };
  txs.forEach((tx, seq) => {
    const ms = Date.parse(tx.timestamp);
    if (tx.kind === 'buy') {
      lots.push({ ms, seq, qty: new Dec(tx.received!.amount), basis: new Dec(tx.sent!.amount) });
      return;
    }
    let left = new Dec(tx.sent!.amount);
    let basis = new Dec(0);
    while (left.gt(0)) {
      const open = lots.filter((l) => l.qty.gt(0));
      if (open.length === 0) break;
      const best = open.reduce((a, b) => (better(a, b) ? a : b));
      if (best.qty.lte(left)) {
        basis = basis.plus(best.basis);
        left = left.minus(best.qty);
        best.qty = new Dec(0);
      } else {
        const part = moneyShare(best.basis, left, best.qty);
        best.qty = best.qty.minus(left);
        best.basis = best.basis.minus(part);
        basis = basis.plus(part);
        left = new Dec(0);
      }
    }
    out.set(tx.id, basis);
  });
  return out;
}

const step = fc.record({
  sell: fc.boolean(),
  qty: fc.integer({ min: 1, max: 5000 }),
  cost: fc.integer({ min: 1, max: 1_000_000 }),
  hours: fc.integer({ min: 1, max: 9000 }),
});

function history(
  steps: Array<{ sell: boolean; qty: number; cost: number; hours: number }>,
): EngineTransaction[] {
  let ms = Date.UTC(2019, 0, 1);
  return steps.map((s, i) => {
    ms += s.hours * 3_600_000;
    const timestamp = new Date(ms).toISOString();
    const qty = new Dec(s.qty).div(100).toFixed();
    return s.sell
      ? {
          id: `s${i}`,
          wallet: 'W',
          timestamp,
          kind: 'sell',
          sent: { asset: 'BTC', amount: qty },
          received: { asset: 'USD', amount: '1' },
        }
      : {
          id: `b${i}`,
          wallet: 'W',
          timestamp,
          kind: 'buy',
          sent: { asset: 'USD', amount: String(s.cost) },
          received: { asset: 'BTC', amount: qty },
        };
  });
}

describe('method invariants', () => {
  it('each method consumes exactly the lots a naive reference model picks', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 50 }), methodArb, (steps, method) => {
        const txs = history(steps);
        const expected = referenceBasis(txs, method);
        const result = calculate(txs, { method });
        const actual = new Map<string, Dec>();
        for (const y of Object.values(result.years)) {
          for (const line of y.disposals)
            actual.set(line.txId, (actual.get(line.txId) ?? new Dec(0)).plus(line.costBasis));
        }
        for (const [id, basis] of expected)
          expect((actual.get(id) ?? new Dec(0)).toFixed()).toBe(basis.toFixed());
      }),
      { numRuns: 150 },
    );
  });

  it('on one sale from the same lots, HIFO basis is the highest and LOFO the lowest', () => {
    fc.assert(
      fc.property(
        fc.array(
          step.map((s) => ({ ...s, sell: false })),
          { minLength: 1, maxLength: 20 },
        ),
        fc.integer({ min: 1, max: 100 }),
        (steps, pct) => {
          const buys = history(steps);
          const total = buys.reduce((t, tx) => t.plus(tx.received!.amount), new Dec(0));
          const qty = total.times(pct).div(100).toDecimalPlaces(8, Dec.ROUND_DOWN);
          if (qty.isZero()) return;
          const txs = [
            ...buys,
            {
              id: 'S',
              wallet: 'W',
              timestamp: '2040-01-01T00:00:00Z',
              kind: 'sell',
              sent: { asset: 'BTC', amount: qty.toFixed() },
              received: { asset: 'USD', amount: '1' },
            },
          ];
          const basisBy = (method: LotMethodName) =>
            calculate(txs, { method }).years['2040']!.disposals.reduce(
              (t, l) => t.plus(l.costBasis),
              new Dec(0),
            );
          const hifo = basisBy('hifo');
          const lofo = basisBy('lofo');
          for (const other of [basisBy('fifo'), basisBy('lifo')]) {
            expect(hifo.gte(other)).toBe(true);
            expect(lofo.lte(other)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
