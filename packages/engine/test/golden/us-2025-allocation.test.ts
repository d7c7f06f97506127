import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, sell, year } from '../helpers.ts';

/*
 * US default: universal through 2024-12-31, per wallet from 2025-01-01, with the basis still
 * in the universal pool allocated to wallets by one written rule (Rev. Proc. 2024-28).
 *   L1 2023-01-01 A buys 1 BTC for 10,000 (unit 10,000)
 *   L2 2023-06-01 B buys 1 BTC for  5,000 (unit  5,000)
 *   L3 2024-01-01 A buys 2 BTC for 40,000 (unit 20,000)
 *   S1 2024-06-01 B sells 0.5 BTC for 25,000 — universal FIFO: L1 0.5 (basis 5,000, long), gain 20,000
 * At 2025-01-01 wallets hold A 3 BTC, B 0.5 BTC; pool: L1 0.5 (5,000), L2 1 (5,000), L3 2 (40,000).
 *
 * "stay-oldest-first": oldest lots first, to the wallet they were acquired in while it has room:
 *   L1 0.5 → A (room 2.5) ; L2 → B only 0.5 (basis 2,500) ; L3 2 → A (room 0.5)
 *   left: L2 0.5 (2,500) → the first wallet with room: A
 *   A = L1 0.5 (5,000) + L3 2 (40,000) + L2 0.5 (2,500) ; B = L2 0.5 (2,500)
 * "lowest-cost-largest-holding": cheapest lots first, largest wallet first:
 *   L2 1 (5,000) → A (room 2) ; L1 0.5 (5,000) → A (room 1.5) ; L3: 1.5 (30,000) → A, 0.5 (10,000) → B
 *
 * S2 2025-02-01 B sells 0.5 BTC for 50,000 (per wallet, FIFO):
 *   stay-oldest-first : B's L2 0.5 (2,500, 2023-06-01, long)  → gain 47,500
 *   lowest-cost       : B's L3 0.5 (10,000, 2024-01-01, long) → gain 40,000
 *   plain universal   : pool's oldest L1 0.5 (5,000)          → gain 45,000
 */
const rows = [
  buy('L1', '2023-01-01T00:00:00Z', '1', 'BTC', '10000', { wallet: 'A' }),
  buy('L2', '2023-06-01T00:00:00Z', '1', 'BTC', '5000', { wallet: 'B' }),
  buy('L3', '2024-01-01T00:00:00Z', '2', 'BTC', '40000', { wallet: 'A' }),
  sell('S1', '2024-06-01T00:00:00Z', '0.5', 'BTC', '25000', { wallet: 'B' }),
  sell('S2', '2025-02-01T00:00:00Z', '0.5', 'BTC', '50000', { wallet: 'B' }),
];

describe('golden: us-2025 transition and allocation', () => {
  it('allocates "lots stay where the units are, oldest first"', () => {
    const result = calculate(rows, { basis: 'us-2025', allocationRule: 'stay-oldest-first' });
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '25000',
        costBasis: '5000',
        gain: '20000',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(result.allocation?.effectiveDate).toBe('2025-01-01');
    expect(result.allocation?.rule).toBe('stay-oldest-first');
    expect(
      result.allocation?.entries.map((e) => [e.wallet, e.lotId, e.amount, e.costBasis, e.acquiredAt]),
    ).toEqual([
      ['A', 'L1', '0.5', '5000', '2023-01-01'],
      ['B', 'L2', '0.5', '2500', '2023-06-01'],
      ['A', 'L3', '2', '40000', '2024-01-01'],
      ['A', 'L2', '0.5', '2500', '2023-06-01'],
    ]);
    expect(year(result, 2025).disposals.map(brief)).toEqual([
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '50000',
        costBasis: '2500',
        gain: '47500',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('allocates "lowest cost to the largest holding"', () => {
    const result = calculate(rows, { basis: 'us-2025', allocationRule: 'lowest-cost-largest-holding' });
    expect(result.allocation?.entries.map((e) => [e.wallet, e.lotId, e.amount, e.costBasis])).toEqual([
      ['A', 'L2', '1', '5000'],
      ['A', 'L1', '0.5', '5000'],
      ['A', 'L3', '1.5', '30000'],
      ['B', 'L3', '0.5', '10000'],
    ]);
    expect(year(result, 2025).disposals.map(brief)).toEqual([
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '50000',
        costBasis: '10000',
        gain: '40000',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(result.holdings.map((h) => [h.wallet, h.lotId, h.amount, h.costBasis])).toEqual([
      ['A', 'L1', '0.5', '5000'],
      ['A', 'L2', '1', '5000'],
      ['A', 'L3', '1.5', '30000'],
    ]);
  });

  it('differs from staying universal', () => {
    const result = calculate(rows, { basis: 'universal' });
    expect(result.allocation).toBeNull();
    expect(year(result, 2025).disposals.map((d) => d.gain)).toEqual(['45000']);
  });

  it('accepts another effective date', () => {
    // Switching on 2024-06-01 (before S1): B holds only L2 → S1 uses L2 0.5 (2,500) instead of L1.
    const result = calculate(rows, { basis: 'us-2025', perWalletFrom: '2024-06-01' });
    expect(year(result, 2024).disposals.map((d) => [d.costBasis, d.lots[0]!.lotId])).toEqual([
      ['2500', 'L2'],
    ]);
  });
});
