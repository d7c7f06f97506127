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
    expect(chunks.length).toBeGreaterThan(10);
    expect(JSON.parse(chunks.join(''))).toEqual({ lines });
  });
});
