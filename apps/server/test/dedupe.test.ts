import { describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';

const record = (amount: string, extra: object = {}) => ({
  timestamp: '2024-01-01T00:00:00Z',
  kind: 'buy' as const,
  received: { asset: 'BTC', amount },
  source_lines: [2],
  ...extra,
});

describe('dedupe keys', () => {
  it('treats equal amounts written differently as the same row', () => {
    const [a] = dedupeKeys('koinly', [record('1.50')]);
    const [b] = dedupeKeys('koinly', [record('1.5')]);
    const [c] = dedupeKeys('koinly', [record('01.500')]);
    const [d] = dedupeKeys('koinly', [record('1.5e0')]);
    expect(new Set([a, b, c, d]).size).toBe(1);
    expect(dedupeKeys('koinly', [record('15')])[0]).not.toBe(a);
    expect(dedupeKeys('koinly', [record('0.15')])[0]).not.toBe(a);
  });

  it('keeps two identical rows of one file apart, and gives the same keys to the same file again', () => {
    const file = [record('1'), record('1')];
    const first = dedupeKeys('koinly', file);
    expect(first[0]).not.toBe(first[1]);
    expect(dedupeKeys('koinly', file)).toEqual(first);
  });

  it('uses the exchange id when there is one, whatever the line numbers', () => {
    const [a] = dedupeKeys('kraken', [record('1', { external_id: 'TX1', source_lines: [5] })]);
    const [b] = dedupeKeys('kraken', [record('1', { external_id: 'TX1', source_lines: [9] })]);
    const [c] = dedupeKeys('coinbase', [record('1', { external_id: 'TX1' })]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  // Keys are stored: a change to how they are built would make every earlier import look new.
  it('builds the same keys as the stored data was built with', () => {
    const keys = dedupeKeys('koinly', [
      record('1.50'),
      record('1.5'),
      record('2', {
        timestamp: '2024-01-01T00:00:00.500+02:00',
        external_id: 'T-1',
        fee: { asset: 'ETH', amount: '0.010' },
      }),
    ]);
    expect(keys).toEqual([
      '202401010000006567f9ddf6703755d9fa2823691ca2869ebc556113cde3b6',
      '202401010000000cfb5dc65fb2992d55fb6e80e96c6fee1288c570c397d08d',
      '20240101000000b499cf49d510b40d8c11d5fd587af547f7eb7b174432a37c',
    ]);
  });

  it('counts repeats per timestamp over the last 2,000 distinct timestamps only', () => {
    const at = (i: number) =>
      record('1', { timestamp: `2024-01-01T00:00:00.${String(i).padStart(4, '0')}Z` });
    const first = dedupeKeys('koinly', [at(0), at(0)]);
    // Within the window the third copy is numbered 3; after 2,000 other timestamps it starts over.
    const near = dedupeKeys('koinly', [
      at(0),
      at(0),
      ...Array.from({ length: 1999 }, (_, i) => at(i + 1)),
      at(0),
    ]);
    const far = dedupeKeys('koinly', [
      at(0),
      at(0),
      ...Array.from({ length: 2000 }, (_, i) => at(i + 1)),
      at(0),
    ]);
    expect(near.at(-1)).not.toBe(first[0]);
    expect(near.at(-1)).not.toBe(first[1]);
    expect(far.at(-1)).toBe(first[0]);
  });
});
