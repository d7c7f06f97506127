import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, outgoing, totals, year } from '../helpers.ts';

/*
 * Spending crypto is a taxable disposal at market value; so is a standalone fee.
 *   B  2024-01-01 buy 1 ETH for 2,000
 *   P1 2024-02-01 kind spend, 0.1 ETH for goods worth 300 → proceeds 300, basis 200, gain 100
 *   P2 2024-02-02 purchase (withdrawal) 0.1 ETH worth 310, network fee 0.001 ETH:
 *      fee price 310 / 0.1 = 3,100 → fee value 3.1: fee line proceeds 3.1, basis 2, gain 1.1;
 *      spend line proceeds 310 − 3.1 = 306.9, basis 200, gain 106.9
 *   P3 2024-02-03 payment (withdrawal) 0.2 ETH worth 640 → proceeds 640, basis 400, gain 240
 *   F1 2024-02-04 kind fee, fee 0.01 ETH (failed transaction), price table ETH 3,000 → proceeds 30,
 *      basis 20, gain 10
 *   Totals: proceeds 300 + 3.1 + 306.9 + 640 + 30 = 1,280; basis 200+2+200+400+20 = 822; gain 458
 */
describe('golden: spending and fee rows', () => {
  const result = calculate(
    [
      buy('B', '2024-01-01T00:00:00Z', '1', 'ETH', '2000'),
      {
        id: 'P1',
        wallet: 'W',
        timestamp: '2024-02-01T00:00:00Z',
        kind: 'spend',
        sent: { asset: 'ETH', amount: '0.1' },
        fiat_value: { currency: 'USD', amount: '300' },
      },
      outgoing('P2', '2024-02-02T00:00:00Z', '0.1', 'ETH', '310', {
        classification: 'purchase',
        fee: { asset: 'ETH', amount: '0.001' },
      }),
      outgoing('P3', '2024-02-03T00:00:00Z', '0.2', 'ETH', '640', { classification: 'payment' }),
      {
        id: 'F1',
        wallet: 'W',
        timestamp: '2024-02-04T00:00:00Z',
        kind: 'fee',
        fee: { asset: 'ETH', amount: '0.01' },
      },
    ],
    { prices: (asset) => (asset === 'ETH' ? '3000' : null) },
  );
  const y = year(result, 2024);

  it('books each at market value', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'P1',
        asset: 'ETH',
        amount: '0.1',
        proceeds: '300',
        costBasis: '200',
        gain: '100',
        term: 'short',
        category: 'spend',
      },
      {
        txId: 'P2',
        asset: 'ETH',
        amount: '0.001',
        proceeds: '3.1',
        costBasis: '2',
        gain: '1.1',
        term: 'short',
        category: 'fee',
      },
      {
        txId: 'P2',
        asset: 'ETH',
        amount: '0.1',
        proceeds: '306.9',
        costBasis: '200',
        gain: '106.9',
        term: 'short',
        category: 'spend',
      },
      {
        txId: 'P3',
        asset: 'ETH',
        amount: '0.2',
        proceeds: '640',
        costBasis: '400',
        gain: '240',
        term: 'short',
        category: 'spend',
      },
      {
        txId: 'F1',
        asset: 'ETH',
        amount: '0.01',
        proceeds: '30',
        costBasis: '20',
        gain: '10',
        term: 'short',
        category: 'fee',
      },
    ]);
    expect(totals(y)).toEqual({
      proceeds: '1280',
      costBasis: '822',
      shortTermGain: '458',
      longTermGain: '0',
      income: '0',
    });
    expect(result.holdings.map((h) => [h.amount, h.costBasis])).toEqual([['0.589', '1178']]);
  });
});
