import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseOptions } from '../../src/core/types.ts';

/** A file the fuzz tests mutate: an importer fixture or a sample export, with its parse options. */
export interface Seed {
  name: string;
  text: string;
  options: ParseOptions;
}

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(here, '..', 'fixtures');
const SAMPLES = join(here, '..', '..', '..', '..', 'fixtures', 'exchange-samples');

/** Every `ok` importer fixture (with its options) and every sample export in the repository. */
export function loadSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const format of readdirSync(FIXTURES).sort()) {
    const dir = join(FIXTURES, format, 'ok');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!f.endsWith('.csv')) continue;
      const path = join(dir, f);
      const optionsPath = path.replace(/\.csv$/, '.options.json');
      const options = existsSync(optionsPath)
        ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as ParseOptions)
        : {};
      seeds.push({ name: `${format}/${f}`, text: text(readFileSync(path)), options });
    }
  }
  for (const f of readdirSync(SAMPLES).sort()) {
    if (f.endsWith('.csv'))
      seeds.push({ name: `samples/${f}`, text: text(readFileSync(join(SAMPLES, f))), options: {} });
  }
  return seeds;
}

/** Seeds are mutated as text: the UTF-16 fixtures are read back to it first. */
function text(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length > 1 && bytes[0] === 0 && bytes[1] !== 0)
    return Buffer.from(bytes).swap16().toString('utf16le');
  if (bytes.length > 1 && bytes[1] === 0 && bytes[0] !== 0) return bytes.toString('utf16le');
  return bytes.toString('utf8');
}
