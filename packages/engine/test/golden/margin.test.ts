import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, incoming, outgoing, totals, year } from '../helpers.ts';

/*
 * Margin entries, always short term:
 *   B  2023-01-01 buy 1,000 USDT for 1,000
 *   G  2024-03-01 margin_trading_gain 200 USDT worth 200 → gain line proceeds 200, basis 0;
 *      a new USDT lot at basis 200
 *   L  2024-04-01 margin_trading_loss 300 USDT → units leave with basis 300, proceeds 0: −300
 *      (FIFO: from B, acquired 2023-01-01 — still short: margin results are short term)
 *   F  2024-04-02 margin_trading_fee 10 USDT → proceeds 0, basis 10: −10
 *   Short-term total: 200 − 300 − 10 = −110
 */
describe('golden: margin gain, loss and fee', () => {
  const result = calculate([
    buy('B', '2023-01-01T00:00:00Z', '1000', 'USDT', '1000'),
    incoming('G', '2024-03-01T00:00:00Z', '200', 'USDT', '200', { classification: 'margin_trading_gain' }),
    outgoing('L', '2024-04-01T00:00:00Z', '300', 'USDT', '300', { classification: 'margin_trading_loss' }),
    outgoing('F', '2024-04-02T00:00:00Z', '10', 'USDT', '10', { classification: 'margin_trading_fee' }),
  ]);
  const y = year(result, 2024);

  it('books them as short-term gains and losses', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'G',
        asset: 'USDT',
        amount: '200',
        proceeds: '200',
        costBasis: '0',
        gain: '200',
        term: 'short',
        category: 'margin_gain',
      },
      {
        txId: 'L',
        asset: 'USDT',
        amount: '300',
        proceeds: '0',
        costBasis: '300',
        gain: '-300',
        term: 'short',
        category: 'margin_loss',
      },
      {
        txId: 'F',
        asset: 'USDT',
        amount: '10',
        proceeds: '0',
        costBasis: '10',
        gain: '-10',
        term: 'short',
        category: 'margin_fee',
      },
    ]);
    expect(totals(y)).toEqual({
      proceeds: '200',
      costBasis: '310',
      shortTermGain: '-110',
      longTermGain: '0',
      income: '0',
    });
    // 1,000 − 300 − 10 = 690 left of B at 690, plus G's 200 at 200.
    expect(result.holdings.map((h) => [h.lotId, h.amount, h.costBasis])).toEqual([
      ['B', '690', '690'],
      ['G', '200', '200'],
    ]);
  });
});
