import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import { Dec } from '../src/decimal.ts';
import type { CalculationResult, EngineTransaction } from '../src/types.ts';
import { basisArb, historyArb, methodArb } from './generators.ts';

const RUNS = { numRuns: 120 };

function sum(values: Iterable<string>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.plus(v);
  return total;
}

function allLines(result: CalculationResult) {
  return Object.values(result.years).flatMap((y) => y.disposals);
}

/** Units that entered minus units that left, per asset, read straight from the input. */
function netUnits(txs: readonly EngineTransaction[]): Map<string, Dec> {
  const net = new Map<string, Dec>();
  const add = (asset: string, d: Dec) => net.set(asset, (net.get(asset) ?? new Dec(0)).plus(d));
  for (const tx of txs) {
    if (tx.sent && tx.sent.asset !== 'USD') add(tx.sent.asset, new Dec(tx.sent.amount).neg());
    if (tx.received && tx.received.asset !== 'USD') add(tx.received.asset, new Dec(tx.received.amount));
    if (tx.fee && tx.fee.asset !== 'USD') add(tx.fee.asset, new Dec(tx.fee.amount).neg());
  }
  return net;
}

/** Basis that entered: buys (fiat + fee), income and trade values. */
function basisIn(txs: readonly EngineTransaction[]): Dec {
  let total = new Dec(0);
  for (const tx of txs) {
    if (tx.kind === 'buy') total = total.plus(tx.sent!.amount).plus(tx.fee?.amount ?? 0);
    if (tx.kind === 'income' || tx.kind === 'trade') total = total.plus(tx.fiat_value!.amount);
  }
  return total;
}

describe('properties', () => {
  it('conserves units: holdings = units in − units out, and nothing is sold without buy', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (txs, method, basis) => {
        const result = calculate(txs, { method, basis });
        expect(result.warnings).toEqual([]);
        for (const [asset, expected] of netUnits(txs)) {
          const held = sum(result.holdings.filter((h) => h.asset === asset).map((h) => h.amount));
          expect(held.toFixed()).toBe(expected.toFixed());
        }
      }),
      RUNS,
    );
  });

  it('conserves basis: basis in = basis of every disposal line + basis still held', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (txs, method, basis) => {
        const result = calculate(txs, { method, basis });
        const out = sum(allLines(result).map((l) => l.costBasis)).plus(
          sum(result.holdings.map((h) => h.costBasis)),
        );
        expect(out.toFixed()).toBe(basisIn(txs).toFixed());
      }),
      RUNS,
    );
  });

  it('keeps every line consistent: gain = proceeds − basis, lots add up, totals add up', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (txs, method, basis) => {
        const result = calculate(txs, { method, basis });
        for (const year of Object.values(result.years)) {
          let short = new Dec(0);
          let long = new Dec(0);
          for (const line of year.disposals) {
            expect(sum(line.lots.map((l) => l.amount)).toFixed()).toBe(new Dec(line.amount).toFixed());
            expect(sum(line.lots.map((l) => l.costBasis)).toFixed()).toBe(new Dec(line.costBasis).toFixed());
            if (!line.taxable) continue;
            expect(new Dec(line.proceeds).minus(line.costBasis).toFixed()).toBe(new Dec(line.gain).toFixed());
            if (line.term === 'long') long = long.plus(line.gain);
            else short = short.plus(line.gain);
          }
          expect(short.toFixed()).toBe(new Dec(year.shortTermGain).toFixed());
          expect(long.toFixed()).toBe(new Dec(year.longTermGain).toFixed());
        }
      }),
      RUNS,
    );
  });

  it('proceeds and income do not depend on the method or the application', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (txs, method, basis) => {
        const reference = calculate(txs);
        const other = calculate(txs, { method, basis });
        for (const [y, summary] of Object.entries(reference.years)) {
          expect(other.years[y]!.proceeds).toBe(summary.proceeds);
          expect(other.years[y]!.income).toBe(summary.income);
        }
      }),
      RUNS,
    );
  });

  it('does not depend on import order', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, fc.integer(), (txs, method, basis, seed) => {
        const shuffled = [...txs];
        let state = seed >>> 0 || 1;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (state * 1_103_515_245 + 12_345) >>> 0;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const a = calculate(txs, { method, basis });
        const b = calculate(shuffled, { method, basis });
        expect(b.years).toEqual(a.years);
        expect(b.holdings).toEqual(a.holdings);
        expect(b.warnings.filter((w) => w.code !== 'out_of_order')).toEqual(a.warnings);
      }),
      RUNS,
    );
  });

  it('resuming from a checkpoint gives the same later years and holdings', () => {
    fc.assert(
      fc.property(
        historyArb,
        methodArb,
        basisArb,
        fc.integer({ min: 2020, max: 2024 }),
        (txs, method, basis, y) => {
          const day = `${y}-07-01`;
          const full = calculate(txs, { method, basis, checkpoints: [day] });
          const checkpoint = JSON.parse(JSON.stringify(full.checkpoints[0]));
          const resumed = calculate(txs, { method, basis, resumeFrom: checkpoint });
          expect(resumed.holdings).toEqual(full.holdings);
          for (const [year, summary] of Object.entries(resumed.years)) {
            if (Number(year) > y) expect(summary).toEqual(full.years[year]);
          }
          const later = (s: string) => s >= day;
          expect(resumed.years[String(y)]?.disposals ?? []).toEqual(
            (full.years[String(y)]?.disposals ?? []).filter((d) => later(d.disposedAt)),
          );
        },
      ),
      RUNS,
    );
  });
});
