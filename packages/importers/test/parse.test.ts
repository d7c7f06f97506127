import { describe, expect, it } from 'vitest';
import { listFormats, parseFile } from '../src/parse.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const KOINLY =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n';

describe('parseFile', () => {
  it('lists unique kebab-case format ids', () => {
    const ids = listFormats().map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9.]+)*$/);
    expect(ids).toContain('koinly-universal');
  });

  it('reports an unknown layout without throwing', () => {
    const r = parseFile(enc('foo,bar\n1,2\n'));
    expect(r.format).toBe('unknown');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 1, column: null });
    expect(r.errors[0]?.message).toMatch(/^Unrecognised file layout/);
  });

  it('reports an empty file and an unknown --format id', () => {
    expect(parseFile(new Uint8Array()).errors[0]?.message).toContain('(empty file)');
    const r = parseFile(enc(KOINLY), { format: 'nope' });
    expect(r.format).toBe('unknown');
    expect(r.errors[0]?.message).toContain('Unknown format "nope"');
  });

  it('refuses a forced format whose header is absent', () => {
    const r = parseFile(enc(KOINLY), { format: 'kraken-ledgers' });
    expect(r.format).toBe('kraken-ledgers');
    expect(r.errors[0]?.message).toContain('Header of Kraken ledgers.csv not found');
  });

  it('decodes Windows-1252 files (Excel re-save)', () => {
    const text = `${KOINLY}2024-01-13 14:25 UTC,1000,EUR,0.02391,BTC,,,,,,Caf\xe9 \x80 purchase,\n`;
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const r = parseFile(bytes);
    expect(r.errors).toEqual([]);
    expect(r.transactions[0]?.note).toBe('Café € purchase');
  });

  it('parses a large file in linear time and sorts newest-first input', () => {
    const rows: string[] = [];
    const n = 200_000;
    for (let i = n; i > 0; i -= 1) {
      const t = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      rows.push(`${t} UTC,,,0.001,BTC,,,,,,"row, ${i}",`);
    }
    const bytes = enc(KOINLY + rows.join('\n'));
    expect(bytes.length).toBeGreaterThan(9_000_000);
    const t0 = performance.now();
    const r = parseFile(bytes);
    const ms = performance.now() - t0;
    expect(r.errors).toEqual([]);
    expect(r.transactions).toHaveLength(n);
    expect(r.transactions[0]?.source_lines).toEqual([n + 1]);
    expect(ms).toBeLessThan(20_000);
  }, 60_000);
});
