import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, sell, totals, trade, year } from '../helpers.ts';

/*
 * Trades are two legs: a disposal of the sent asset at the trade's value and an acquisition of
 * the received asset at that same value. Crypto fees are themselves disposals at market value,
 * and their value reduces the proceeds of the disposal they paid for (or adds to the basis of a
 * purchase). A fee in the acquired asset reduces the units acquired and stays in their basis.
 *
 *   B1 2024-01-01 buy 2.01 BTC for 60,000, fee 0.01 BTC → 2 BTC, basis 60,000 (unit 30,000)
 *   B2 2024-01-02 buy 10 BNB for 3,000 + fee 5 USD    → basis 3,005 (unit 300.5)
 *   T1 2024-02-01 trade 1 BTC → 20 ETH worth 40,000, fee 0.001 BTC
 *        fee price = 40,000 / 1 BTC = 40,000 → fee value 40
 *        trade line: 1 BTC, proceeds 40,000 − 40 = 39,960, basis 30,000, gain 9,960
 *        fee line: 0.001 BTC, proceeds 40, basis 30, gain 10
 *        ETH lot: 20 ETH basis 40,000
 *   T2 2024-03-01 trade 10 ETH → 1,000 SOL worth 25,000, fee 0.1 BNB (price table: BNB 400 → 40)
 *        fee line: 0.1 BNB, proceeds 40, basis 30.05, gain 9.95
 *        trade line: 10 ETH, proceeds 24,960, basis 20,000, gain 4,960
 *   T3 2024-04-01 trade 5 ETH → 100 SOL... fee 1 SOL (fee in the received asset)
 *        value 12,000: proceeds 12,000, basis 10,000, gain 2,000; SOL lot 99 units basis 12,000
 *   S1 2024-05-01 sell 1,099 SOL for 30,000, fee 30 USD → proceeds 29,970, basis 25,000 + 12,000
 *        = 37,000, gain −7,030
 */
const prices = (asset: string) => (asset === 'BNB' ? '400' : null);
const rows = [
  buy('B1', '2024-01-01T00:00:00Z', '2.01', 'BTC', '60000', { fee: { asset: 'BTC', amount: '0.01' } }),
  buy('B2', '2024-01-02T00:00:00Z', '10', 'BNB', '3000', { fee: { asset: 'USD', amount: '5' } }),
  trade('T1', '2024-02-01T00:00:00Z', ['1', 'BTC'], ['20', 'ETH'], '40000', {
    fee: { asset: 'BTC', amount: '0.001' },
  }),
  trade('T2', '2024-03-01T00:00:00Z', ['10', 'ETH'], ['1000', 'SOL'], '25000', {
    fee: { asset: 'BNB', amount: '0.1' },
  }),
  trade('T3', '2024-04-01T00:00:00Z', ['5', 'ETH'], ['100', 'SOL'], '12000', {
    fee: { asset: 'SOL', amount: '1' },
  }),
  sell('S1', '2024-05-01T00:00:00Z', '1099', 'SOL', '30000', { fee: { asset: 'USD', amount: '30' } }),
];

describe('golden: trades and fees', () => {
  const result = calculate(rows, { prices });
  const y = year(result, 2024);

  it('books both legs and every fee', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'T1',
        asset: 'BTC',
        amount: '0.001',
        proceeds: '40',
        costBasis: '30',
        gain: '10',
        term: 'short',
        category: 'fee',
      },
      {
        txId: 'T1',
        asset: 'BTC',
        amount: '1',
        proceeds: '39960',
        costBasis: '30000',
        gain: '9960',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'T2',
        asset: 'BNB',
        amount: '0.1',
        proceeds: '40',
        costBasis: '30.05',
        gain: '9.95',
        term: 'short',
        category: 'fee',
      },
      {
        txId: 'T2',
        asset: 'ETH',
        amount: '10',
        proceeds: '24960',
        costBasis: '20000',
        gain: '4960',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'T3',
        asset: 'ETH',
        amount: '5',
        proceeds: '12000',
        costBasis: '10000',
        gain: '2000',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'S1',
        asset: 'SOL',
        amount: '1099',
        proceeds: '29970',
        costBasis: '37000',
        gain: '-7030',
        term: 'short',
        category: 'sale',
      },
    ]);
  });

  it('keeps the remaining lots with exact basis', () => {
    // BTC: 2 − 1 − 0.001 = 0.999 left, basis 60,000 − 30,000 − 30 = 29,970
    // BNB: 10 − 0.1 = 9.9, basis 3,005 − 30.05 = 2,974.95 ; ETH: 20 − 10 − 5 = 5, basis 10,000
    expect(result.holdings.map((h) => [h.asset, h.amount, h.costBasis])).toEqual([
      ['BNB', '9.9', '2974.95'],
      ['BTC', '0.999', '29970'],
      ['ETH', '5', '10000'],
    ]);
  });

  it('sums taxable lines into the year totals', () => {
    // proceeds 40 + 39,960 + 40 + 24,960 + 12,000 + 29,970 = 106,970
    expect(totals(y).proceeds).toBe('106970');
    expect(totals(y).longTermGain).toBe('0');
  });
});
