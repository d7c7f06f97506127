import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeJson } from '../src/calc/write-json.ts';

function sink(): { out: Writable; chunks: string[] } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { out, chunks };
}

describe('writeJson (lotwise calc --json, streamed)', () => {
  it('writes exactly what JSON.stringify(value, null, 2) would, and a newline', async () => {
    const value = {
      years: { '2024': { proceeds: '12521.00', lines: [], empty: {} } },
      warnings: [{ code: 'missing_price', message: 'No "price" for ÅKE\non 2024-02-01', row: null }],
      numbers: [0, -1.5, 1e21],
      flag: true,
      skipped: undefined,
    };
    const { out, chunks } = sink();
    await writeJson(value, out);
    expect(chunks.join('')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('writes a large result in many chunks instead of one string', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => ({
      id: `tx-${i}`,
      gain: `${i}.01`,
      lots: [{ id: i }],
    }));
    const { out, chunks } = sink();
    await writeJson({ lines }, out);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(`${JSON.stringify({ lines }, null, 2)}\n`);
  });

  it('walks large nested containers and prints every value as JSON.stringify would', async () => {
    const value = {
      years: {
        '2023': {
          disposals: Array.from({ length: 40 }, (_, i) => ({
            id: i,
            lots: Array.from({ length: i }, (_, j) => ({ j, at: new Date(Date.UTC(2023, 0, 1 + j)) })),
            missing: i % 3 === 0 ? undefined : 'x',
          })),
          wide: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 ? [i] : { v: i }])),
        },
      },
      holes: [undefined, () => 1, null, 'a\nb', Symbol('s'), ...Array.from({ length: 15 }, () => undefined)],
      big: Array.from({ length: 20 }, (_, i) => (i % 2 ? [] : {})),
    };
    const { out, chunks } = sink();
    await writeJson(value, out);
    expect(chunks.join('')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });
});
