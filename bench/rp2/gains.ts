/**
 * Each tax year's gains as both programs report them, to check that the RP2 comparison runs
 * the same calculation: sales (Lotwise's sale, trade and spend lines; RP2's SELL lines in the
 * tax report's "Capital Gains" sheet) and fee disposals (Lotwise's fee and transfer_fee lines;
 * RP2's INTRA / MOVE lines, a transfer's network fee, in "Investment Expenses"). Gifts, donations and losses are left out: Lotwise
 * takes no gain on them and RP2 reports one in sheets of their own.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Dec } from '@lotwise/engine/decimal';
import { readZipEntry } from './zip.ts';

export interface YearGains {
  sales: Dec;
  fees: Dec;
}

export type GainsByYear = Map<string, YearGains>;

function add(by: GainsByYear, year: string, kind: keyof YearGains, gain: string | Dec): void {
  let entry = by.get(year);
  if (entry === undefined) {
    entry = { sales: new Dec(0), fees: new Dec(0) };
    by.set(year, entry);
  }
  entry[kind] = entry[kind].plus(gain);
}

const SALE = new Set(['sale', 'trade', 'spend']);
const FEE = new Set(['fee', 'transfer_fee']);

/** From `lotwise calc --json` output, read line by line (one disposal per line; ~360 MB at 1M). */
export async function lotwiseGains(file: string): Promise<GainsByYear> {
  const by: GainsByYear = new Map();
  const line = /^ {8}\{"asset":.*?"disposedAt":"(\d{4})-.*?"gain":"([^"]+)".*?"category":"([a-z_]+)"/;
  for await (const text of createInterface({ input: createReadStream(file) })) {
    const m = line.exec(text);
    if (m === null) continue;
    const [, year, gain, category] = m as unknown as [string, string, string, string];
    if (SALE.has(category)) add(by, year, 'sales', gain);
    else if (FEE.has(category)) add(by, year, 'fees', gain);
  }
  return by;
}

/** The cells of one table row: office:value for numbers, the text otherwise; repeats expanded. */
function cells(row: string): string[] {
  const out: string[] = [];
  const cell = /<table:table-cell([^>]*?)(?:\/>|>(.*?)<\/table:table-cell>)/gs;
  for (const m of row.matchAll(cell)) {
    const attributes = m[1] ?? '';
    const value = /office:value="([^"]*)"/.exec(attributes)?.[1] ?? (m[2] ?? '').replace(/<[^>]+>/g, '');
    const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1);
    for (let i = 0; i < Math.min(repeat, 64); i++) out.push(value);
  }
  return out;
}

/** From RP2's fifo_tax_report_us.ods: each gain line's year (date sold), gain and type. */
export function rp2Gains(odsFile: string): GainsByYear {
  const xml = readZipEntry(readFileSync(odsFile), 'content.xml').toString('utf8');
  const by: GainsByYear = new Map();
  const sheets: [string, keyof YearGains, string][] = [
    ['Capital Gains', 'sales', 'OUT / SELL'],
    ['Investment Expenses', 'fees', 'INTRA / MOVE'],
  ];
  for (const [name, kind, type] of sheets) {
    const start = xml.indexOf(`<table:table table:name="${name}"`);
    if (start < 0) continue;
    const end = xml.indexOf('</table:table>', start);
    for (const m of xml.slice(start, end).matchAll(/<table:table-row[^>]*>(.*?)<\/table:table-row>/gs)) {
      const row = cells(m[1]!);
      // amount, asset, acquired, sold (MM/DD/YYYY), proceeds, basis, (f), (g), gain, type, …
      if (row[9] !== type || !/^\d\d\/\d\d\/\d{4}$/.test(row[3] ?? '')) continue;
      add(by, row[3]!.slice(6), kind, row[8]!);
    }
  }
  return by;
}

/** Years where the two differ by more than a cent, as lines to print. */
export function gainDifferences(lotwise: GainsByYear, rp2: GainsByYear): string[] {
  const years = [...new Set([...lotwise.keys(), ...rp2.keys()])].sort();
  const problems: string[] = [];
  for (const year of years) {
    for (const kind of ['sales', 'fees'] as const) {
      const a = lotwise.get(year)?.[kind] ?? new Dec(0);
      const b = rp2.get(year)?.[kind] ?? new Dec(0);
      if (a.minus(b).abs().gt('0.01'))
        problems.push(`${year} ${kind}: lotwise ${a.toFixed(2)} vs RP2 ${b.toFixed(2)}`);
    }
  }
  return problems;
}

/** One line per year: the sales' and the fees' gain, to the cent. */
export function gainSummary(by: GainsByYear): string {
  return [...by.keys()]
    .sort()
    .map((year) => `${year} ${by.get(year)!.sales.toFixed(2)} / ${by.get(year)!.fees.toFixed(2)}`)
    .join(', ');
}
