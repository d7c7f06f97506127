import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, sell, totals, year } from '../helpers.ts';

/*
 * Three BTC lots, then one sale of 1.5 BTC for 9,000 USD on 2024-06-01.
 *   L1 2023-01-10  1 BTC  cost 20,000 + 10 fee = 20,010   unit 20,010  (long term at sale)
 *   L2 2024-02-01  1 BTC  cost 40,000                      unit 40,000  (short)
 *   L3 2024-03-01  2 BTC  cost 50,000                      unit 25,000  (short)
 * Proceeds are split across terms by quantity: 9,000 / 1.5 = 6,000 per BTC.
 *
 * FIFO: L1 1 (20,010, long) + L2 0.5 (20,000, short)
 *   long  : proceeds 6,000, basis 20,010, gain −14,010
 *   short : proceeds 3,000, basis 20,000, gain −17,000
 * LIFO: L3 1.5 (1.5/2 × 50,000 = 37,500, short) → gain 9,000 − 37,500 = −28,500
 * HIFO: L2 1 (40,000) + L3 0.5 (12,500) both short → basis 52,500, gain −43,500
 *   (fee-inclusive unit costs: L2 40,000 > L3 25,000 > L1 20,010)
 * LOFO: L1 1 (20,010, long) + L3 0.5 (12,500, short)
 *   long : 6,000 − 20,010 = −14,010 ; short : 3,000 − 12,500 = −9,500
 */
const rows = [
  buy('L1', '2023-01-10T12:00:00Z', '1', 'BTC', '20000', { fee: { asset: 'USD', amount: '10' } }),
  buy('L2', '2024-02-01T12:00:00Z', '1', 'BTC', '40000'),
  buy('L3', '2024-03-01T12:00:00Z', '2', 'BTC', '50000'),
  sell('S', '2024-06-01T12:00:00Z', '1.5', 'BTC', '9000'),
];

describe('golden: lot selection methods', () => {
  it('FIFO takes the oldest lots', () => {
    const y = year(calculate(rows, { method: 'fifo' }), 2024);
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '3000',
        costBasis: '20000',
        gain: '-17000',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S',
        asset: 'BTC',
        amount: '1',
        proceeds: '6000',
        costBasis: '20010',
        gain: '-14010',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(totals(y)).toEqual({
      proceeds: '9000',
      costBasis: '40010',
      shortTermGain: '-17000',
      longTermGain: '-14010',
      income: '0',
    });
  });

  it('LIFO takes the newest lot', () => {
    const y = year(calculate(rows, { method: 'lifo' }), 2024);
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S',
        asset: 'BTC',
        amount: '1.5',
        proceeds: '9000',
        costBasis: '37500',
        gain: '-28500',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(y.disposals[0]!.lots).toEqual([
      {
        lotId: 'L3',
        acquiredAt: '2024-03-01',
        acquiredTimestamp: '2024-03-01T12:00:00.000Z',
        amount: '1.5',
        costBasis: '37500',
      },
    ]);
  });

  it('HIFO takes the highest fee-inclusive unit cost first', () => {
    const y = year(calculate(rows, { method: 'hifo' }), 2024);
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S',
        asset: 'BTC',
        amount: '1.5',
        proceeds: '9000',
        costBasis: '52500',
        gain: '-43500',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(y.disposals[0]!.acquiredAt).toBe('VARIOUS');
    expect(y.disposals[0]!.lots.map((l) => [l.lotId, l.amount, l.costBasis])).toEqual([
      ['L2', '1', '40000'],
      ['L3', '0.5', '12500'],
    ]);
  });

  it('LOFO takes the lowest unit cost first', () => {
    const y = year(calculate(rows, { method: 'lofo' }), 2024);
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '3000',
        costBasis: '12500',
        gain: '-9500',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S',
        asset: 'BTC',
        amount: '1',
        proceeds: '6000',
        costBasis: '20010',
        gain: '-14010',
        term: 'long',
        category: 'sale',
      },
    ]);
  });

  it('leaves the rest of a split lot with the remaining basis', () => {
    const result = calculate(rows, { method: 'lifo' });
    expect(result.holdings.map((h) => [h.lotId, h.amount, h.costBasis])).toEqual([
      ['L1', '1', '20010'],
      ['L2', '1', '40000'],
      ['L3', '0.5', '12500'],
    ]);
  });
});
