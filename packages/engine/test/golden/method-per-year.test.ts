import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, sell, year } from '../helpers.ts';

/*
 * FIFO through 2020, LIFO from 2021 ("2020:fifo,2021:lifo"; the first entry also covers 2019).
 *   A 2019-03-01 1 ETH cost 100     B 2019-06-01 1 ETH cost 200
 *   C 2020-09-01 1 ETH cost 400
 *   S1 2019-12-01 sells 0.5 ETH for 150 → year 2019 uses FIFO (first entry covers earlier years):
 *      A 0.5 → basis 50, gain 100, short
 *   S2 2020-10-01 sells 1 ETH for 500 → FIFO: A 0.5 (50, long: 2019-03-01 → 2020-10-01)
 *      + B 0.5 (100, long: 2019-06-01 → 2020-10-01). Both long → one line basis 150, gain 350
 *   S3 2021-02-01 sells 1 ETH for 600 → LIFO: C 1 (400, short), gain 200
 */
const rows = [
  buy('A', '2019-03-01T00:00:00Z', '1', 'ETH', '100'),
  buy('B', '2019-06-01T00:00:00Z', '1', 'ETH', '200'),
  sell('S1', '2019-12-01T00:00:00Z', '0.5', 'ETH', '150'),
  buy('C', '2020-09-01T00:00:00Z', '1', 'ETH', '400'),
  sell('S2', '2020-10-01T00:00:00Z', '1', 'ETH', '500'),
  sell('S3', '2021-02-01T00:00:00Z', '1', 'ETH', '600'),
];

describe('golden: method chosen per tax year', () => {
  it('applies each entry from its year until the next', () => {
    const result = calculate(rows, {
      method: [
        { fromYear: 2020, method: 'fifo' },
        { fromYear: 2021, method: 'lifo' },
      ],
    });
    expect(year(result, 2019).disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'ETH',
        amount: '0.5',
        proceeds: '150',
        costBasis: '50',
        gain: '100',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(year(result, 2020).disposals.map(brief)).toEqual([
      {
        txId: 'S2',
        asset: 'ETH',
        amount: '1',
        proceeds: '500',
        costBasis: '150',
        gain: '350',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(year(result, 2021).disposals.map(brief)).toEqual([
      {
        txId: 'S3',
        asset: 'ETH',
        amount: '1',
        proceeds: '600',
        costBasis: '400',
        gain: '200',
        term: 'short',
        category: 'sale',
      },
    ]);
    // What is left: B 0.5 ETH at basis 100.
    expect(result.holdings.map((h) => [h.lotId, h.amount, h.costBasis])).toEqual([['B', '0.5', '100']]);
  });
});
