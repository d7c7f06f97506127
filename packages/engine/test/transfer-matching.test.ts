import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import { matchTransfers } from '../src/transfer-matching.ts';
import { buy, incoming, outgoing } from './helpers.ts';

describe('matchTransfers', () => {
  it('pairs by hash, then by asset, time and amount', () => {
    const rows = [
      buy('b', '2024-01-01T00:00:00Z', '2', 'BTC', '20000', { wallet: 'A' }),
      outgoing('o1', '2024-02-01T00:00:00Z', '1', 'BTC', null, { wallet: 'A', tx_hash: '0xAB' }),
      incoming('i1', '2024-02-01T05:00:00Z', '0.999', 'BTC', null, { wallet: 'B', tx_hash: '0xab' }),
      outgoing('o2', '2024-03-01T00:00:00Z', '0.5', 'BTC', null, { wallet: 'A' }),
      incoming('i-late', '2024-03-03T00:00:00Z', '0.5', 'BTC', null, { wallet: 'B' }),
      incoming('i2', '2024-03-01T01:00:00Z', '0.49', 'BTC', null, { wallet: 'C' }),
      incoming('i-other', '2024-03-01T01:00:00Z', '0.49', 'ETH', null, { wallet: 'C' }),
    ];
    const matched = matchTransfers(rows);
    expect(rows.every((row) => row.pairId === undefined && row.classification === undefined)).toBe(true);
    // In place (the CLI's own rows): the same marks, on the caller's list and rows.
    const own = rows.map((row) => ({ ...row }));
    const marked = matchTransfers(own, { inPlace: true });
    expect(marked).toBe(own);
    expect(marked).toEqual(matched);
    expect(matched.map((t) => t.pairId ?? null)).toEqual([
      null,
      'auto:o1',
      'auto:o1',
      'auto:o2',
      null,
      'auto:o2',
      null,
    ]);
    const result = calculate(matched, { basis: 'per-wallet', prices: () => '40000' });
    // Fees: 0.001 BTC and 0.01 BTC at 40,000 = 40 and 400 proceeds; basis 10 and 100.
    expect(
      result.years['2024']!.disposals.map((d) => [d.txId, d.category, d.amount, d.proceeds, d.costBasis]),
    ).toEqual([
      ['o1', 'transfer_fee', '0.001', '40', '10'],
      ['o2', 'transfer_fee', '0.01', '400', '100'],
    ]);
  });

  it('by hash: the deposit of the same asset, the last of several, never one of another asset', () => {
    const rows = [
      buy('b', '2024-01-01T00:00:00Z', '5', 'BTC', '20000', { wallet: 'A' }),
      buy('e', '2024-01-01T00:00:00Z', '5', 'ETH', '2000', { wallet: 'A' }),
      // One transaction moves BTC and ETH: each withdrawal finds the deposit of its own asset.
      outgoing('o-btc', '2024-02-01T00:00:00Z', '1', 'BTC', null, { wallet: 'A', tx_hash: '0xMULTI' }),
      outgoing('o-eth', '2024-02-01T00:00:00Z', '2', 'ETH', null, { wallet: 'A', tx_hash: '0xmulti' }),
      incoming('i-eth', '2024-02-01T00:10:00Z', '2', 'ETH', null, { wallet: 'B', tx_hash: '0xmulti' }),
      incoming('i-btc-1', '2024-02-01T00:10:00Z', '1', 'BTC', null, { wallet: 'B', tx_hash: '0xmulti' }),
      incoming('i-btc-2', '2024-02-01T00:10:00Z', '1', 'BTC', null, { wallet: 'C', tx_hash: '0xmulti' }),
      // A hash whose deposit is of another asset only: no match by hash (nor by amount here).
      outgoing('o-lone', '2024-03-01T00:00:00Z', '1', 'BTC', null, { wallet: 'A', tx_hash: '0xlone' }),
      incoming('i-lone', '2024-03-01T00:10:00Z', '7', 'ETH', null, { wallet: 'B', tx_hash: '0xlone' }),
    ];
    const pairs = matchTransfers(rows).map((t) => [t.id, t.pairId ?? null]);
    expect(pairs).toEqual([
      ['b', null],
      ['e', null],
      ['o-btc', 'auto:o-btc'],
      ['o-eth', 'auto:o-eth'],
      ['i-eth', 'auto:o-eth'],
      ['i-btc-1', null],
      ['i-btc-2', 'auto:o-btc'],
      ['o-lone', null],
      ['i-lone', null],
    ]);
  });
});
