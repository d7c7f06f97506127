import type { DisposalLine } from '@lotwise/engine/types';
import { describe, expect, it } from 'vitest';
import { capitalGainsCsv, csvField, form8283Csv, toCsv } from '../src/csv.ts';
import { form8949, form8949Box, form8949Lines } from '../src/form8949.ts';
import { incomeReport } from '../src/income.ts';
import { EMPTY_TOTALS, type ReportModel } from '../src/model.ts';
import { Dec, splitCents, sum } from '../src/money.ts';
import { form8949Pdf, taxReportPdf } from '../src/pdf.ts';
import { scheduleD } from '../src/schedule-d.ts';

function line(over: Partial<DisposalLine>): DisposalLine {
  return {
    txId: 't',
    asset: 'BTC',
    amount: '1',
    acquiredAt: '2024-01-02',
    disposedAt: '2025-03-04',
    disposedTimestamp: '2025-03-04T00:00:00Z',
    proceeds: '100',
    costBasis: '40',
    gain: '60',
    term: 'short',
    category: 'sale',
    taxable: true,
    wallet: 'w',
    lots: [{ lotId: 'b1', acquiredAt: '2024-01-02', acquiredTimestamp: null, amount: '1', costBasis: '40' }],
    ...over,
  };
}

function model(year: number, disposals: DisposalLine[]): ReportModel {
  return {
    year,
    currency: 'USD',
    disposals,
    incomeLines: [],
    holdings: [],
    allocation: null,
    summary: EMPTY_TOTALS,
    missingPrices: 0,
  };
}

describe('Form 8949 boxes', () => {
  it('uses G–L from 2025 and A–F before, I/L and C/F without a 1099', () => {
    expect(['reported', 'not-reported', 'none'].map((b) => form8949Box(2025, 'short', b as 'none'))).toEqual([
      'G',
      'H',
      'I',
    ]);
    expect(['reported', 'not-reported', 'none'].map((b) => form8949Box(2025, 'long', b as 'none'))).toEqual([
      'J',
      'K',
      'L',
    ]);
    expect(form8949Box(2024, 'short')).toBe('C');
    expect(form8949Box(2024, 'long')).toBe('F');
    expect(form8949Box(2024, 'long', 'reported')).toBe('D');
  });
});

describe('rounding', () => {
  it('splits cents by largest remainder, adding up exactly', () => {
    const shares = splitCents(new Dec('100.00'), [new Dec(1), new Dec(1), new Dec(1)]);
    expect(shares.map((s) => s.toFixed(2))).toEqual(['33.34', '33.33', '33.33']);
    const bases = splitCents(new Dec('0.01'), [new Dec('0.006'), new Dec('0.006'), new Dec(0)]);
    expect(sum(bases).toFixed(2)).toBe('0.01');
    expect(bases.every((b) => !b.isNegative())).toBe(true);
  });

  it('rounds each row half up and totals the rounded rows (documented drift from the exact sum)', () => {
    const lines = [
      line({ costBasis: '0.005', gain: '99.995' }),
      line({ costBasis: '0.005', gain: '99.995' }),
    ];
    const part = form8949(model(2025, lines)).parts[0]!;
    expect(part.lines.map((l) => [l.costBasis, l.gain])).toEqual([
      ['0.01', '99.99'],
      ['0.01', '99.99'],
    ]);
    // Exact: basis 0.01, gain 199.99; the form shows 0.02 and 199.98 (sum of its rows).
    expect(part.totals).toEqual({
      proceeds: '200.00',
      costBasis: '0.02',
      adjustment: '0.00',
      gain: '199.98',
      missing: 0,
      proceedsMissing: 0,
      basisMissing: 0,
    });
  });

  it('per lot, splits a sale so its rows add up to the per-sale row', () => {
    const sale = line({
      amount: '3',
      proceeds: '100',
      costBasis: '10.005',
      acquiredAt: 'VARIOUS',
      lots: [
        { lotId: 'a', acquiredAt: '2024-01-01', acquiredTimestamp: null, amount: '1', costBasis: '3.335' },
        { lotId: 'b', acquiredAt: '2024-02-01', acquiredTimestamp: null, amount: '1', costBasis: '3.335' },
        { lotId: 'c', acquiredAt: '2024-03-01', acquiredTimestamp: null, amount: '1', costBasis: '3.335' },
      ],
    });
    const perSale = form8949Lines([sale]);
    const perLot = form8949Lines([sale], 'per-lot');
    expect(perSale.map((l) => [l.dateAcquired, l.proceeds, l.costBasis])).toEqual([
      ['VARIOUS', '100.00', '10.01'],
    ]);
    expect(perLot.map((l) => [l.description, l.dateAcquired, l.proceeds, l.costBasis])).toEqual([
      ['1 BTC', '01/01/2024', '33.34', '3.34'],
      ['1 BTC', '02/01/2024', '33.33', '3.34'],
      ['1 BTC', '03/01/2024', '33.33', '3.33'],
    ]);
  });
});

describe('continuation pages', () => {
  const lines = Array.from({ length: 30 }, (_, i) => line({ txId: `s${i}`, proceeds: `${100 + i}.255` }));
  lines.push(line({ txId: 'long', term: 'long', acquiredAt: '2020-01-01' }));
  const m = model(2025, lines);

  it('puts 11 rows on a 2025 page and totals every page on its line 2', () => {
    const data = form8949(m);
    const short = data.parts[0]!;
    expect(short.pages.map((p) => p.lines.length)).toEqual([11, 11, 8]);
    expect(sum(short.pages.map((p) => p.totals.gain)).toFixed(2)).toBe(short.totals.gain);
    expect(form8949(model(2024, lines)).parts[0]!.pages.map((p) => p.lines.length)).toEqual([14, 14, 2]);
  });

  it('prints one PDF page per page of each part, with the figures it printed', async () => {
    const pdf = await form8949Pdf(m);
    expect(pdf.pageCount).toBe(4);
    const data = form8949(m);
    // 30 rows of (100 + i).255, each rounded half up to .26: 3,435 + 30 × 0.26 (exact sum 3,442.65).
    expect(pdf.totals['8949.I.proceeds']).toBe('3,442.80');
    expect(pdf.totals['I.3.proceeds']).toBe(
      sum(data.parts[0]!.pages[2]!.lines.map((l) => l.proceeds))
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    );
    expect(pdf.totals['L.1.gain']).toBe('60.00');
  });

  it('writes one empty Part I page when nothing was sold, and a complete report', async () => {
    expect((await form8949Pdf(model(2025, []))).pageCount).toBe(1);
    const full = await taxReportPdf(model(2025, []));
    expect(full.pageCount).toBe(5);
    expect(full.totals['summary.gain']).toBe('0.00');
    expect(full.totals.incomplete).toBeUndefined();
  });

  it('says on its first page that a year resting on missing prices is incomplete', async () => {
    const lines = [
      line({ txId: 'a', missingPrice: true, proceeds: '0', gain: '-40' }),
      line({ txId: 'a', term: 'long', missingPrice: true, proceeds: '0', gain: '-40' }),
      line({ txId: 'b' }),
    ];
    const full = await taxReportPdf({
      ...model(2025, lines),
      // Transactions a and c (the engine's statuses; the count is of transactions, not lines).
      missingPrices: 2,
      incomeLines: [
        {
          txId: 'c',
          asset: 'SOL',
          amount: '1',
          value: '0',
          receivedAt: '2025-02-01',
          receivedTimestamp: '2025-02-01T00:00:00Z',
          category: 'staking_reward',
          wallet: 'w',
          missingPrice: true,
        },
      ],
    });
    // Transactions a (two lines) and c.
    expect(full.totals.incomplete).toBe('2');
  });
});

describe('Schedule D, income and CSVs', () => {
  it('sends each box to its Schedule D line and nets lines 7, 15 and 16', () => {
    const lines = [line({}), line({ term: 'long', proceeds: '10', costBasis: '30', gain: '-20' })];
    const d = scheduleD(form8949(model(2025, lines), { boxBasis: 'not-reported' }));
    expect(d.partI.map((r) => [r.line, r.amounts?.gain ?? null])).toEqual([
      ['1b', null],
      ['2', '60.00'],
      ['3', null],
      ['7', null],
    ]);
    expect(d.partII.find((r) => r.line === '9')!.amounts!.gain).toBe('-20.00');
    expect([d.partI.at(-1)!.gain, d.partII.at(-1)!.gain, d.line16.gain]).toEqual([
      '60.00',
      '-20.00',
      '40.00',
    ]);
  });

  it('uses Schedule 1 line 8z before 2024 and 8v from 2024', () => {
    const incomeLines = [
      {
        txId: 'i',
        asset: 'ETH',
        amount: '1',
        value: '10.005',
        receivedAt: '2023-05-01',
        receivedTimestamp: '2023-05-01T00:00:00Z',
        category: 'mined',
        wallet: 'w',
      },
    ];
    const r2023 = incomeReport({ year: 2023, incomeLines });
    expect([r2023.schedule1Line, r2023.total, r2023.byType[0]!.note]).toEqual([
      '8z',
      '10.01',
      'Schedule C if mining is a trade or business',
    ]);
    expect(incomeReport({ year: 2024, incomeLines }).schedule1Line).toBe('8v');
  });

  it('keeps a CSV file as pieces of whole lines, never one string, with the same bytes', () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => [`r${i}`, i % 7 ? 'plain' : 'with, comma', 'é']);
    const csv = toCsv(['name', 'note', 'accent'], rows, 200);
    expect(csv.pieces.length).toBeGreaterThan(50);
    for (const piece of csv.pieces) {
      expect(piece.endsWith('\n')).toBe(true);
      expect(piece.length).toBeLessThan(200 + 40);
    }
    const whole = String(csv);
    expect(whole).toBe(
      `${['name,note,accent', ...rows.map(([a, b, c]) => `${a},${b === 'plain' ? b : `"${b}"`},${c}`)].join('\n')}\n`,
    );
    expect(Buffer.from(csv.bytes()).equals(Buffer.from(whole, 'utf8'))).toBe(true);
    expect(String(toCsv(['a'], [], 200))).toBe('a\n');
  });

  it('quotes CSV fields and lists donations for Form 8283', () => {
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    const csv = capitalGainsCsv(form8949(model(2025, [line({ wallet: 'Ledger, cold' })])));
    expect(String(csv).split('\n')[1]).toContain('"Ledger, cold"');
    const donation = line({
      category: 'donation',
      taxable: false,
      fairMarketValue: 'unknown',
      missingPrice: true,
    });
    expect(String(form8283Csv([donation])).split('\n')[1]).toBe(
      ',1 BTC,01/02/2024,03/04/2025,,40.00,unknown,,Short,A',
    );
  });
});
