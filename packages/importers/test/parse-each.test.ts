import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { describe, expect, it } from 'vitest';
import { sortRecords } from '../src/core/driver.ts';
import { parseFile, parseFileEach } from '../src/parse.ts';

/**
 * parseFileEach hands each record over as it is made (the CLI keeps only what the calculation
 * reads); sorted as parseFile sorts, it must be parseFile's result exactly, errors and skipped
 * rows included, for every fixture: good files, broken ones and unknown layouts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function files(): string[] {
  const out: string[] = [];
  for (const format of readdirSync(root).sort()) {
    for (const kind of ['ok', 'not-ok']) {
      const dir = join(root, format, kind);
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir).sort()) if (f.endsWith('.csv')) out.push(join(dir, f));
    }
  }
  return out;
}

describe('parseFileEach', () => {
  it.each(files().map((f) => [f.slice(root.length + 1), f]))('%s: the same as parseFile', (_name, path) => {
    const optionsPath = path.replace(/\.csv$/, '.options.json');
    const options = existsSync(optionsPath) ? JSON.parse(readFileSync(optionsPath, 'utf8')) : {};
    const bytes = readFileSync(path);
    const emitted: NormalisedTransaction[] = [];
    const rest = parseFileEach(bytes, options, (tx) => emitted.push(tx));
    expect({ ...rest, transactions: sortRecords(emitted) }).toEqual(parseFile(bytes, options));
  });

  it("an unknown layout: no records and parseFile's line-1 error", () => {
    const bytes = Buffer.from('foo,bar\n1,2\n');
    const emitted: NormalisedTransaction[] = [];
    const rest = parseFileEach(bytes, {}, (tx) => emitted.push(tx));
    expect(emitted).toEqual([]);
    expect(rest.format).toBe('unknown');
    const { transactions: _none, ...expected } = parseFile(bytes, {});
    expect(rest).toEqual(expected);
  });
});
