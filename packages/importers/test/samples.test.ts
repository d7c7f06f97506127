import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importResult } from '@lotwise/contracts/normalised';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../src/parse.ts';

/**
 * Fixture-driven tests. `fixtures/<format>/ok/*.csv` must parse to exactly the full normalised
 * output in the sibling `*.expected.json`; `fixtures/<format>/not-ok/*.csv` must give exactly
 * the listed row errors (line, column, message). Optional `*.options.json` holds parse options.
 */
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

function load(path: string): { options: Record<string, string>; expected: unknown } {
  const optionsPath = path.replace(/\.csv$/, '.options.json');
  const options = existsSync(optionsPath) ? JSON.parse(readFileSync(optionsPath, 'utf8')) : {};
  const expected = JSON.parse(readFileSync(path.replace(/\.csv$/, '.expected.json'), 'utf8'));
  return { options, expected };
}

describe('ok samples parse to the expected normalised output', () => {
  it.each(cases('ok'))('%s', (_name, path) => {
    const { options, expected } = load(path);
    const result = parseFile(readFileSync(path), options);
    expect(importResult.parse(result)).toEqual(result);
    expect(result.errors).toEqual([]);
    expect(result).toEqual(expected);
  });
});

describe('broken variants give row-level errors', () => {
  it.each(cases('not-ok'))('%s', (_name, path) => {
    const { options, expected } = load(path);
    const result = parseFile(readFileSync(path), options);
    expect(result.errors.length).toBeGreaterThan(0);
    expect({
      format: result.format,
      transactionCount: result.transactions.length,
      errors: result.errors,
    }).toEqual(expected);
  });
});
