import { describe, expect, it } from 'vitest';
import { mutate, Rng } from './fuzz/mutate.ts';
import { checkFile } from './fuzz/pipeline.ts';
import { fuzz } from './fuzz/run.ts';

/**
 * Issue 29's fuzz test: mutated copies of every importer fixture and sample export (hostile
 * cells, duplicated / dropped / shuffled lines, truncation, flipped bytes, CR / CRLF, UTF-16,
 * Windows-1252) through parse → transfer matching → the engine. `npm test` runs FILES of them;
 * `npx tsx bench/fuzz/run.ts 10000` runs the full count and prints the figures.
 */
const FILES = 3000;

describe('fuzz: mutated exports through parse, transfer matching and the engine', () => {
  it(`${FILES} mutated files: nothing throws, no NaN/Infinity, no row silently missing`, async () => {
    const report = await fuzz(FILES, 1);
    expect(report.failures.slice(0, 5)).toEqual([]);
    expect(report.files).toBe(FILES);
    // The mutations leave most files readable: the run exercises the formats, not just detection.
    expect(report.recognised).toBeGreaterThan(FILES * 0.8);
    expect(report.withTransactions).toBeGreaterThan(FILES * 0.6);
    expect(report.streamChecks).toBe(FILES / 10);
  }, 120_000);

  it('the same seed gives the same file (a failure can be replayed)', () => {
    const source = 'a,b\n1,2\n3,4\n';
    expect(mutate(source, new Rng(42))).toEqual(mutate(source, new Rng(42)));
  });

  it('flags what issue 29 found: a CR-only file must not parse to nothing without an error', () => {
    const header =
      'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
    const file = [header, '2024-01-13 14:25:00 UTC,1000,EUR,0.02391,BTC,,,,,,,'].join('\r');
    expect(checkFile(Buffer.from(file), {})).toMatchObject({ problems: [], transactions: 1, errors: 0 });
  });
});
