import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, codes, outgoing, totals, year } from '../helpers.ts';

/*
 * Gift sent, donation, lost and stolen remove lots without a gain. They are listed with their
 * own category (not counted in the year's totals); the line keeps the fair market value, the
 * acquisition dates and the basis (what Form 8283 needs for a donation).
 *   B1 2023-01-01 buy 10 ETH for 10,000 (1,000 each)
 *   G  2024-06-01 gift_sent      1 ETH, worth 3,000 → line: basis 1,000, FMV 3,000, long
 *   D  2024-06-02 donation_501c3 2 ETH, worth 6,000 → basis 2,000, FMV 6,000, long
 *   L  2024-06-03 lost           1 ETH (no value)   → basis 1,000, flagged for review
 *   T  2024-06-04 stolen         1 ETH, worth 3,000 → basis 1,000, flagged for review
 *   F  2024-06-05 gift_sent 1 ETH worth 3,000 with a 0.01 ETH network fee: the fee is a taxable
 *      disposal: proceeds 0.01 × 3,000 = 30, basis 10, gain 20 (long).
 * Year 2024 totals count only the fee: proceeds 30, basis 10, long-term gain 20.
 */
const rows = [
  buy('B1', '2023-01-01T00:00:00Z', '10', 'ETH', '10000'),
  outgoing('G', '2024-06-01T00:00:00Z', '1', 'ETH', '3000', { classification: 'gift_sent' }),
  outgoing('D', '2024-06-02T00:00:00Z', '2', 'ETH', '6000', { classification: 'donation_501c3' }),
  outgoing('L', '2024-06-03T00:00:00Z', '1', 'ETH', null, { classification: 'lost' }),
  outgoing('T', '2024-06-04T00:00:00Z', '1', 'ETH', '3000', { classification: 'stolen' }),
  outgoing('F', '2024-06-05T00:00:00Z', '1', 'ETH', '3000', {
    classification: 'gift_sent',
    fee: { asset: 'ETH', amount: '0.01' },
  }),
];

describe('golden: gifts sent, donations, lost and stolen', () => {
  const result = calculate(rows);
  const y = year(result, 2024);

  it('lists them with their own category and no gain', () => {
    expect(
      y.disposals.map((d) => [
        d.txId,
        d.category,
        d.amount,
        d.costBasis,
        d.gain,
        d.taxable,
        d.term,
        d.fairMarketValue,
      ]),
    ).toEqual([
      ['G', 'gift', '1', '1000', '0', false, 'long', '3000'],
      ['D', 'donation', '2', '2000', '0', false, 'long', '6000'],
      ['L', 'lost', '1', '1000', '0', false, 'long', null],
      ['T', 'stolen', '1', '1000', '0', false, 'long', '3000'],
      ['F', 'fee', '0.01', '10', '20', true, 'long', undefined],
      ['F', 'gift', '1', '1000', '0', false, 'long', '3000'],
    ]);
    expect(totals(y)).toEqual({
      proceeds: '30',
      costBasis: '10',
      shortTermGain: '0',
      longTermGain: '20',
      income: '0',
    });
  });

  it('keeps what Form 8283 needs for a donation', () => {
    const donation = y.disposals.find((d) => d.category === 'donation')!;
    expect(donation).toMatchObject({
      asset: 'ETH',
      amount: '2',
      acquiredAt: '2023-01-01',
      disposedAt: '2024-06-02',
      costBasis: '2000',
      fairMarketValue: '6000',
    });
    expect(donation.lots).toEqual([
      {
        lotId: 'B1',
        acquiredAt: '2023-01-01',
        acquiredTimestamp: '2023-01-01T00:00:00.000Z',
        amount: '2',
        costBasis: '2000',
      },
    ]);
  });

  it('flags lost and stolen units for review, without a deduction', () => {
    expect(codes(result)).toEqual(['review_loss:L', 'review_loss:T']);
    expect(result.holdings.map((h) => [h.amount, h.costBasis])).toEqual([['3.99', '3990']]);
  });
});

/*
 * A gift sent and a donation with no price for their day (issue 29): the fair market value is
 * unknown, which is null (never a word in place of a number). The donation's missing price is
 * also a warning (Form 8283 needs the value); a gift's value stays informational.
 */
describe('golden: a gift sent and a donation with no price', () => {
  const result = calculate([
    buy('B1', '2023-01-01T00:00:00Z', '2', 'ETH', '2000'),
    outgoing('G', '2024-06-01T00:00:00Z', '1', 'ETH', null, { classification: 'gift_sent' }),
    outgoing('D', '2024-06-02T00:00:00Z', '1', 'ETH', null, { classification: 'donation_501c3' }),
  ]);

  it('has a null fair market value', () => {
    const lines = year(result, 2024).disposals;
    expect(lines.map((d) => [d.txId, d.category, d.costBasis, d.gain, d.fairMarketValue])).toEqual([
      ['G', 'gift', '1000', '0', null],
      ['D', 'donation', '1000', '0', null],
    ]);
    expect(codes(result)).toEqual(['missing_price:D']);
  });
});

/*
 * Staking lockup / return and rebrand carry basis and dates; nothing is taxable.
 *   B1 2023-01-01 buy 100 MATIC for 50 (0.5 each)
 *   K  2023-06-01 staking_lockup 60 MATIC (per-wallet: the lots move to "W (staked)")
 *   R  2023-09-01 staking_return 60 MATIC (they come back, still dated 2023-01-01, basis 30)
 *   RB 2024-03-01 swap (rebrand) 100 MATIC → 100 POL as one trade row: POL lots keep basis 50,
 *      acquired 2023-01-01
 *   S  2024-03-02 sell 100 POL for 80 → long (2023-01-01 → 2024-03-02), gain 30
 *   A rebrand as a pair: 10 OLD (basis 7, 2023-02-01) out, 1 NEW in → NEW lot 1, basis 7.
 *   A rebrand pair whose outgoing half pays a fee in the old asset: the fee units are a fee
 *   disposal; only the sent units convert.
 */
describe('golden: staking lockup/return and rebrand', () => {
  const rows = [
    buy('B1', '2023-01-01T00:00:00Z', '100', 'MATIC', '50'),
    buy('B2', '2023-02-01T00:00:00Z', '10', 'OLD', '7'),
    outgoing('K', '2023-06-01T00:00:00Z', '60', 'MATIC', null, { classification: 'staking_lockup' }),
    {
      ...outgoing('R', '2023-09-01T00:00:00Z', '0', 'MATIC', null),
      sent: null,
      received: { asset: 'MATIC', amount: '60' },
      kind: 'deposit',
      classification: 'staking_return',
    },
    {
      id: 'RB',
      wallet: 'W',
      timestamp: '2024-03-01T00:00:00Z',
      kind: 'trade',
      sent: { asset: 'MATIC', amount: '100' },
      received: { asset: 'POL', amount: '100' },
      classification: 'swap',
    },
    outgoing('RB-out', '2024-03-01T00:00:00Z', '10', 'OLD', null, { classification: 'swap', pairId: 'rb' }),
    {
      ...outgoing('RB-in', '2024-03-01T00:00:00Z', '0', 'OLD', null),
      sent: null,
      received: { asset: 'NEW', amount: '1' },
      kind: 'deposit',
      classification: 'swap',
      pairId: 'rb',
    },
    {
      id: 'S',
      wallet: 'W',
      timestamp: '2024-03-02T00:00:00Z',
      kind: 'sell',
      sent: { asset: 'POL', amount: '100' },
      received: { asset: 'USD', amount: '80' },
    },
  ];

  for (const basis of ['universal', 'per-wallet'] as const) {
    it(`carries basis and dates (${basis})`, () => {
      const result = calculate(rows, { basis });
      expect(result.years['2023']!.disposals).toEqual([]);
      expect(year(result, 2024).disposals.map(brief)).toEqual([
        {
          txId: 'S',
          asset: 'POL',
          amount: '100',
          proceeds: '80',
          costBasis: '50',
          gain: '30',
          term: 'long',
          category: 'sale',
        },
      ]);
      // Per-wallet the lockup split B1 in two pieces (60 staked, 40 not); both are B1.
      const lots = year(result, 2024).disposals[0]!.lots;
      expect(new Set(lots.map((l) => `${l.lotId} ${l.acquiredAt}`))).toEqual(new Set(['B1 2023-01-01']));
      expect(result.holdings.map((h) => [h.wallet, h.asset, h.amount, h.costBasis, h.acquiredAt])).toEqual([
        ['W', 'NEW', '1', '7', '2023-02-01'],
      ]);
      expect(result.warnings).toEqual([]);
    });
  }

  it('disposes of a fee paid in the old asset of a rebrand pair', () => {
    /*
     * 10 OLD bought for 100 (10 each). Rebrand pair: 8 OLD out with a 1 OLD fee (row value 40 for
     * the 8 sent → 5 per OLD), 4 NEW in.
     *   fee line: 1 OLD, proceeds 5, basis 10, gain −5
     *   NEW lot: 4 units, basis 80 (the 8 OLD that converted); 1 OLD left, basis 10.
     */
    const result = calculate([
      buy('O', '2024-01-01T00:00:00Z', '10', 'OLD', '100'),
      outgoing('out', '2024-02-01T00:00:00Z', '8', 'OLD', '40', {
        classification: 'swap',
        pairId: 'r',
        fee: { asset: 'OLD', amount: '1' },
      }),
      {
        ...outgoing('in', '2024-02-01T00:00:00Z', '0', 'OLD', null),
        sent: null,
        received: { asset: 'NEW', amount: '4' },
        kind: 'deposit',
        classification: 'swap',
        pairId: 'r',
      },
    ]);
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'out',
        asset: 'OLD',
        amount: '1',
        proceeds: '5',
        costBasis: '10',
        gain: '-5',
        term: 'short',
        category: 'fee',
      },
    ]);
    expect(result.holdings.map((h) => [h.asset, h.amount, h.costBasis])).toEqual([
      ['NEW', '4', '80'],
      ['OLD', '1', '10'],
    ]);
  });

  it('keeps locked-up units in the staking place in per-wallet mode', () => {
    const result = calculate(rows.slice(0, 3), { basis: 'per-wallet' });
    expect(result.holdings.map((h) => [h.wallet, h.asset, h.amount, h.costBasis])).toEqual([
      ['W', 'MATIC', '40', '20'],
      ['W', 'OLD', '10', '7'],
      ['W (staked)', 'MATIC', '60', '30'],
    ]);
  });
});
