import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineTransaction } from '@lotwise/engine/types';
import { parseFileEach } from '@lotwise/importers/parse';
import { describe, expect, it } from 'vitest';
import { engineRow } from '../src/calc/load.ts';
import { universalLines } from '../src/calc/universal-lines.ts';

/**
 * The CLI reads the universal template's plain lines straight into engine rows; every line must
 * give what the koinly-universal parser gives (rows, their lines, errors and skipped rows,
 * texts included), whether the reader takes it or hands it to the parser.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

function parse(text: string, fast: boolean) {
  const rows: EngineTransaction[] = [];
  const lines: number[] = [];
  let taken = 0;
  const reader = universalLines('w', rows, lines);
  const counted = {
    format: reader.format,
    forHeader: (names: readonly string[], delimiter: string) => {
      const take = reader.forHeader(names, delimiter);
      return take === null
        ? null
        : (line: string, lineNo: number) => {
            const ok = take(line, lineNo);
            if (ok) taken++;
            return ok;
          };
    },
  };
  const result = parseFileEach(
    Buffer.from(text),
    { wallet: 'w' },
    (tx) => {
      rows.push(engineRow(tx, 'w'));
      lines.push(tx.source_lines[0] ?? -1);
    },
    fast ? counted : undefined,
  );
  return { result, rows, lines, taken };
}

function same(text: string): number {
  const fast = parse(text, true);
  const full = parse(text, false);
  expect(fast.result).toEqual(full.result);
  expect(fast.lines).toEqual(full.lines);
  expect(fast.rows).toEqual(full.rows);
  return fast.taken;
}

const POOLS: string[][] = [
  [
    '2024-03-19 19:43:31',
    '2024-03-19T19:43:31Z',
    '2024-02-30 10:00:00',
    ' 2024-03-19 19:43:31',
    '2024-03-19 19:43:31 ',
    '2024-03-19',
    '',
    'x',
    '2024-3-9 1:02:03',
    '2024-03-19 24:00:00',
    '2099-01-01 00:00:00',
    '2024-03-19\u000019:43:31',
  ],
  ['', '1.5', '0', '000.500', '10', '1.', '-1', '1,000', '123456789.1234', '1e3', ' 2', '-', '0.000000001'],
  ['BTC', 'USD', 'btc', 'EUR', '', ' ETH', 'TK003', 'A-B', '@SUM', 'ABCDEFGHIJKLMN', 'N/A'],
  ['', '2', '0.25', '3.000', '99999999.999', '1x', '-0'],
  ['ETH', 'USD', 'GBP', '', 'eth', 'TK001'],
  ['', '0.01', '0', 'abc'],
  ['', 'USD', 'BTC', 'usd'],
  ['', '100', '12.50', '-5', '1,234.5', '1234567890123'],
  ['', 'USD', 'EUR', 'usd', 'ABCDEFGHI', '-'],
  [
    '',
    'gift',
    'reward',
    'loan interest',
    'Gift',
    'swap',
    'constructor',
    'cost',
    'margin fee',
    ' lost',
    'mining',
    'toString',
  ],
  ['', 'buy', 'transfer out', 'a\u0000b', 'caf\u00e9'],
  ['', '0xabc', '-', 'N/A', ' 0xabc', 'x'.repeat(201), '0x\uFEFF1', 'a b', '0x000000000007'],
];

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function line(next: () => number, plain: boolean): string {
  return POOLS.map(
    (pool) => pool[plain ? Math.floor(next() * Math.min(3, pool.length)) : Math.floor(next() * pool.length)],
  ).join(',');
}

describe('universal template lines read by the CLI', () => {
  it('plain lines: taken, and the same rows as the parser gives', () => {
    const next = random(1);
    const body = Array.from({ length: 3000 }, () => line(next, true)).join('\n');
    expect(same(`${HEADER}\n${body}\n`)).toBeGreaterThan(500);
  });

  it('odd lines: the same rows, errors and skipped rows as the parser gives', () => {
    for (let seed = 2; seed < 8; seed++) {
      const next = random(seed);
      const body = Array.from({ length: 1500 }, () => line(next, next() < 0.5)).join('\n');
      same(`${HEADER}\n${body}\n`);
    }
  }, 60_000);

  it('blank, short and long lines, a last line without a break, quotes and CRs later on', () => {
    const ok = '2024-03-19 19:43:31,1.5,BTC,,,,,100,USD,,sell,0xa';
    same(`${HEADER}\n${ok}\n\n,,,,,,,,,,,\n${ok},extra\n2024-03-19 19:43:31,1\n${ok}`);
    same(`${HEADER}\n${ok}\n"2024-03-19 19:43:31",1.5,BTC,,,,,100,USD,,"a ""b""",0xb\n${ok}\n`);
    same(`${HEADER}\n${ok}\r\n${ok}\r\n${ok}\n`);
    same(`${HEADER}\r\n${ok}\r\n${ok}\r\n`);
    same(`${HEADER}\n${ok}\n"unterminated,${ok}\n`);
  });

  it('another header (order, extra column, semicolons): left to the parser', () => {
    const ok = '2024-03-19 19:43:31,1.5,BTC,,,,,100,USD,,sell,0xa';
    expect(same(`${HEADER},Extra\n${ok},1\n`)).toBe(0);
    expect(same(`${HEADER.replace('Label,Description', 'Description,Label')}\n${ok}\n`)).toBe(0);
    expect(same(`${HEADER.replaceAll(',', ';')}\n${ok.replaceAll(',', ';')}\n`)).toBe(0);
  });

  it("the importers' koinly-universal fixtures", () => {
    const root = join(
      dirname(fileURLToPath(import.meta.url)),
      '../../importers/test/fixtures/koinly-universal',
    );
    for (const kind of ['ok', 'not-ok']) {
      const dir = join(root, kind);
      if (!existsSync(dir)) continue;
      for (const f of readdirSync(dir)) if (f.endsWith('.csv')) same(readFileSync(join(dir, f), 'utf8'));
    }
  });
});
