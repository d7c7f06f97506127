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
});
