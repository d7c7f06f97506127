import { csvCell } from '@lotwise/engine/csv-cell';
import type { DisposalLine } from '@lotwise/engine/types';
import { type Form8949Data, type Form8949Line, form8949Lines } from './form8949.ts';
import type { IncomeReport } from './income.ts';
import { NO_PRICE } from './incomplete.ts';
import { Dec, plain, toCents, usDate } from './money.ts';
import type { ScheduleD } from './schedule-d.ts';

/**
 * A report's cell: the one CSV cell writer of Lotwise (`@lotwise/engine/csv-cell`), so a
 * wallet or account name such as `=HYPERLINK(...)` is never run as a formula while a plain
 * negative amount such as `-12.50` stays a number; RFC 4180 quoting.
 */
export const csvField: (value: string) => string = csvCell;

/** A cent amount's CSV cell: blank when it is unknown (no price), never a made-up 0.00. */
const amountCell = (value: string, unknown: boolean): string => (unknown ? '' : value);

/** Why a Form 8949 row's blank cells are blank. */
function unknownNote(l: Pick<Form8949Line, 'missingPrice' | 'basisUnknown'>): string {
  if (l.missingPrice && l.basisUnknown) return `${NO_PRICE} (proceeds and the basis of the lots sold)`;
  if (l.missingPrice) return NO_PRICE;
  return l.basisUnknown ? `${NO_PRICE} (basis: the lots sold were acquired without a price)` : '';
}

/**
 * The same file with the year's INCOMPLETE notice as its first line, a `#` comment (spreadsheets
 * show it as the first row; importers that skip comments skip it, the others stop on it: a year
 * with missing prices is not to be filed as it is). Unchanged when the year is complete.
 */
export function withNotice(csv: CsvText, notice: string | null): CsvText {
  return notice === null ? csv : new CsvText([`# ${notice.replace(/[\r\n]+/g, ' ')}\n`, ...csv.pieces]);
}

/** Lines are gathered into pieces of about this many characters. */
const CSV_PIECE_CHARS = 1 << 20;

/**
 * A CSV file as pieces of whole lines, each about 1 MiB: a year of a large history makes a
 * file longer than the longest string V8 can build ("Invalid string length"), so it is never
 * one string; the bytes are encoded piece by piece (`lotwise report`, the server's downloads).
 */
export class CsvText {
  constructor(readonly pieces: readonly string[]) {}

  /** The whole text, for files known to be small (tests, previews). */
  toString(): string {
    return this.pieces.join('');
  }

  /** UTF-8 bytes of the whole file, encoded a piece at a time. */
  bytes(): Uint8Array {
    const encoder = new TextEncoder();
    const encoded = this.pieces.map((piece) => encoder.encode(piece));
    const out = new Uint8Array(encoded.reduce((total, part) => total + part.length, 0));
    let at = 0;
    for (const part of encoded) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** CSV text with a header row, CRLF-free ("\n") lines and a final newline. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  pieceChars = CSV_PIECE_CHARS,
): CsvText {
  const pieces: string[] = [];
  let lines: string[] = [];
  let size = 0;
  const add = (row: readonly string[]) => {
    const line = row.map(csvField).join(',');
    lines.push(line);
    size += line.length + 1;
    if (size >= pieceChars) {
      pieces.push(`${lines.join('\n')}\n`);
      lines = [];
      size = 0;
    }
  };
  add(header);
  for (const row of rows) add(row);
  if (lines.length > 0) pieces.push(`${lines.join('\n')}\n`);
  return new CsvText(pieces);
}

const allLines = (form: Form8949Data): Form8949Line[] => form.parts.flatMap((p) => p.lines);
const boxOf = (form: Form8949Data, line: Form8949Line): string =>
  line.box ?? form.parts.find((p) => p.term === line.term)?.box ?? '';

/**
 * Capital gains CSV: one row per Form 8949 row (per sale and term, or per lot), the same rounded
 * amounts, so its columns add up to the 8949 and Schedule D totals; `lots` is the audit trail.
 */
export function capitalGainsCsv(form: Form8949Data): CsvText {
  const header = [
    'date_sold',
    'date_acquired',
    'asset',
    'amount',
    'proceeds',
    'cost_basis',
    'gain',
    'term',
    'box',
    'category',
    'wallet',
    'tx_id',
    'lots',
    'note',
    'code',
    'adjustment',
  ];
  const rows = allLines(form).map((l) => [
    l.dateSold,
    l.dateAcquired,
    l.asset,
    l.amount,
    amountCell(l.proceeds, l.missingPrice),
    amountCell(l.costBasis, l.basisUnknown),
    amountCell(l.gain, l.missingPrice || l.basisUnknown),
    l.term,
    boxOf(form, l),
    l.category,
    l.wallet,
    l.txId,
    l.lots,
    unknownNote(l),
    l.code,
    l.adjustment,
  ]);
  return toCsv(header, rows);
}

/**
 * TurboTax: the gains-and-losses CSV its cryptocurrency import takes for a source it does not
 * support ("Currency Name, Purchase Date, Cost Basis, Date sold, Proceeds"). TurboTax works the
 * holding period out from the two dates, so a row cannot say VARIOUS: the rows are per lot
 * (each sale's rounded amounts split over its lots to the cent, so the totals do not move).
 * Dates MM/DD/YYYY, amounts with two decimals, no currency signs, no negative numbers.
 */
export function turboTaxCsv(disposals: readonly DisposalLine[], unpriced?: ReadonlySet<string>): CsvText {
  const header = ['Currency Name', 'Purchase Date', 'Cost Basis', 'Date sold', 'Proceeds'];
  const rows = form8949Lines(disposals, 'per-lot', unpriced).map((l) => [
    l.asset,
    l.dateAcquired,
    amountCell(l.costBasis, l.basisUnknown),
    l.dateSold,
    amountCell(l.proceeds, l.missingPrice),
  ]);
  return toCsv(header, rows);
}

/**
 * TaxAct: its 1099-B spreadsheet import (Stock Assistant → Import from CSV) needs Description,
 * Date Acquired, Date Sold, Sales Proceeds and Cost or Other Basis; Long/Short is required when
 * a date acquired is VARIOUS, and Reporting Category picks the Form 8949 box. The user maps the
 * columns once in TaxAct; these header names are TaxAct's own field names.
 */
export function taxActCsv(form: Form8949Data): CsvText {
  const header = [
    'Description',
    'Date Acquired',
    'Date Sold',
    'Sales Proceeds',
    'Cost or Other Basis',
    'Long/Short',
    'Reporting Category',
  ];
  const rows = allLines(form).map((l) => [
    l.description,
    l.dateAcquired,
    l.dateSold,
    amountCell(l.proceeds, l.missingPrice),
    // Its import has no column (f)/(g): a line with an adjustment (a 1099-DA line corrected by
    // the tie-out) gives the basis that yields its gain, (d) − (h), so TaxAct states the same gain.
    l.code && !l.missingPrice && !l.basisUnknown
      ? plain(new Dec(l.proceeds).minus(l.gain))
      : amountCell(l.costBasis, l.basisUnknown),
    l.term === 'long' ? 'Long' : 'Short',
    boxOf(form, l),
  ]);
  return toCsv(header, rows);
}

/**
 * Form 8283 (noncash charitable contributions) data for each donation: donee left for the user,
 * description, dates, basis, fair market value (column h; "unknown" when the engine had no
 * price), the method, and the section: B (qualified appraisal needed) above $5,000 per item.
 * Section B really applies per group of similar items; the user must add up donations of one
 * asset over the year.
 */
export function form8283Csv(disposals: readonly DisposalLine[]): CsvText {
  const header = [
    'Donee',
    'Description',
    'Date Acquired',
    'Date Contributed',
    'How Acquired',
    'Cost or Adjusted Basis',
    'Fair Market Value',
    'Method Used to Determine FMV',
    'Term',
    'Section',
  ];
  const rows = disposals
    .filter((d) => d.category === 'donation')
    .map((d) => {
      const known =
        typeof d.fairMarketValue === 'string' && d.fairMarketValue !== 'unknown' && !d.missingPrice;
      const fmv = known ? plain(toCents(d.fairMarketValue!)) : 'unknown';
      return [
        '',
        `${d.amount} ${d.asset}`,
        usDate(d.acquiredAt),
        usDate(d.disposedAt),
        '',
        plain(toCents(d.costBasis)),
        fmv,
        known ? 'Market price at the date of contribution' : '',
        d.term === 'long' ? 'Long' : 'Short',
        known && toCents(d.fairMarketValue!).gt(5000) ? 'B' : 'A',
      ];
    });
  return toCsv(header, rows);
}

export function incomeCsv(report: IncomeReport): CsvText {
  const header = [
    'date',
    'type',
    'asset',
    'amount',
    'value',
    'schedule_1_line',
    'wallet',
    'tx_id',
    'missing_price',
  ];
  const rows = report.lines.map((l) => [
    l.date,
    l.type,
    l.asset,
    l.amount,
    amountCell(l.value, l.missingPrice),
    report.schedule1Line,
    l.wallet,
    l.txId,
    l.missingPrice ? 'yes' : '',
  ]);
  return toCsv(header, rows);
}

export function scheduleDCsv(schedule: ScheduleD): CsvText {
  const header = ['line', 'description', 'proceeds', 'cost_basis', 'adjustments', 'gain_or_loss', 'note'];
  const rows = [...schedule.partI, ...schedule.partII, schedule.line16].map((r) => [
    r.line,
    r.label,
    r.amounts ? amountCell(r.amounts.proceeds, r.amounts.proceedsMissing > 0) : '',
    r.amounts ? amountCell(r.amounts.costBasis, r.amounts.basisMissing > 0) : '',
    r.amounts?.adjustment ?? '',
    r.amounts || ['7', '15', '16'].includes(r.line) ? amountCell(r.gain, r.missing > 0) : '',
    r.missing > 0 ? `${r.missing} Form 8949 line(s) with ${NO_PRICE}` : '',
  ]);
  return toCsv(header, rows);
}
