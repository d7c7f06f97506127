import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import type { EngineTransaction } from '../../src/types.ts';
import { brief, buy, incoming, trade, year } from '../helpers.ts';

/*
 * Where a value comes from, in order: the row's fiat value, its fiat leg, the other leg of a
 * trade (a market price for one leg values both), a price table from the caller. Otherwise the
 * row is status 'error' (Missing Price) and the warning names the totals it makes unreliable.
 * Price table: ETH 30 until 2024-03-31, 40 after; EUR 1.1 USD; nothing for XYZ, FOO.
 *
 *   P1 2024-01-01 buy 1 BTC for 100 USD → fiat leg: basis 100
 *   P2 2024-02-01 trade 1 BTC → 10 ETH, no fiat value → ETH from the table: 10 × 30 = 300
 *      (BTC has no table price: valued by the other leg) proceeds 300, basis 100, gain 200
 *   P3 2024-04-01 trade 5 ETH → 100 XYZ, no fiat value, XYZ unknown → the sent leg's
 *      table price: 5 × 40 = 200. Proceeds 200, basis 150, gain 50. XYZ lot basis 200.
 *   P4 2024-04-02 sell 2 ETH for 500 EUR, fiat_value 500 EUR → 500 × 1.1 = 550; basis 60, gain 490
 *   P5 2024-04-03 trade 1 ETH → 1 BNB with fiat_value 1,000 USD: the row's value wins over the
 *      table (40): proceeds 1,000, basis 30, gain 970
 *   P6 2024-05-01 airdrop 50 FOO, no value anywhere → error; income 0; FOO lot basis 0
 *   P7 2024-05-02 spend 50 XYZ with no value → error; proceeds 0 flagged; basis 100
 */
const prices = (asset: string, at: string): string | null => {
  if (asset === 'ETH') return at < '2024-04' ? '30' : '40';
  if (asset === 'EUR') return '1.1';
  return null;
};
const rows: EngineTransaction[] = [
  buy('P1', '2024-01-01T00:00:00Z', '1', 'BTC', '100'),
  trade('P2', '2024-02-01T00:00:00Z', ['1', 'BTC'], ['10', 'ETH'], null),
  trade('P3', '2024-04-01T00:00:00Z', ['5', 'ETH'], ['100', 'XYZ'], null),
  {
    id: 'P4',
    wallet: 'W',
    timestamp: '2024-04-02T00:00:00Z',
    kind: 'sell',
    sent: { asset: 'ETH', amount: '2' },
    received: { asset: 'EUR', amount: '500' },
    fiat_value: { currency: 'EUR', amount: '500' },
  },
  trade('P5', '2024-04-03T00:00:00Z', ['1', 'ETH'], ['1', 'BNB'], '1000'),
  incoming('P6', '2024-05-01T00:00:00Z', '50', 'FOO', null, { classification: 'airdrop' }),
  {
    id: 'P7',
    wallet: 'W',
    timestamp: '2024-05-02T00:00:00Z',
    kind: 'spend',
    sent: { asset: 'XYZ', amount: '50' },
  },
];

describe('golden: price sources and missing prices', () => {
  const result = calculate(rows, { prices });
  const y = year(result, 2024);

  it('values rows from fiat value, fiat leg, the other leg, then the table', () => {
    expect(y.disposals.map(brief)).toEqual([
      {
        txId: 'P2',
        asset: 'BTC',
        amount: '1',
        proceeds: '300',
        costBasis: '100',
        gain: '200',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'P3',
        asset: 'ETH',
        amount: '5',
        proceeds: '200',
        costBasis: '150',
        gain: '50',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'P4',
        asset: 'ETH',
        amount: '2',
        proceeds: '550',
        costBasis: '60',
        gain: '490',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'P5',
        asset: 'ETH',
        amount: '1',
        proceeds: '1000',
        costBasis: '30',
        gain: '970',
        term: 'short',
        category: 'trade',
      },
      {
        txId: 'P7',
        asset: 'XYZ',
        amount: '50',
        proceeds: '0',
        costBasis: '100',
        gain: '-100',
        term: 'short',
        category: 'spend',
      },
    ]);
    expect(y.disposals[4]!.missingPrice).toBe(true);
  });

  it('never takes a silent zero: the row is an error and the warning says what it affects', () => {
    expect(result.statuses).toEqual([
      { id: 'P6', status: 'error', flags: ['missing_price'] },
      { id: 'P7', status: 'error', flags: ['missing_price'] },
    ]);
    expect(result.warnings.map((w) => [w.code, w.txId, w.affects])).toEqual([
      ['missing_price', 'P6', ['2024.income', 'basis of FOO lot P6']],
      ['missing_price', 'P7', ['2024.proceeds', '2024.shortTermGain', '2024.longTermGain']],
    ]);
    expect(result.warnings[0]!.message).toContain('no price for FOO on 2024-05-01');
    // Said for people (issue 35.13): no internal names such as "2024.proceeds" or "lot P6".
    expect(result.warnings[0]!.message).toContain(
      'which leaves the 2024 income and the cost basis of the FOO it acquired (and the gain when that FOO is sold) incomplete.',
    );
    expect(result.warnings[1]!.message).toContain(
      'which leaves the 2024 proceeds, short-term gain and long-term gain incomplete.',
    );
    for (const w of result.warnings) expect(w.message).not.toMatch(/\d{4}\.\w|\blot\b/);
    expect(y.incomeLines).toEqual([expect.objectContaining({ txId: 'P6', value: '0', missingPrice: true })]);
  });

  it('without a price table, a crypto-to-crypto trade without a fiat value is an error', () => {
    const bare = calculate(rows.slice(0, 2));
    expect(bare.statuses).toEqual([{ id: 'P2', status: 'error', flags: ['missing_price'] }]);
    expect(bare.warnings[0]!.affects).toContain('basis of ETH lot P2');
  });
});
