import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { allocationCsv, form8949Rows } from '../../src/form8949.ts';
import { buy, sell, year } from '../helpers.ts';

/*
 * One sale of 3 ETH for 6,000 (2,000 each) on 2024-09-01, FIFO, from three lots:
 *   E1 2023-01-01 1 ETH 1,000 (long)   E2 2023-05-01 1 ETH 1,500 (long)   E3 2024-02-01 2 ETH 5,000 (short)
 * Per sale and term: long  2 ETH, VARIOUS, proceeds 4,000, basis 2,500, gain 1,500
 *                    short 1 ETH, 2024-02-01, proceeds 2,000, basis 2,500, gain −500
 * Per lot: E1 2,000 − 1,000 = 1,000 ; E2 2,000 − 1,500 = 500 ; E3 as above.
 */
describe('golden: Form 8949 grouping', () => {
  const result = calculate([
    buy('E1', '2023-01-01T00:00:00Z', '1', 'ETH', '1000'),
    buy('E2', '2023-05-01T00:00:00Z', '1', 'ETH', '1500'),
    buy('E3', '2024-02-01T00:00:00Z', '2', 'ETH', '5000'),
    sell('S', '2024-09-01T00:00:00Z', '3', 'ETH', '6000'),
  ]);
  const lines = year(result, 2024).disposals;

  it('groups one line per sale and term, VARIOUS when dates differ', () => {
    expect(
      form8949Rows(lines).map((r) => [
        r.term,
        r.description,
        r.dateAcquired,
        r.proceeds,
        r.costBasis,
        r.gain,
      ]),
    ).toEqual([
      ['short', '1 ETH', '2024-02-01', '2000', '2500', '-500'],
      ['long', '2 ETH', 'VARIOUS', '4000', '2500', '1500'],
    ]);
  });

  it('can list every lot on its own row', () => {
    expect(
      form8949Rows(lines, 'per-lot').map((r) => [r.term, r.description, r.dateAcquired, r.proceeds, r.gain]),
    ).toEqual([
      ['short', '1 ETH', '2024-02-01', '2000', '-500'],
      ['long', '1 ETH', '2023-01-01', '2000', '1000'],
      ['long', '1 ETH', '2023-05-01', '2000', '500'],
    ]);
  });

  it('writes the allocation record as CSV', () => {
    const csv = allocationCsv({
      effectiveDate: '2025-01-01',
      rule: 'stay-oldest-first',
      entries: [
        {
          wallet: 'Cold, 1',
          asset: 'BTC',
          lotId: 'b1',
          acquiredAt: '2023-01-01',
          acquiredTimestamp: '',
          amount: '1',
          costBasis: '100',
        },
      ],
    });
    expect(csv).toBe(
      'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis\n2025-01-01,stay-oldest-first,"Cold, 1",BTC,b1,2023-01-01,1,100\n',
    );
  });
});
