import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, codes, incoming, outgoing, sell, year } from '../helpers.ts';

/*
 * A trade split over two accounts, joined by the Switch Trade dialog (classification
 * switch_trade, one pairId). FIFO, universal.
 *   B  2024-01-01 wallet A buys 1 ETH for 2,000
 *   O  2024-03-01 wallet A sends 1 ETH (row value 3,000)
 *   I  2024-03-01 wallet B receives 3,000 USDC (row value 3,000)
 *      → a trade: ETH disposed of, proceeds 3,000, basis 2,000, gain 1,000 (short);
 *        3,000 USDC acquired in B with basis 3,000.
 *   S  2024-04-01 wallet B sells 3,000 USDC for 3,000 → gain 0.
 * The same two rows joined as a rebrand (swap) carry the basis instead: no ETH disposal, and the
 * USDC sale has basis 2,000 (gain 1,000 then).
 */
function rows(classification: string) {
  return [
    buy('B', '2024-01-01T00:00:00Z', '1', 'ETH', '2000', { wallet: 'A' }),
    outgoing('O', '2024-03-01T00:00:00Z', '1', 'ETH', '3000', { wallet: 'A', classification, pairId: 'p' }),
    incoming('I', '2024-03-01T00:05:00Z', '3000', 'USDC', '3000', {
      wallet: 'B',
      classification,
      pairId: 'p',
    }),
    sell('S', '2024-04-01T00:00:00Z', '3000', 'USDC', '3000', { wallet: 'B' }),
  ];
}

describe('golden: switch trades', () => {
  it('a switch trade pair is a taxable trade across accounts', () => {
    for (const basis of ['universal', 'per-wallet'] as const) {
      const result = calculate(rows('switch_trade'), { basis });
      expect(year(result, 2024).disposals.map(brief)).toEqual([
        {
          txId: 'O',
          asset: 'ETH',
          amount: '1',
          proceeds: '3000',
          costBasis: '2000',
          gain: '1000',
          term: 'short',
          category: 'trade',
        },
        {
          txId: 'S',
          asset: 'USDC',
          amount: '3000',
          proceeds: '3000',
          costBasis: '3000',
          gain: '0',
          term: 'short',
          category: 'sale',
        },
      ]);
      expect(codes(result)).toEqual([]);
    }
  });

  it('the same rows as a rebrand carry the basis (no disposal at the swap)', () => {
    const result = calculate(rows('swap'), {});
    expect(year(result, 2024).disposals.map((d) => [d.txId, d.costBasis, d.gain])).toEqual([
      ['S', '2000', '1000'],
    ]);
  });

  it('an unpaired switch trade half is an external transfer with a warning', () => {
    const lonely = rows('switch_trade').map((r) => (r.id === 'I' ? { ...r, pairId: null } : { ...r }));
    const result = calculate(
      lonely.filter((r) => r.id !== 'S'),
      {},
    );
    expect(year(result, 2024).disposals).toEqual([]);
    expect(codes(result)).toContain('unmatched_transfer:I');
  });
});
