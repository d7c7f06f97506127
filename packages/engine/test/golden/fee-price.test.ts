import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import type { EngineTransaction } from '../../src/types.ts';
import { brief, buy, codes, incoming, outgoing, sell, totals, year } from '../helpers.ts';

/*
 * The user's fee price (the editor's fee per-token price) values the fee ahead of every other
 * source; the legs keep their own values. Universal FIFO, no price table.
 *
 *   F0 2024-01-01 buy 100 BNB for 1,000 → 10 a BNB
 *   F1 2024-01-01 buy 10 ETH for 1,000 → 100 an ETH
 *   F2 2024-02-01 sell 2 ETH for 500, fee 1 BNB at the user's 12:
 *      fee line: 1 BNB, proceeds 12, basis 10, gain 2
 *      sale: proceeds 500 − 12 = 488, basis 200, gain 288
 *      (without the fee price BNB has no price anywhere: Missing Price, see the last test)
 *   F3 2024-03-01 self-transfer W → V: 3 ETH sent + 0.1 ETH fee at the user's 200, row value 300
 *      (100 an ETH). 3 ETH arrive; the 0.1 lost on the way is a transfer fee valued at the fee
 *      price, not the row's: proceeds 0.1 × 200 = 20, basis 0.1 × 100 = 10, gain 10
 *   F4 2024-04-01 sell 1 ETH for 150, fee 2 USD with a fee price of 5: a fee in the reporting
 *      currency is its own value, 2. Proceeds 148, basis 100, gain 48
 *   F5 2024-05-01 sell 1 ETH for 150, fee 1 BNB, fee price "abc": warned and ignored, so the
 *      BNB has no price: fee line proceeds 0 (flagged), basis 10, gain −10; the sale keeps
 *      proceeds 150, basis 100, gain 50
 *
 *   2024: proceeds 12 + 488 + 20 + 148 + 0 + 150 = 818; basis 10 + 200 + 10 + 100 + 10 + 100 = 430;
 *   short-term gain 388.
 */
const rows: EngineTransaction[] = [
  buy('F0', '2024-01-01T00:00:00Z', '100', 'BNB', '1000'),
  buy('F1', '2024-01-01T00:00:00Z', '10', 'ETH', '1000'),
  sell('F2', '2024-02-01T00:00:00Z', '2', 'ETH', '500', {
    fee: { asset: 'BNB', amount: '1' },
    feePrice: '12',
  }),
  outgoing('F3-out', '2024-03-01T00:00:00Z', '3', 'ETH', '300', {
    classification: 'self_transfer',
    pairId: 'x',
    fee: { asset: 'ETH', amount: '0.1' },
    feePrice: '200',
  }),
  incoming('F3-in', '2024-03-01T00:10:00Z', '3', 'ETH', null, {
    wallet: 'V',
    classification: 'self_transfer',
    pairId: 'x',
  }),
  sell('F4', '2024-04-01T00:00:00Z', '1', 'ETH', '150', {
    fee: { asset: 'USD', amount: '2' },
    feePrice: '5',
  }),
  sell('F5', '2024-05-01T00:00:00Z', '1', 'ETH', '150', {
    fee: { asset: 'BNB', amount: '1' },
    feePrice: 'abc',
  }),
];

const line = (
  txId: string,
  asset: string,
  amount: string,
  proceeds: string,
  costBasis: string,
  gain: string,
  category: string,
) => ({
  txId,
  asset,
  amount,
  proceeds,
  costBasis,
  gain,
  term: 'short',
  category,
});

describe('golden: the user’s fee price', () => {
  const result = calculate(rows);
  const y = year(result, 2024);

  it('values the fee and the units lost in a self-transfer, never a fee in the reporting currency', () => {
    expect(y.disposals.map(brief)).toEqual([
      line('F2', 'BNB', '1', '12', '10', '2', 'fee'),
      line('F2', 'ETH', '2', '488', '200', '288', 'sale'),
      line('F3-out', 'ETH', '0.1', '20', '10', '10', 'transfer_fee'),
      line('F4', 'ETH', '1', '148', '100', '48', 'sale'),
      line('F5', 'BNB', '1', '0', '10', '-10', 'fee'),
      line('F5', 'ETH', '1', '150', '100', '50', 'sale'),
    ]);
    expect(totals(y)).toEqual({
      proceeds: '818',
      costBasis: '430',
      shortTermGain: '388',
      longTermGain: '0',
      income: '0',
    });
  });

  it('warns about a fee price that is not a price and leaves the fee unpriced', () => {
    expect(codes(result)).toEqual(['bad_amount:F5', 'missing_price:F5']);
    expect(result.warnings[0]!.message).toBe('Transaction F5: fee price "abc" is not a price; ignored.');
    expect(result.statuses.filter((s) => s.status === 'error').map((s) => s.id)).toEqual(['F5']);
  });

  it('without the fee price the same fee is a Missing Price error', () => {
    const plain = calculate(rows.map(({ feePrice: _unused, ...row }) => row));
    expect(codes(plain)).toEqual(['missing_price:F2', 'missing_price:F5']);
    const fee = year(plain, 2024).disposals.find((d) => d.txId === 'F2' && d.category === 'fee')!;
    expect(fee.proceeds).toBe('0');
    expect(fee.missingPrice).toBe(true);
    const lost = year(plain, 2024).disposals.find((d) => d.category === 'transfer_fee')!;
    expect(lost.proceeds).toBe('10');
  });
});
