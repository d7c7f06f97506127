import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { buy, sell, year } from '../helpers.ts';

/*
 * Issue 35.2: the Safe Harbor allocation is made at 1 January 2025 whenever the calculation
 * reaches that day with holdings, also when the history ends in 2024 (no 2025 row at all).
 * The same three-wallet history, checked by hand, with and without a 2025 row:
 *   B1 2023-03-01 A buys 2 ETH for 3,000 (unit 1,500)
 *   B2 2023-09-01 B buys 1 BTC for 26,000
 *   B3 2024-02-01 C buys 4 ETH for 10,000 (unit 2,500)
 *   B4 2024-05-01 B buys 1 ETH for 3,000
 *   S1 2024-08-01 C sells 1 ETH for 2,600 — universal FIFO: B1 1 ETH (1,500), gain 1,100
 * Held on 31 December 2024: A 2 ETH, B 1 BTC + 1 ETH, C 3 ETH. ETH pool: B1 1 (1,500), B3 4 (10,000),
 * B4 1 (3,000); BTC pool: B2 1 (26,000).
 * "stay-oldest-first" (oldest first, to its own wallet while it has room, then by wallet name):
 *   ETH: B1 1 → A (room 1 left); B3 4 → C 3 (7,500), rest 1 (2,500); B4 1 → B; rest B3 1 → A
 *   BTC: B2 1 → B
 *   A = B1 1 (1,500) + B3 1 (2,500) = 2 ETH, 4,000; B = 1 ETH 3,000 + 1 BTC 26,000; C = 3 ETH 7,500
 * "lowest-cost-largest-holding" (cheapest lots first, largest wallet first):
 *   ETH wallets by size: C 3, A 2, B 1; lots by unit cost: B1 1,500, B3 2,500, B4 3,000
 *   B1 1 → C (1,500); B3: 2 → C (5,000), 2 → A (5,000); B4 1 → B (3,000)
 *   A = 2 ETH 5,000; B = 1 ETH 3,000 + 1 BTC 26,000; C = 3 ETH 6,500
 */
const history = [
  buy('B1', '2023-03-01T00:00:00Z', '2', 'ETH', '3000', { wallet: 'A' }),
  buy('B2', '2023-09-01T00:00:00Z', '1', 'BTC', '26000', { wallet: 'B' }),
  buy('B3', '2024-02-01T00:00:00Z', '4', 'ETH', '10000', { wallet: 'C' }),
  buy('B4', '2024-05-01T00:00:00Z', '1', 'ETH', '3000', { wallet: 'B' }),
  sell('S1', '2024-08-01T00:00:00Z', '1', 'ETH', '2600', { wallet: 'C' }),
];
/** A 2025 sale from C: per wallet FIFO takes C's oldest allocated lot. */
const with2025 = [...history, sell('S2', '2025-03-01T00:00:00Z', '1', 'ETH', '3500', { wallet: 'C' })];

type Totals = Record<string, { amount: number; basis: number }>;
function perWallet(
  entries: ReadonlyArray<{ wallet: string; asset: string; amount: string; costBasis: string }>,
) {
  const out: Totals = {};
  for (const e of entries) {
    const key = `${e.wallet} ${e.asset}`;
    const t = out[key] ?? { amount: 0, basis: 0 };
    t.amount += Number(e.amount);
    t.basis += Number(e.costBasis);
    out[key] = t;
  }
  return out;
}

const STAY: Totals = {
  'A ETH': { amount: 2, basis: 4000 },
  'B BTC': { amount: 1, basis: 26000 },
  'B ETH': { amount: 1, basis: 3000 },
  'C ETH': { amount: 3, basis: 7500 },
};
const LOWEST: Totals = {
  'A ETH': { amount: 2, basis: 5000 },
  'B BTC': { amount: 1, basis: 26000 },
  'B ETH': { amount: 1, basis: 3000 },
  'C ETH': { amount: 3, basis: 6500 },
};

describe('golden: us-2025 allocation when the history ends in 2024 (issue 35.2)', () => {
  for (const [rule, expected] of [
    ['stay-oldest-first', STAY],
    ['lowest-cost-largest-holding', LOWEST],
  ] as const) {
    it(`allocates at 2025-01-01 without any 2025 row (${rule})`, () => {
      const result = calculate(history, { basis: 'us-2025', allocationRule: rule });
      expect(result.allocation?.effectiveDate).toBe('2025-01-01');
      expect(result.allocation?.rule).toBe(rule);
      expect(perWallet(result.allocation!.entries)).toEqual(expected);
      expect(year(result, 2024).disposals.map((d) => [d.txId, d.costBasis, d.gain])).toEqual([
        ['S1', '1500', '1100'],
      ]);
      // The holdings are the allocated per-wallet lots.
      expect(perWallet(result.holdings)).toEqual(expected);
      expect(result.warnings).toEqual([]);
    });

    it(`makes the same allocation with a 2025 row (${rule})`, () => {
      const without = calculate(history, { basis: 'us-2025', allocationRule: rule });
      const result = calculate(with2025, { basis: 'us-2025', allocationRule: rule });
      expect(result.allocation).toEqual(without.allocation);
    });
  }

  it('sells from the allocated lots in 2025', () => {
    // stay-oldest-first: C holds B3 3 ETH (7,500, 2024-02-01) → 1 ETH basis 2,500, gain 1,000, long term.
    const stay = calculate(with2025, { basis: 'us-2025', allocationRule: 'stay-oldest-first' });
    expect(year(stay, 2025).disposals.map((d) => [d.txId, d.costBasis, d.gain, d.term])).toEqual([
      ['S2', '2500', '1000', 'long'],
    ]);
    // lowest cost: C holds B1 1 (1,500, 2023-03-01) first → basis 1,500, gain 2,000, long term.
    const low = calculate(with2025, { basis: 'us-2025', allocationRule: 'lowest-cost-largest-holding' });
    expect(year(low, 2025).disposals.map((d) => [d.txId, d.costBasis, d.gain, d.term])).toEqual([
      ['S2', '1500', '2000', 'long'],
    ]);
  });

  it('resuming from a 2025 checkpoint gives the same record', () => {
    const full = calculate(history, {
      basis: 'us-2025',
      checkpoints: ['2024-01-01', '2025-01-01', '2026-01-01'],
    });
    const resumed = calculate(history, { basis: 'us-2025', resumeFrom: full.checkpoints[1]! });
    expect(resumed.allocation).toEqual(full.allocation);
    const later = calculate(history, { basis: 'us-2025', resumeFrom: full.checkpoints[2]! });
    expect(later.allocation).toEqual(full.allocation);
  });

  it('allocates nothing when nothing is held', () => {
    const sold = [
      buy('X1', '2024-01-01T00:00:00Z', '1', 'ETH', '2000', { wallet: 'A' }),
      sell('X2', '2024-02-01T00:00:00Z', '1', 'ETH', '2500', { wallet: 'A' }),
    ];
    expect(calculate(sold, { basis: 'us-2025' }).allocation).toBeNull();
  });

  it('stays universal when asked to', () => {
    expect(calculate(history, { basis: 'universal' }).allocation).toBeNull();
  });
});
