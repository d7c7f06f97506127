import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec } from '@lotwise/reports/money';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const fixture = join(here, 'fixtures', 'report', 'exchange.csv');
const expected = (name: string): string =>
  readFileSync(join(here, 'fixtures', 'report', 'expected', name), 'utf8');
const out = mkdtempSync(join(tmpdir(), 'lotwise-report-'));
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

function lotwise(args: string[]) {
  // Offline: the fixtures carry their values; test/prices*.test.ts cover the providers.
  return runNode([bin, ...args], { PRICE_PROVIDERS: 'none' });
}

async function report(form: string, year: number, file: string, extra: string[] = []): Promise<string> {
  const path = join(out, file);
  const r = await lotwise([
    'report',
    '--form',
    form,
    '--year',
    String(year),
    fixture,
    '--out',
    path,
    ...extra,
  ]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/** Column sums of a CSV written by the reports (no quoted commas in these columns). */
function columnSum(csv: string, column: string, where?: (row: Record<string, string>) => boolean): string {
  const [head, ...lines] = csv.trim().split('\n');
  const names = head!.split(',');
  const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
  return rows
    .filter((r) => !where || where(r))
    .reduce((t, r) => t.plus(r[column]!), new Dec(0))
    .toFixed(2);
}

const money = (plain: string): string => {
  const d = new Dec(plain);
  const text = d
    .abs()
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return d.isNegative() ? `(${text})` : text;
};

async function keywords(path: string): Promise<Record<string, string>> {
  const doc = await PDFDocument.load(readFileSync(path), { updateMetadata: false });
  return Object.fromEntries(
    (doc.getKeywords() ?? '').split(/\s+/).map((kv) => kv.split('=') as [string, string]),
  );
}

/*
 * exchange.csv, universal FIFO, UTC (the arithmetic; rows are rounded half up to cents):
 *   L1 2023-01-10 1 BTC 20,000   E1 2023-03-01 2 ETH 3,000   L2 2024-02-01 1 BTC 42,000.34
 *   L3 2024-03-01 1 BTC 60,000
 * 2024: sell 0.4 BTC 28,000.555 → L1 long, basis 8,000, gain 20,000.555 (row 28,000.56 / 20,000.56)
 *       staking 10 DOT 70.125 (70.13); sell 0.8 BTC 50,000 → L1 0.6 long 37,500 − 12,000 and
 *       L2 0.2 short 12,500 − 8,400.068 (8,400.07); donation 0.5 ETH FMV 1,250 basis 750;
 *       sell 0.5 BTC 30,000 → L2 short, basis 21,000.17.
 *   short: 42,500.00 / 29,400.24 / 13,099.76 (Box C, line 3); long: 65,500.56 / 20,000 / 45,500.56 (Box F)
 * 2025: airdrop 0.01 BTC 950.505 (A); sell 0.3 BTC 27,000 → L2 (sold on the anniversary: short),
 *       basis 12,600.102; sell 1 ETH 2,500 → E1 long 1,500; sell 1.01 BTC 101,000 → L3 long
 *       100,000 − 60,000 and A short 1,000 − 950.505 (950.51); L4 04-01 80,000, L5 05-01 90,000;
 *       sell 1.5 BTC 150,000 → L4 + L5 0.5 short, VARIOUS, basis 125,000; staking 5 DOT 40.10;
 *       donation 0.1 BTC FMV 10,000 (L5, short, basis 9,000 → Section B).
 *   short: 178,000.00 / 138,550.61 / 39,449.39 (Box I); long: 102,500.00 / 61,500.00 / 41,000.00 (Box L)
 */
describe('lotwise report', { timeout: 120_000 }, () => {
  for (const year of [2024, 2025]) {
    it(`writes the ${year} CSVs exactly (capital gains, TurboTax, TaxAct, 8283, income, Schedule D)`, async () => {
      for (const form of ['capital-gains', 'turbotax', 'taxact', '8283', 'income', 'schedule-d']) {
        await report(form, year, `${year}-${form}.csv`);
        expect(readFileSync(join(out, `${year}-${form}.csv`), 'utf8'), form).toBe(
          expected(`${year}-${form}.csv`),
        );
      }
    });

    it(`${year}: the totals on screen, in the CSV, in the PDF and from the engine agree to the cent`, async () => {
      const screen = await report('8949', year, `${year}-8949.pdf`);
      const full = await report('tax-report', year, `${year}-tax.pdf`);
      expect(full).toContain(screen.split('\n').slice(1).join('\n'));
      const csv = expected(`${year}-capital-gains.csv`);
      const income = expected(`${year}-income.csv`);
      const [shortBox, longBox] = year >= 2025 ? ['I', 'L'] : ['C', 'F'];
      const totals = {
        short: {
          proceeds: columnSum(csv, 'proceeds', (r) => r.term === 'short'),
          costBasis: columnSum(csv, 'cost_basis', (r) => r.term === 'short'),
          gain: columnSum(csv, 'gain', (r) => r.term === 'short'),
        },
        long: {
          proceeds: columnSum(csv, 'proceeds', (r) => r.term === 'long'),
          costBasis: columnSum(csv, 'cost_basis', (r) => r.term === 'long'),
          gain: columnSum(csv, 'gain', (r) => r.term === 'long'),
        },
        proceeds: columnSum(csv, 'proceeds'),
        costBasis: columnSum(csv, 'cost_basis'),
        gain: columnSum(csv, 'gain'),
        income: columnSum(income, 'value'),
      };
      // Screen.
      expect(screen).toMatch(
        new RegExp(
          `Short-term +${shortBox} +3 +${money(totals.short.proceeds)} +${money(totals.short.costBasis)} +${money(totals.short.gain)}`,
        ),
      );
      expect(screen).toMatch(new RegExp(`Long-term +${longBox} +10 +${money(totals.long.proceeds)}`));
      expect(screen).toContain(`Income (Schedule 1, line 8v): ${money(totals.income)}`);
      // PDF (the figures it printed, kept in its metadata).
      const k8949 = await keywords(join(out, `${year}-8949.pdf`));
      expect(k8949[`8949.${shortBox}.proceeds`]).toBe(money(totals.short.proceeds));
      expect(k8949[`8949.${shortBox}.gain`]).toBe(money(totals.short.gain));
      expect(k8949[`8949.${longBox}.costBasis`]).toBe(money(totals.long.costBasis));
      expect(k8949[`${shortBox}.1.gain`]).toBe(money(totals.short.gain));
      const kTax = await keywords(join(out, `${year}-tax.pdf`));
      expect(kTax['summary.proceeds']).toBe(money(totals.proceeds));
      expect(kTax['summary.gain']).toBe(money(totals.gain));
      expect(kTax['scheduleD.16']).toBe(money(totals.gain));
      expect(kTax['income.total']).toBe(money(totals.income));
      // Engine: exact totals rounded to cents (this fixture has no half-cent drift between rows).
      const calc = JSON.parse((await lotwise(['calc', fixture, '--json', '--year', String(year)])).stdout)
        .years[year];
      const cents = (v: string) => new Dec(v).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
      expect(cents(calc.proceeds)).toBe(totals.proceeds);
      expect(cents(calc.costBasis)).toBe(totals.costBasis);
      expect(cents(calc.shortTermGain)).toBe(totals.short.gain);
      expect(cents(calc.longTermGain)).toBe(totals.long.gain);
      expect(cents(calc.income)).toBe(totals.income);
      // The PDF's own text, when poppler is installed.
      if (hasPoppler) {
        const text = spawnSync('pdftotext', ['-layout', join(out, `${year}-8949.pdf`), '-'], {
          encoding: 'utf8',
        }).stdout;
        // Each page's line 2 block: from "Totals. Add the amounts" to the note under it.
        const line2 = text.split('\f').flatMap((page) => {
          const at = page.indexOf('Totals. Add the amounts');
          return at < 0 ? [] : [page.slice(at, page.indexOf('Note:', at))];
        });
        expect(line2).toHaveLength(2);
        expect(line2[0]).toContain(money(totals.short.proceeds));
        expect(line2[0]).toContain(money(totals.short.costBasis));
        expect(line2[0]).toContain(money(totals.short.gain));
        expect(line2[1]).toContain(money(totals.long.proceeds));
        expect(line2[1]).toContain(money(totals.long.gain));
      }
    });
  }

  it('writes Form 8949 with one page per part and the complete report with six pages', async () => {
    await report('8949', 2025, 'pages-8949.pdf');
    await report('tax-report', 2025, 'pages-tax.pdf');
    await report('schedule-d', 2025, 'pages-d.pdf');
    await report('income', 2025, 'pages-income.pdf');
    const pages = async (f: string) => (await PDFDocument.load(readFileSync(join(out, f)))).getPageCount();
    expect(await pages('pages-8949.pdf')).toBe(2);
    // summary, Schedule D, 8949 Part I, 8949 Part II, income, holdings
    expect(await pages('pages-tax.pdf')).toBe(6);
    expect(await pages('pages-d.pdf')).toBe(1);
    expect(await pages('pages-income.pdf')).toBe(1);
  });

  it('uses the 1099 boxes the user names and one row per lot on request', async () => {
    const stdout = await report('capital-gains', 2025, 'boxes.csv', ['--box-basis', 'reported', '--per-lot']);
    expect(stdout).toMatch(/Short-term +G +1b/);
    const csv = readFileSync(join(out, 'boxes.csv'), 'utf8');
    expect(csv).not.toContain('VARIOUS');
    expect(csv).toContain('06/01/2025,04/01/2025,BTC,1,100000.00,80000.00,20000.00,short,G');
    expect(columnSum(csv, 'gain')).toBe('80449.39');
  });

  it('rejects bad options', async () => {
    const bad = (args: string[]) => lotwise(['report', fixture, '--out', join(out, 'x.pdf'), ...args]);
    expect((await bad(['--form', '1040', '--year', '2025'])).code).toBe(2);
    expect((await bad(['--form', 'turbotax', '--year', '2025'])).stderr).toContain('written as csv, not pdf');
    expect((await bad(['--form', '8949', '--year', '25'])).code).toBe(2);
    expect((await bad(['--form', '8949', '--year', '2025', '--box-basis', 'maybe'])).code).toBe(2);
  });
});
