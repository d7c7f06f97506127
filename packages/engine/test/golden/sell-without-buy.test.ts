import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, sell, totals, year } from '../helpers.ts';

/*
 * Insufficient balance: the uncovered part gets zero basis and short term, and is marked
 * sell_without_buy with its quantity. Nothing is dropped, nothing aborts.
 *   B1 2022-01-01 buy 1 BTC for 10,000
 *   S1 2024-01-01 sell 3 BTC for 90,000 (30,000 each)
 *      covered : B1 1 BTC long → proceeds 30,000, basis 10,000, gain 20,000
 *      uncovered: 2 BTC short → proceeds 60,000, basis 0, gain 60,000
 *   Then a buy of 1 BTC for 40,000 is not used to fix the past: it stays open.
 */
describe('golden: sell without buy', () => {
  const result = calculate([
    buy('B1', '2022-01-01T00:00:00Z', '1', 'BTC', '10000'),
    sell('S1', '2024-01-01T00:00:00Z', '3', 'BTC', '90000'),
    buy('B2', '2024-02-01T00:00:00Z', '1', 'BTC', '40000'),
  ]);
  const y = year(result, 2024);

  it('gives the uncovered part zero basis, short term', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'BTC',
        amount: '2',
        proceeds: '60000',
        costBasis: '0',
        gain: '60000',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S1',
        asset: 'BTC',
        amount: '1',
        proceeds: '30000',
        costBasis: '10000',
        gain: '20000',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(y.disposals[0]).toMatchObject({
      sellWithoutBuy: '2',
      lots: [{ lotId: null, amount: '2', costBasis: '0' }],
    });
    expect(totals(y)).toEqual({
      proceeds: '90000',
      costBasis: '10000',
      shortTermGain: '60000',
      longTermGain: '20000',
      income: '0',
    });
  });

  it('marks the transaction with the quantity', () => {
    expect(result.statuses).toEqual([
      { id: 'S1', status: 'ok', flags: ['sell_without_buy'], sellWithoutBuyQuantity: '2' },
    ]);
    expect(result.warnings.map((w) => [w.code, w.txId])).toEqual([['sell_without_buy', 'S1']]);
    expect(result.holdings.map((h) => [h.lotId, h.amount])).toEqual([['B2', '1']]);
  });
});
