import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { brief, buy, incoming, outgoing, sell, totals, year } from '../helpers.ts';

/*
 * Two wallets, FIFO.
 *   B1 2024-01-01 wallet A buys 1 BTC for 10,000
 *   B2 2024-02-01 wallet B buys 1 BTC for 20,000
 *   S1 2024-03-01 wallet B sells 0.5 BTC for 15,000
 *      universal : oldest lot anywhere = B1 → basis 5,000, gain 10,000
 *      per-wallet: oldest lot in B = B2 → basis 10,000, gain 5,000
 *   X  2024-04-01 self-transfer A → B: A sends 0.5 BTC + 0.001 BTC fee (row value 15,000 → 30,000/BTC),
 *      B receives 0.5 BTC. The 0.001 that did not arrive is a transfer-fee disposal:
 *      proceeds 0.001 × 30,000 = 30, basis 0.001 × 10,000 = 10, gain 20 (both modes: B1 is A's and
 *      the universal pool's oldest lot).
 *      per-wallet: B1's 0.5 BTC (basis 5,000, acquired 2024-01-01) move to B.
 *   S2 2025-02-01 wallet B sells 0.6 BTC for 30,000 (50,000/BTC)
 *      per-wallet: B holds [B1 0.5 @ 5,000 from 2024-01-01, B2 0.5 @ 10,000 from 2024-02-01]
 *        B1 0.5 → long (after 2025-01-01): proceeds 25,000, basis 5,000, gain 20,000
 *        B2 0.1 → 2025-02-01 is B2's anniversary → short: proceeds 5,000, basis 2,000, gain 3,000
 *      universal: pool [B1 0.499 @ 4,990, B2 1 @ 20,000]
 *        B1 0.499 → long: proceeds 24,950, basis 4,990, gain 19,960
 *        B2 0.101 → short: proceeds 5,050, basis 2,020, gain 3,030
 */
const rows = [
  buy('B1', '2024-01-01T00:00:00Z', '1', 'BTC', '10000', { wallet: 'A' }),
  buy('B2', '2024-02-01T00:00:00Z', '1', 'BTC', '20000', { wallet: 'B' }),
  sell('S1', '2024-03-01T00:00:00Z', '0.5', 'BTC', '15000', { wallet: 'B' }),
  outgoing('X-out', '2024-04-01T00:00:00Z', '0.5', 'BTC', '15000', {
    wallet: 'A',
    classification: 'self_transfer',
    pairId: 'x',
    fee: { asset: 'BTC', amount: '0.001' },
  }),
  incoming('X-in', '2024-04-01T00:20:00Z', '0.5', 'BTC', null, {
    wallet: 'B',
    classification: 'self_transfer',
    pairId: 'x',
  }),
  sell('S2', '2025-02-01T00:00:00Z', '0.6', 'BTC', '30000', { wallet: 'B' }),
];

describe('golden: self-transfers', () => {
  it('per-wallet: lots move with basis and date, the fee is a disposal', () => {
    const result = calculate(rows, { basis: 'per-wallet' });
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '15000',
        costBasis: '10000',
        gain: '5000',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'X-out',
        asset: 'BTC',
        amount: '0.001',
        proceeds: '30',
        costBasis: '10',
        gain: '20',
        term: 'short',
        category: 'transfer_fee',
      },
    ]);
    expect(year(result, 2025).disposals.map(brief)).toEqual([
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.1',
        proceeds: '5000',
        costBasis: '2000',
        gain: '3000',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '25000',
        costBasis: '5000',
        gain: '20000',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(result.holdings.map((h) => [h.wallet, h.lotId, h.amount, h.costBasis, h.acquiredAt])).toEqual([
      ['A', 'B1', '0.499', '4990', '2024-01-01'],
      ['B', 'B2', '0.4', '8000', '2024-02-01'],
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('universal: one pool per asset, only the fee is taxable', () => {
    const result = calculate(rows, { basis: 'universal' });
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'S1',
        asset: 'BTC',
        amount: '0.5',
        proceeds: '15000',
        costBasis: '5000',
        gain: '10000',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'X-out',
        asset: 'BTC',
        amount: '0.001',
        proceeds: '30',
        costBasis: '10',
        gain: '20',
        term: 'short',
        category: 'transfer_fee',
      },
    ]);
    const y2025 = year(result, 2025);
    expect(y2025.disposals.map(brief)).toEqual([
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.101',
        proceeds: '5050',
        costBasis: '2020',
        gain: '3030',
        term: 'short',
        category: 'sale',
      },
      {
        txId: 'S2',
        asset: 'BTC',
        amount: '0.499',
        proceeds: '24950',
        costBasis: '4990',
        gain: '19960',
        term: 'long',
        category: 'sale',
      },
    ]);
    expect(totals(y2025)).toEqual({
      proceeds: '30000',
      costBasis: '7010',
      shortTermGain: '3030',
      longTermGain: '19960',
      income: '0',
    });
    expect(result.holdings.map((h) => [h.wallet, h.lotId, h.amount, h.costBasis])).toEqual([
      ['B', 'B2', '0.899', '17980'],
    ]);
  });

  it('treats a received amount smaller than sent (no fee field) as the transfer fee', () => {
    // A sends 1 BTC, B receives 0.9995: 0.0005 BTC fee at 30,000 = 15, basis 0.0005 × 10,000 = 5.
    const result = calculate(
      [
        buy('B1', '2024-01-01T00:00:00Z', '1', 'BTC', '10000', { wallet: 'A' }),
        outgoing('o', '2024-04-01T00:00:00Z', '1', 'BTC', '30000', {
          wallet: 'A',
          classification: 'self_transfer',
          pairId: 'p',
        }),
        incoming('i', '2024-04-01T00:00:00Z', '0.9995', 'BTC', null, {
          wallet: 'B',
          classification: 'self_transfer',
          pairId: 'p',
        }),
      ],
      { basis: 'per-wallet' },
    );
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'o',
        asset: 'BTC',
        amount: '0.0005',
        proceeds: '15',
        costBasis: '5',
        gain: '10',
        term: 'short',
        category: 'transfer_fee',
      },
    ]);
    expect(result.holdings.map((h) => [h.wallet, h.amount, h.costBasis])).toEqual([['B', '0.9995', '9995']]);
  });

  it('records which lots moved when asked (audit)', () => {
    const result = calculate(rows, { basis: 'per-wallet', recordMoves: true });
    expect(result.moves).toEqual([
      {
        txId: 'X-out',
        movedAt: '2024-04-01',
        from: 'A',
        to: 'B',
        asset: 'BTC',
        lots: [
          {
            lotId: 'B1',
            acquiredAt: '2024-01-01',
            acquiredTimestamp: '2024-01-01T00:00:00.000Z',
            amount: '0.5',
            costBasis: '5000',
          },
        ],
      },
    ]);
    expect(calculate(rows, { basis: 'per-wallet' }).moves).toBeUndefined();
  });

  it("moves the source wallet's lots by the year's method (HIFO)", () => {
    /*
     * A buys 1 ETH at 1,000, 1 at 3,000, 1 at 2,000. HIFO: moving 1.5 ETH to B takes the 3,000 lot
     * and half the 2,000 lot (1,000). B then sells 1.5 for 4,500: basis 4,000, gain 500.
     */
    const eth = [
      buy('E1', '2024-01-01T00:00:00Z', '1', 'ETH', '1000', { wallet: 'A' }),
      buy('E2', '2024-01-02T00:00:00Z', '1', 'ETH', '3000', { wallet: 'A' }),
      buy('E3', '2024-01-03T00:00:00Z', '1', 'ETH', '2000', { wallet: 'A' }),
      outgoing('o', '2024-02-01T00:00:00Z', '1.5', 'ETH', '3000', {
        wallet: 'A',
        classification: 'self_transfer',
        pairId: 'e',
      }),
      incoming('i', '2024-02-01T00:00:00Z', '1.5', 'ETH', null, {
        wallet: 'B',
        classification: 'self_transfer',
        pairId: 'e',
      }),
      sell('S', '2024-03-01T00:00:00Z', '1.5', 'ETH', '4500', { wallet: 'B' }),
    ];
    const result = calculate(eth, { basis: 'per-wallet', method: 'hifo', recordMoves: true });
    expect(result.moves![0]!.lots.map((l) => [l.lotId, l.amount, l.costBasis])).toEqual([
      ['E2', '1', '3000'],
      ['E3', '0.5', '1000'],
    ]);
    expect(year(result, 2024).disposals.map(brief)).toEqual([
      {
        txId: 'S',
        asset: 'ETH',
        amount: '1.5',
        proceeds: '4500',
        costBasis: '4000',
        gain: '500',
        term: 'short',
        category: 'sale',
      },
    ]);
    expect(result.holdings.map((h) => [h.wallet, h.lotId, h.amount])).toEqual([
      ['A', 'E1', '1'],
      ['A', 'E3', '0.5'],
    ]);
  });
});
