/**
 * Seeded mutations of real export files for the fuzz tests (issue 29): hostile cell values,
 * duplicated, dropped and shuffled lines, truncation, flipped bytes, CR / CRLF line endings and
 * UTF-16. The same seed always gives the same file, so a failure names the seed to replay.
 */

/** mulberry32: a small, fast, seeded PRNG (32-bit state). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Values that broke (or could break) an importer, a store or the engine. */
export const HOSTILE_VALUES: readonly string[] = [
  '-5',
  '--1',
  '+-1',
  '(-2)',
  '$-5',
  '-$5',
  '1e400',
  '1e-400',
  '1E+99',
  '9'.repeat(400),
  `0.${'0'.repeat(60)}1`,
  '1.304.00',
  '1,5',
  '1.234,56',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '١٢٣',
  '-0',
  '0',
  '',
  ' ',
  '-',
  'null',
  'undefined',
  '"',
  '""',
  '\u0000',
  '\uFEFF1',
  '\u00a05\u00a0',
  '🚀',
  '=HYPERLINK("http://x","y")',
  '<script>alert(1)</script>',
  "'; DROP TABLE transactions; --",
  'x'.repeat(5000),
  '2024-02-30 10:00:00',
  '2024-13-01 10:00:00',
  '2024-01-01 24:00:00',
  '2024-01-01T10:00:00+25:00',
  '2024-01-01T10:00:00-99:99',
  '9999-12-31 23:59:59',
  '0001-01-01 00:00:00',
  '1970-01-01 00:00:00',
  '2008-12-31 23:59:59',
  '2100-01-01 00:00:00',
  '99999999999',
  '1700000000',
  '01/02/0001 10:00',
  'BTC',
  'btc',
  'ETH ETH',
  'buy',
  'sell',
  'Send',
  'Receive',
  'Trade',
  'Deposit',
  'Withdrawal',
];

export type Mutation =
  | 'cell'
  | 'duplicate-line'
  | 'drop-line'
  | 'shuffle-lines'
  | 'truncate'
  | 'flip-bytes'
  | 'blank-lines'
  | 'cr'
  | 'crlf'
  | 'utf16le'
  | 'utf16le-bom'
  | 'utf16be'
  | 'utf16be-bom'
  | 'cp1252';

const TEXT_MUTATIONS: readonly Mutation[] = [
  'cell',
  'cell',
  'cell',
  'cell',
  'duplicate-line',
  'drop-line',
  'shuffle-lines',
  'blank-lines',
];
const BYTE_MUTATIONS: readonly Mutation[] = ['truncate', 'flip-bytes'];
const ENCODINGS: readonly Mutation[] = [
  'cr',
  'crlf',
  'utf16le',
  'utf16le-bom',
  'utf16be',
  'utf16be-bom',
  'cp1252',
];

export interface Mutated {
  bytes: Uint8Array;
  mutations: Mutation[];
}

/** One mutated copy of `source` (UTF-8 text of an export): 1–4 mutations, chosen by `rng`. */
export function mutate(source: string, rng: Rng): Mutated {
  const mutations: Mutation[] = [];
  const ending = source.includes('\r\n') ? '\r\n' : '\n';
  let lines = source.split(/\r\n|\n|\r/);
  const textCount = 1 + rng.int(3);
  for (let k = 0; k < textCount; k += 1) {
    const m = rng.pick(TEXT_MUTATIONS);
    mutations.push(m);
    lines = mutateLines(lines, m, rng);
  }
  let text = lines.join(ending);
  let encoding: Mutation | null = null;
  if (rng.next() < 0.35) {
    encoding = rng.pick(ENCODINGS);
    mutations.push(encoding);
    if (encoding === 'cr') text = text.replace(/\r\n|\n/g, '\r');
    if (encoding === 'crlf') text = text.replace(/\r\n|\n|\r/g, '\r\n');
  }
  let bytes = encode(text, encoding);
  if (rng.next() < 0.25) {
    const m = rng.pick(BYTE_MUTATIONS);
    mutations.push(m);
    bytes = m === 'truncate' ? bytes.slice(0, rng.int(bytes.length + 1)) : flipBytes(bytes, rng);
  }
  return { bytes, mutations };
}

function mutateLines(lines: string[], m: Mutation, rng: Rng): string[] {
  if (lines.length === 0) return lines;
  const at = rng.int(lines.length);
  switch (m) {
    case 'cell': {
      const line = lines[at] as string;
      const cells = line.split(',');
      const i = rng.int(cells.length);
      const value = rng.pick(HOSTILE_VALUES);
      // Quote a value with a delimiter or quote in it half of the time, as a spreadsheet would.
      cells[i] = /[",\r\n]/.test(value) && rng.next() < 0.5 ? `"${value.replace(/"/g, '""')}"` : value;
      return [...lines.slice(0, at), cells.join(','), ...lines.slice(at + 1)];
    }
    case 'duplicate-line':
      return [...lines.slice(0, at + 1), lines[at] as string, ...lines.slice(at + 1)];
    case 'drop-line':
      return [...lines.slice(0, at), ...lines.slice(at + 1)];
    case 'shuffle-lines': {
      const out = [...lines];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j] as string, out[i] as string];
      }
      return out;
    }
    case 'blank-lines':
      return [...lines.slice(0, at), '', ' ', ',,,', ...lines.slice(at)];
    default:
      return lines;
  }
}

function encode(text: string, encoding: Mutation | null): Uint8Array {
  switch (encoding) {
    case 'utf16le':
      return Buffer.from(text, 'utf16le');
    case 'utf16le-bom':
      return Buffer.from(`\ufeff${text}`, 'utf16le');
    case 'utf16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'utf16be-bom':
      return Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    case 'cp1252':
      // Characters beyond Latin-1 become '?', as a legacy "Save as CSV" does.
      return Buffer.from(text.replace(/[\u0100-\uffff]/g, '?'), 'latin1');
    default:
      return Buffer.from(text, 'utf8');
  }
}

function flipBytes(bytes: Uint8Array, rng: Rng): Uint8Array {
  const out = bytes.slice();
  if (out.length === 0) return out;
  const flips = 1 + rng.int(8);
  for (let k = 0; k < flips; k += 1) out[rng.int(out.length)] = rng.int(256);
  return out;
}
