import { Writable } from 'node:stream';
import { calculate } from '@lotwise/engine/calculate';
import type { CalculateOptions, DisposalLine, EngineTransaction } from '@lotwise/engine/types';
import { describe, expect, it } from 'vitest';
import { DisposalJson, printed } from '../src/calc/disposal-json.ts';
import { restJson, toJson, yearJson } from '../src/calc/output.ts';
import { HUGE_INSIDE, type Piece, pieces, writeJson } from '../src/calc/write-json.ts';
import { YearLines } from '../src/calc/year-lines.ts';
import { YearStream } from '../src/calc/year-stream.ts';

function sink(): { out: Writable; text: () => string } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { out, text: () => chunks.join('') };
}

/**
 * Three years of buys and sells in two wallets, one named with a quote, a backslash, a
 * control character and non-ASCII letters; sales beyond the holdings (sold without a buy,
 * an uncovered lot part), gifts (a fair market value), trades without any value (missing
 * price), and a short year (its lists printed whole).
 */
function history(): EngineTransaction[] {
  const rows: EngineTransaction[] = [];
  const wallets = ['exchange', 'cold "vault" \\ é\u0001'];
  let ms = Date.UTC(2021, 0, 3);
  for (let i = 0; i < 400; i++) {
    ms += (i < 380 ? 2 : 40) * 86_400_000;
    const wallet = wallets[i % 2]!;
    const timestamp = new Date(ms).toISOString();
    const id = `${wallet}:${i}`;
    const step = i % 5;
    if (step === 0 || step === 1)
      rows.push({
        id,
        wallet,
        timestamp,
        kind: 'buy',
        sent: { asset: 'USD', amount: `${100 + i}.5` },
        received: { asset: 'BTC', amount: `0.${String(1000 + i)}` },
      });
    else if (step === 2)
      rows.push({
        id,
        wallet,
        timestamp,
        kind: 'sell',
        sent: { asset: 'BTC', amount: i % 3 === 0 ? '5' : '0.07' },
        received: { asset: 'USD', amount: `${200 + i}` },
      });
    else if (step === 3)
      rows.push({
        id,
        wallet,
        timestamp,
        kind: 'withdrawal',
        sent: { asset: 'BTC', amount: '0.01' },
        fiat_value: { currency: 'USD', amount: '12.5' },
        classification: 'gift_sent',
      });
    else
      rows.push({
        id,
        wallet,
        timestamp,
        kind: 'trade',
        sent: { asset: 'BTC', amount: '0.02' },
        received: { asset: 'ETH', amount: '0.3' },
      });
  }
  return rows;
}

const OPTIONS: CalculateOptions = { method: 'fifo', basis: 'per-wallet', checkpoints: ['2022-01-01'] };

async function whole(year: number | null): Promise<string> {
  const result = calculate(history(), OPTIONS);
  const { out, text } = sink();
  await writeJson(toJson(result, year, []), out);
  return text();
}

/** `lineByLine`: the lines come to the stream as recorded (the CLI's way), else with their year. */
async function streamed(year: number | null, lineByLine = true): Promise<string> {
  const { out, text } = sink();
  const stream = new YearStream(year, out);
  const result = calculate(history(), {
    ...OPTIONS,
    releaseRows: true,
    onYear: (key, summary) => stream.year(key, summary),
    ...(lineByLine ? { onDisposal: (y: number, line: DisposalLine) => stream.disposal(y, line) } : {}),
  });
  await stream.end(restJson(result, year, []));
  return text();
}

describe('lotwise calc --json printed year by year', () => {
  it('writes the very bytes of the whole document written at the end', async () => {
    const text = await streamed(null);
    expect(text).toBe(await whole(null));
    // The cases the hand-printed lines must get right are there.
    for (const part of [
      '"sellWithoutBuy":',
      '"missingPrice":true',
      '"basisUnknown":true',
      '"incomplete": {',
      '"fairMarketValue":',
      '"lotId":null',
      'é\\u0001',
    ])
      expect(text).toContain(part);
    const years = JSON.parse(text).years;
    expect(Object.keys(years)).toEqual(['2021', '2022', '2023', '2024', '2025']);
    // A short year too: its lists are printed whole, indented.
    expect(years['2025'].disposals.length).toBeLessThanOrEqual(16);
  });

  it('fills no buffer again that a slow stream still holds', async () => {
    // The stream keeps the very chunks it is given and takes each one later.
    const held: Array<Buffer | string> = [];
    const out = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        held.push(chunk);
        setImmediate(done);
      },
    });
    const stream = new YearStream(null, out);
    const result = calculate(history(), {
      ...OPTIONS,
      releaseRows: true,
      onYear: (key, summary) => stream.year(key, summary),
      onDisposal: (y, line) => stream.disposal(y, line),
    });
    await stream.end(restJson(result, null, []));
    expect(held.filter((chunk) => typeof chunk !== 'string').length).toBeGreaterThan(1);
    expect(Buffer.concat(held.map((chunk) => Buffer.from(chunk))).toString()).toBe(await whole(null));
  });

  it('writes the same bytes when the lines come with their year instead of one by one', async () => {
    expect(await streamed(null, false)).toBe(await whole(null));
  });

  it('prints a list of 16 lines whole, of 17 line by line, and walks a line of very many lots', () => {
    const summary = calculate(history(), OPTIONS).years['2021']!;
    const line = summary.disposals[0]!;
    const many: DisposalLine = {
      ...line,
      txId: 'many',
      lots: Array.from({ length: HUGE_INSIDE + 1 }, (_, i) => ({ ...line.lots[0]!, lotId: `lot-${i}` })),
    };
    const text = (parts: Iterable<Piece>): string =>
      Buffer.concat([...parts].map((p) => Buffer.from(p))).toString();
    const lists: DisposalLine[][] = [
      [],
      [line],
      Array.from({ length: 16 }, (_, i) => ({ ...line, txId: `t${i}` })),
      Array.from({ length: 17 }, (_, i) => ({ ...line, txId: `t${i}` })),
      [many, ...Array.from({ length: 20 }, (_, i) => ({ ...line, txId: `t${i}` }))],
      Array.from({ length: 40 }, (_, i) => (i === 20 || i === 39 ? many : { ...line, txId: `t${i}` })),
      [many, line],
    ];
    for (const disposals of lists) {
      const lines = new YearLines('      ');
      for (const d of disposals) lines.add(d);
      const expected = text(pieces(yearJson({ ...summary, disposals }, true).disposals, '      '));
      expect(text(lines.print())).toBe(expected);
    }
  });

  it('with --year: that year only, and an empty year when nothing happened in it', async () => {
    expect(await streamed(2022)).toBe(await whole(2022));
    expect(await streamed(2019)).toBe(await whole(2019));
  });

  it('prints a disposal line as JSON.stringify prints its fields, whatever the strings hold', () => {
    const line = calculate(history(), OPTIONS).years['2021']!.disposals[0]!;
    for (const odd of ['a"b', 'back\\slash', 'tab\there', 'new\nline', 'é', '\u2028', '\ud800', '']) {
      const d: DisposalLine = {
        ...line,
        txId: `${odd}:1`,
        wallet: odd,
        asset: `X${odd}`,
        lots: [
          ...line.lots,
          { ...line.lots[0]!, lotId: odd },
          { ...line.lots[0]!, lotId: null, acquiredTimestamp: null },
        ],
        sellWithoutBuy: '0.5',
        missingPrice: true,
        basisUnknown: true,
        fairMarketValue: null,
      };
      expect(new DisposalJson(d).toText()).toBe(JSON.stringify(printed(d)));
    }
  });
});
