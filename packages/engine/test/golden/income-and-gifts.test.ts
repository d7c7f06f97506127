import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, codes, incoming, sell, totals, year } from '../helpers.ts';

/*
 * Income is taxed at fair market value when received and that value is the lot's basis.
 *   R1 2024-01-05 staking_reward 2 DOT worth 14        → income 14, lot basis 14
 *   R2 2024-02-01 airdrop 100 ARB worth 120            → income 120
 *   R3 2024-02-02 mined 0.01 BTC worth 400             → income 400
 *   R4 2024-02-03 interest_received 5 USDC worth 5     → income 5
 *   R5 2024-02-04 dividend_received 1 KCS worth 10     → income 10
 *   R6 2024-02-05 misc_reward 3 CRO worth 0.3          → income 0.3
 *   R7 2024-02-06 masternode 1 DASH worth 30           → income 30
 *   R8 2024-02-07 payment (received) 0.001 BTC worth 45 → income 45
 *   R9 2024-02-08 fork 1 BCH worth 250                 → income 250
 *   R10 2024-02-09 fork 1 BSV with no value            → no income, zero basis, no error
 *   R11 2024-02-10 kind income (no classification) 1 ATOM worth 9 → income 9
 *   Income total = 14+120+400+5+10+0.3+30+45+250+9 = 883.3
 *
 *   Sale 2024-03-01 of 2 DOT for 20: basis 14, gain 6 short.
 *
 * Gifts received: donor basis if given (and donor date carries the holding period), else
 * zero basis flagged.
 *   G1 2024-04-01 gift_received 1 ETH, donor basis 1,000 acquired 2020-01-01
 *   G2 2024-04-02 gift_received 1 SOL, no donor basis → basis 0, warning gift_without_basis
 *   Sale 2024-05-01 of 1 ETH for 3,000 → basis 1,000, long (donor date), gain 2,000
 *   Sale 2024-05-01 of 1 SOL for 100   → basis 0, short, gain 100
 */
const rows = [
  incoming('R1', '2024-01-05T00:00:00Z', '2', 'DOT', '14', { classification: 'staking_reward' }),
  incoming('R2', '2024-02-01T00:00:00Z', '100', 'ARB', '120', { classification: 'airdrop' }),
  incoming('R3', '2024-02-02T00:00:00Z', '0.01', 'BTC', '400', { classification: 'mined' }),
  incoming('R4', '2024-02-03T00:00:00Z', '5', 'USDC', '5', { classification: 'interest_received' }),
  incoming('R5', '2024-02-04T00:00:00Z', '1', 'KCS', '10', { classification: 'dividend_received' }),
  incoming('R6', '2024-02-05T00:00:00Z', '3', 'CRO', '0.3', { classification: 'misc_reward' }),
  incoming('R7', '2024-02-06T00:00:00Z', '1', 'DASH', '30', { classification: 'masternode' }),
  incoming('R8', '2024-02-07T00:00:00Z', '0.001', 'BTC', '45', { classification: 'payment' }),
  incoming('R9', '2024-02-08T00:00:00Z', '1', 'BCH', '250', { classification: 'fork' }),
  incoming('R10', '2024-02-09T00:00:00Z', '1', 'BSV', null, { classification: 'fork' }),
  incoming('R11', '2024-02-10T00:00:00Z', '1', 'ATOM', '9', { kind: 'income' }),
  sell('S1', '2024-03-01T00:00:00Z', '2', 'DOT', '20'),
  incoming('G1', '2024-04-01T00:00:00Z', '1', 'ETH', null, {
    classification: 'gift_received',
    donorBasis: { amount: '1000', acquiredAt: '2020-01-01T00:00:00Z' },
  }),
  incoming('G2', '2024-04-02T00:00:00Z', '1', 'SOL', null, { classification: 'gift_received' }),
  sell('S2', '2024-05-01T00:00:00Z', '1', 'ETH', '3000'),
  sell('S3', '2024-05-01T00:00:00Z', '1', 'SOL', '100'),
];

describe('golden: income and gifts received', () => {
  const result = calculate(rows);
  const y = year(result, 2024);

  it('books income at market value when received', () => {
    expect(y.incomeLines.map((l) => [l.txId, l.category, l.value])).toEqual([
      ['R1', 'staking_reward', '14'],
      ['R2', 'airdrop', '120'],
      ['R3', 'mined', '400'],
      ['R4', 'interest_received', '5'],
      ['R5', 'dividend_received', '10'],
      ['R6', 'misc_reward', '0.3'],
      ['R7', 'masternode', '30'],
      ['R8', 'payment', '45'],
      ['R9', 'fork', '250'],
      ['R11', 'income', '9'],
    ]);
    expect(y.income).toBe('883.3');
  });

  it('uses the income value as basis, donor basis for gifts', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'DOT',
        amount: '2',
        proceeds: '20',
        costBasis: '14',
        gain: '6',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S2',
        asset: 'ETH',
        amount: '1',
        proceeds: '3000',
        costBasis: '1000',
        gain: '2000',
        term: 'long',
        category: 'sale',
      },
      {
        txId: 'S3',
        asset: 'SOL',
        amount: '1',
        proceeds: '100',
        costBasis: '0',
        gain: '100',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(y.disposals[1]!.acquiredAt).toBe('2020-01-01');
    expect(totals(y)).toEqual({
      proceeds: '3120',
      costBasis: '1014',
      shortTermGain: '106',
      longTermGain: '2000',
      income: '883.3',
    });
  });

  it('gives a valueless fork zero basis without an error, and flags a gift without basis', () => {
    const bsv = result.holdings.find((h) => h.asset === 'BSV');
    expect(bsv).toMatchObject({ amount: '1', costBasis: '0' });
    expect(codes(result)).toEqual(['gift_without_basis:G2']);
    expect(result.statuses).toEqual([]);
  });
});
