import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type {
  ImportResult,
  NormalisedTransaction,
  RowError,
  SkippedRow,
} from '@lotwise/contracts/normalised';
import { describe, expect, it } from 'vitest';
import { sortRecords } from '../src/core/driver.ts';
import { parseFile } from '../src/parse.ts';
import { chunksOf, parseStream, type StreamSummary } from '../src/parse-stream.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function cases(kind: 'ok' | 'not-ok'): [string, string][] {
  const out: [string, string][] = [];
  for (const format of readdirSync(root).sort()) {
    const dir = join(root, format, kind);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort())
      if (f.endsWith('.csv')) out.push([`${format}/${f}`, join(dir, f)]);
  }
  return out;
}

function optionsOf(path: string): Record<string, string> {
  const p = path.replace(/\.csv$/, '.options.json');
  return existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : {};
}

/** Stream `bytes` in `size`-byte chunks and collect everything into parseFile's shape. */
async function streamed(
  bytes: Uint8Array,
  size: number,
  options: Record<string, string> = {},
): Promise<{ result: ImportResult; summary: StreamSummary; batches: number[] }> {
  const transactions: NormalisedTransaction[] = [];
  const errors: RowError[] = [];
  const skipped: SkippedRow[] = [];
  const batches: number[] = [];
  const summary = await parseStream(chunksOf(bytes, size), options, {
    records: (b) => {
      batches.push(b.length);
      transactions.push(...b);
    },
    errors: (b) => {
      errors.push(...b);
    },
    skipped: (b) => {
      skipped.push(...b);
    },
  });
  return {
    result: { format: summary.format, transactions: sortRecords(transactions), skipped, errors },
    summary,
    batches,
  };
}

const SIZES = [1, 7, 4096];

describe('parseStream gives parseFile output for the ok samples', () => {
  it.each(cases('ok'))('%s', async (_name, path) => {
    const bytes = readFileSync(path);
    const options = optionsOf(path);
    const expected = parseFile(bytes, options);
    for (const size of SIZES) {
      const { result, summary } = await streamed(bytes, size, options);
      expect(result, `chunk size ${size}`).toEqual(expected);
      expect(summary).toEqual({
        format: expected.format,
        records: expected.transactions.length,
        errors: 0,
        skipped: expected.skipped.length,
        fatal: null,
      });
    }
  });
});

describe('parseStream gives parseFile errors for the broken variants', () => {
  it.each(cases('not-ok'))('%s', async (_name, path) => {
    const bytes = readFileSync(path);
    const options = optionsOf(path);
    const expected = parseFile(bytes, options);
    for (const size of SIZES) {
      const { result, summary } = await streamed(bytes, size, options);
      expect(result, `chunk size ${size}`).toEqual(expected);
      expect(summary.errors).toBe(expected.errors.length);
      if (summary.fatal) {
        expect(summary.records).toBe(0);
        expect(summary.fatal).toEqual(expected.errors[0]);
      }
    }
  });
});

const enc = new TextEncoder();

describe('parseStream edge cases', () => {
  const header =
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

  it.each([
    [
      'CRLF, quoted newlines and doubled quotes',
      `${header}\r\n2024-01-01 00:00:00,,,1,BTC,,,,,,"a ""b""\r\nc",\r\n2024-01-02 00:00:00,1,BTC,,,,,,,,"x,y",\r\n`,
    ],
    [
      'CR-only line breaks inside the body',
      `${header}\n2024-01-01 00:00:00,,,1,BTC,,,,,,,\r2024-01-02 00:00:00,1,BTC,,,,,,,,,\r`,
    ],
    [
      'BOM, preamble and no final newline',
      `\uFEFFExported by Koinly\n\n${header}\n2024-01-01 00:00:00,,,1,BTC,,,,,,é,`,
    ],
    ['truncated inside a quoted value', `${header}\n2024-01-01 00:00:00,,,1,BTC,,,,,,"open\n`],
  ])('%s', async (_name, text) => {
    const bytes = enc.encode(text);
    const expected = parseFile(bytes);
    for (const size of [1, 2, 3, 5, 64, 1 << 16]) {
      expect((await streamed(bytes, size)).result, `chunk size ${size}`).toEqual(expected);
    }
  });

  it('decides Windows-1252 when the first non-ASCII byte is far into the file', async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `2024-01-01 00:00:${String(i % 60).padStart(2, '0')},,,1,BTC,,,,,,row ${i},`,
    );
    const ascii = enc.encode(`${header}\n${rows.join('\n')}\n`);
    const tail = new Uint8Array([
      ...enc.encode('2024-02-01 00:00:00,,,1,BTC,,,,,,caf'),
      0xe9,
      0x80,
      ...enc.encode(',\n'),
    ]);
    const bytes = new Uint8Array(ascii.length + tail.length);
    bytes.set(ascii);
    bytes.set(tail, ascii.length);
    const expected = parseFile(bytes);
    expect(expected.transactions.at(-1)?.note).toBe('café€');
    for (const size of [1, 4096, 65_536]) {
      expect((await streamed(bytes, size)).result, `chunk size ${size}`).toEqual(expected);
    }
  });

  it('reports an unknown layout as fatal without records', async () => {
    const bytes = enc.encode('foo,bar\n1,2\n');
    const { summary, result } = await streamed(bytes, 3);
    expect(result).toEqual(parseFile(bytes));
    expect(summary.fatal?.message).toMatch(/^Unrecognised file layout/);
    expect(summary.records).toBe(0);
  });

  it('hands over batches of at most 1000 records', async () => {
    const rows = Array.from({ length: 2500 }, () => '2024-01-01 00:00:00,,,1,BTC,,,,,,,');
    const { batches, summary } = await streamed(enc.encode(`${header}\n${rows.join('\n')}\n`), 4096);
    expect(summary.records).toBe(2500);
    expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(2500);
  });

  it('waits for an async sink before reading on', async () => {
    const rows = Array.from({ length: 3000 }, () => '2024-01-01 00:00:00,,,1,BTC,,,,,,,');
    const bytes = enc.encode(`${header}\n${rows.join('\n')}\n`);
    let pending = 0;
    let maxPending = 0;
    await parseStream(
      chunksOf(bytes, 1024),
      {},
      {
        records: async () => {
          pending += 1;
          maxPending = Math.max(maxPending, pending);
          await new Promise((r) => setTimeout(r, 1));
          pending -= 1;
        },
      },
    );
    expect(maxPending).toBe(1);
  });
});

/** A Koinly universal CSV of `n` rows, generated chunk by chunk (never held whole). */
export async function* universalCsv(n: number, rowsPerChunk = 500): AsyncGenerator<Uint8Array> {
  yield enc.encode(
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n',
  );
  const base = Date.UTC(2020, 0, 1);
  for (let start = 0; start < n; start += rowsPerChunk) {
    let s = '';
    for (let i = start; i < Math.min(n, start + rowsPerChunk); i += 1) {
      const d = new Date(base + i * 60_000).toISOString().replace('T', ' ').slice(0, 19);
      s +=
        i % 3 === 0
          ? `${d} UTC,1000.${i % 100},EUR,0.0${(i % 997) + 1},BTC,2.50,EUR,1000,EUR,,Buy ${i},\n`
          : i % 3 === 1
            ? `${d} UTC,,,0.5,DOT,,,3.10,EUR,reward,"Staking, payout",\n`
            : `${d} UTC,0.005,BTC,,,0.00001,BTC,,,,Send,0xabc${i}\n`;
    }
    yield enc.encode(s);
  }
}

/** A real full collection, so retained heap is measured rather than GC slack. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('parseStream memory', () => {
  it('streams a 200k-row universal CSV with flat memory', async () => {
    const gc = collector();
    const n = 200_000;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peakRetained = 0;
    let records = 0;
    let buys = 0;
    let batches = 0;
    const summary = await parseStream(
      universalCsv(n),
      {},
      {
        records(batch) {
          records += batch.length;
          for (const r of batch) if (r.kind === 'buy') buys += 1;
          batches += 1;
          if (batches % 20 === 0) {
            gc();
            peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed - before);
          }
        },
      },
    );
    expect(summary).toEqual({ format: 'koinly-universal', records: n, errors: 0, skipped: 0, fatal: null });
    expect(records).toBe(n);
    expect(buys).toBe(Math.ceil(n / 3));
    // Holding 200k records (or the ~17 MB file as text) would retain well over 100 MB; a
    // stream keeps one chunk, one partial row and one batch.
    expect(peakRetained / 2 ** 20).toBeLessThan(16);
  }, 60_000);
});
