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

async function written(value: unknown): Promise<{ text: string; chunks: number }> {
  const { out, chunks } = sink();
  await writeJson(value, out);
  return { text: chunks.join(''), chunks: chunks.length };
}

/** What JSON.stringify says the value is (undefined properties gone, odd list items null). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('writeJson (lotwise calc --json, streamed)', () => {
  it('writes exactly what JSON.stringify(value, null, 2) would when no list is long, and a newline', async () => {
    const value = {
      years: { '2024': { proceeds: '12521.00', lines: [], empty: {} } },
      warnings: [{ code: 'missing_price', message: 'No "price" for ÅKE\non 2024-02-01', row: null }],
      numbers: [0, -1.5, 1e21],
      flag: true,
      skipped: undefined,
      wide: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i % 2 ? [i] : { v: i }])),
    };
    expect((await written(value)).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('prints each item of a long list compact on its own line, in many chunks', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => ({
      id: `tx-${i}`,
      gain: `${i}.01`,
      lots: [{ id: i }],
    }));
    const { text, chunks } = await written({ years: { '2024': { proceeds: '1', disposals: lines } } });
    expect(chunks).toBeGreaterThan(1);
    const rows = text.split('\n');
    expect(rows).toContain('        {"id":"tx-0","gain":"0.01","lots":[{"id":0}]},');
    expect(rows).toContain('        {"id":"tx-49999","gain":"49999.01","lots":[{"id":49999}]}');
    expect(rows.length).toBe(50_000 + 10);
    expect(JSON.parse(text)).toEqual({ years: { '2024': { proceeds: '1', disposals: lines } } });
  });

  it('reads back as the same JSON for nested, odd and huge values', async () => {
    const value = {
      years: {
        '2023': {
          disposals: Array.from({ length: 40 }, (_, i) => ({
            id: i,
            lots: Array.from({ length: i }, (_, j) => ({ j, at: new Date(Date.UTC(2023, 0, 1 + j)) })),
            missing: i % 3 === 0 ? undefined : 'x',
          })),
        },
      },
      holes: [undefined, () => 1, null, 'a\nb', Symbol('s'), ...Array.from({ length: 15 }, () => undefined)],
      // An item of a long list that holds a huge list is walked, not printed on one line.
      nested: Array.from({ length: 17 }, (_, i) =>
        i === 3 ? { big: Array.from({ length: 10_001 }, (_, j) => j) } : [],
      ),
    };
    const { text } = await written(value);
    expect(JSON.parse(text)).toEqual(asJson(value));
    expect(text).toContain('\n  "holes": [\n    null,\n    null,\n    null,\n    "a\\nb",\n');
    expect(text).toContain('    {\n      "big": [\n        0,\n        1,');
  });
});
