import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, codes, incoming, outgoing, year } from '../helpers.ts';

/*
 * "Mark as Sell" / "Mark as Buy" (business_or_investment) on one-legged rows, FIFO.
 *   B  2024-01-01 buys 1 BTC for 10,000
 *   W  2024-03-01 withdraws 0.5 BTC worth 15,000 → as a sale: proceeds 15,000, basis 5,000
 *   D  2024-04-01 deposits 2 ETH worth 6,000     → as a buy: basis 6,000 (no missing_basis)
 * Unmarked, W parks its lots in transit (no disposal) and D arrives with zero basis.
 */
function rows(classification: string | null) {
  return [
    buy('B', '2024-01-01T00:00:00Z', '1', 'BTC', '10000'),
    outgoing('W', '2024-03-01T00:00:00Z', '0.5', 'BTC', '15000', { classification }),
    incoming('D', '2024-04-01T00:00:00Z', '2', 'ETH', '6000', { classification }),
  ];
}

describe('golden: business_or_investment on deposits and withdrawals', () => {
  it('makes the withdrawal a sale and the deposit a purchase at market value', () => {
    const result = calculate(rows('business_or_investment'), { recordMoves: true });
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'W',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '15000',
        costBasis: '5000',
        gain: '10000',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(result.holdings.find((h) => h.asset === 'ETH')?.costBasis).toBe('6000');
    expect(codes(result)).toEqual([]);
  });

  it('unmarked, the same rows are transfers: no disposal, the deposit has no known basis', () => {
    const result = calculate(rows(null), {});
    expect(year(result, 2024).disposals).toEqual([]);
    expect(result.holdings.find((h) => h.asset === 'ETH')?.costBasis).toBe('0');
    expect(codes(result)).toContain('missing_basis:D');
  });
});
