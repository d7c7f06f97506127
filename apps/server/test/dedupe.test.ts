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

  it('numbers repeats however far apart they are in the file', () => {
    const at = (i: number) =>
      record('1', { timestamp: `2024-01-01T00:00:00.${String(i).padStart(4, '0')}Z` });
    const first = dedupeKeys('koinly', [at(0), at(0), at(0)]);
    expect(new Set(first).size).toBe(3);
    // The third copy is the third copy whether 10 or 5,000 other timestamps come between.
    const near = dedupeKeys('koinly', [
      at(0),
      at(0),
      ...Array.from({ length: 10 }, (_, i) => at(i + 1)),
      at(0),
    ]);
    const far = dedupeKeys('koinly', [
      at(0),
      ...Array.from({ length: 2500 }, (_, i) => at(i + 1)),
      at(0),
      ...Array.from({ length: 2500 }, (_, i) => at(i + 2501)),
      at(0),
    ]);
    expect(near.at(-1)).toBe(first[2]);
    expect([far[0], far[2501], far.at(-1)]).toEqual(first);
    // Rows with an exchange id are numbered per timestamp too: the same id twice at one time is
    // two rows (the golden keys above fix the first one's key).
    const byId = record('1', { external_id: 'T-9' });
    const ids = dedupeKeys('kraken', [byId, byId]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(dedupeKeys('kraken', [byId])[0]).toBe(ids[0]);
  });

  it('counts a hundred thousand distinct rows without mixing them up', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      record(String(i % 997), { timestamp: `2024-01-01T00:${String(i % 60).padStart(2, '0')}:00Z` }),
    );
    const keys = dedupeKeys('koinly', rows);
    // 997 × 60 distinct contents (59,820); the rest repeat one of them and are numbered on.
    expect(new Set(keys).size).toBe(100_000);
    expect(dedupeKeys('koinly', rows)).toEqual(keys);
  });
});
