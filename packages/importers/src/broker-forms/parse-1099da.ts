import type { RowError } from '@lotwise/contracts/normalised';
import type { Form1099DaBoxes, Form1099DaLine } from '@lotwise/contracts/tax/form-1099da';
import { headLines, readRecords, sniffDelimiter, splitLine } from '../core/csv.ts';
import { decodeBytes } from '../core/decode.ts';
import { cleanCell, Header } from '../core/header.ts';
import { ASSET_CODE } from '../core/limits.ts';
import {
  acquiredBox,
  aggregateBox,
  amountBox,
  BoxProblem,
  checkBox,
  checkboxLetter,
  countBox,
  dayBox,
  proceedsTypeBox,
  termBox,
} from './box-values.ts';
import { type BoxField, FORM_1099DA_LAYOUTS, type Form1099DaLayout, IRS_BOXES } from './layouts.ts';

export interface Parse1099DaOptions {
  /** The form's tax year: a line sold in another year is an error naming it. */
  taxYear?: number;
}

export interface Parse1099DaResult {
  /** The layout's id, or 'unknown'. */
  layout: string;
  lines: Form1099DaLine[];
  /** The importers' line-and-column errors; a file with any is not imported at all. */
  errors: RowError[];
}

const HEADER_SEARCH_LINES = 25;
/** A 1099-DA of more lines than this is not one broker's form for one year. */
export const MAX_1099DA_LINES = 200_000;
/** A DTIF code: nine letters and digits (999999999 when the asset is not registered). */
const DTIF = /^[0-9A-Z]{9}$/;

/**
 * File bytes of a 1099-DA CSV → its lines box by box, or line-and-column errors. Pure: no I/O.
 * The layout is found from the header row (README "Broker forms: layouts accepted").
 */
export function parse1099Da(bytes: Uint8Array, options: Parse1099DaOptions = {}): Parse1099DaResult {
  const { text } = decodeBytes(bytes);
  const found = locate(text);
  if (!found) {
    return {
      layout: 'unknown',
      lines: [],
      errors: [
        {
          line: 1,
          column: null,
          message:
            'Not a 1099-DA file Lotwise knows: no header row with a date sold and proceeds column (box 1e and 1f, TaxBit’s disposed_date/proceeds or FDX’s dateOfSale/proceeds)',
        },
      ],
    };
  }
  const { layout, header, bodyOffset } = found;
  const missing = layout.required.filter((f) => !header.has(layout.columns[f]!));
  const identity = (['symbol', 'code', 'name'] as const).filter(
    (f) => layout.columns[f] && header.has(layout.columns[f]!),
  );
  const errors: RowError[] = missing.map((f) => ({
    line: header.line,
    column: String(layout.columns[f]),
    message: 'required column is missing',
  }));
  if (identity.length === 0)
    errors.push({
      line: header.line,
      column: null,
      message: 'no column names the digital asset (box 1a or 1b)',
    });
  if (errors.length > 0) return { layout: layout.id, lines: [], errors };

  const lines: Form1099DaLine[] = [];
  for (const record of readRecords(text, header.delimiter, bodyOffset, header.line + 1)) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (lines.length + errors.length >= MAX_1099DA_LINES) {
      errors.push({
        line: record.line,
        column: null,
        message: `a 1099-DA holds at most ${MAX_1099DA_LINES} lines`,
      });
      break;
    }
    if (record.unterminated) {
      errors.push({ line: record.line, column: null, message: 'the row ends inside a quoted value' });
      continue;
    }
    const boxes = readLine(layout, header, record.cells, record.line, options, errors);
    if (boxes) lines.push({ line: record.line, ...boxes });
  }
  return { layout: layout.id, lines: errors.length > 0 ? [] : lines, errors };
}

/** One row's boxes, or null with its problems added to `errors` (the CSV's and the typed form's check). */
function readLine(
  layout: Form1099DaLayout,
  header: Header,
  cells: string[],
  line: number,
  options: Parse1099DaOptions,
  errors: RowError[],
): Form1099DaBoxes | null {
  const reader = new LineReader(layout, header, cells);
  const boxes = reader.read();
  if (reader.problems.length > 0) {
    errors.push(...reader.problems.map((p) => ({ line, ...p })));
    return null;
  }
  const year = boxes.date_sold.slice(0, 4);
  if (options.taxYear !== undefined && Number(year) !== options.taxYear) {
    errors.push({
      line,
      column: reader.columnName('sold'),
      message: `sold ${boxes.date_sold}, not in tax year ${options.taxYear}`,
    });
    return null;
  }
  // Acquired after it was sold: checked with the form's year known (a line sold in another year
  // says that first; read without a year, a form is only looked at for its year, form-year.ts).
  const acquired = boxes.date_acquired;
  if (
    options.taxYear !== undefined &&
    acquired !== null &&
    acquired !== 'VARIOUS' &&
    acquired > boxes.date_sold
  ) {
    errors.push({
      line,
      column: reader.columnName('acquired'),
      message: `acquired ${acquired}, after the date sold ${boxes.date_sold}`,
    });
    return null;
  }
  return boxes;
}

/** The typed form's boxes as the cells of a CSV row under the IRS box numbers (IRS_BOXES). */
const TYPED_COLUMNS: Array<[string, (b: Form1099DaBoxes) => string | number | boolean | null]> = [
  ['Applicable checkbox on Form 8949', (b) => b.form_8949_box],
  ['Asset symbol', (b) => b.asset],
  ['Box 1a', (b) => b.asset_code],
  ['Box 1b', (b) => b.asset_name],
  ['Box 1c', (b) => b.units],
  ['Box 1d', (b) => b.date_acquired],
  ['Box 1e', (b) => b.date_sold],
  ['Box 1f', (b) => b.proceeds],
  ['Box 1g', (b) => b.cost_basis],
  ['Box 1h', (b) => b.accrued_market_discount],
  ['Box 1i', (b) => b.wash_sale_loss_disallowed],
  ['Box 2', (b) => b.basis_reported],
  ['Box 3a', (b) => b.proceeds_type],
  ['Box 4', (b) => b.federal_tax_withheld],
  ['Box 5', (b) => b.loss_not_allowed],
  ['Box 6', (b) => b.term],
  ['Box 7', (b) => b.cash_only],
  ['Box 8', (b) => b.customer_provided],
  ['Box 9', (b) => b.noncovered],
  ['Box 11a', (b) => b.aggregate === 'stablecoin'],
  ['Box 11b', (b) => b.aggregate === 'nft'],
  ['Box 11c', (b) => b.aggregate_transactions],
];
const TYPED_HEADER = new Header(
  TYPED_COLUMNS.map(([name]) => name),
  0,
  ',',
);

/**
 * A form typed in from paper, checked as a CSV of the IRS box layout would be: each line read
 * by the same box readers, its problems named by line (the typed line's number) and box
 * ('Line 1, column "Box 1e": "2025-02-30" is not a calendar day'). Pure: no I/O.
 */
export function check1099DaBoxes(
  typed: readonly Form1099DaBoxes[],
  options: Parse1099DaOptions = {},
): { lines: Form1099DaBoxes[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const lines: Form1099DaBoxes[] = [];
  typed.forEach((b, i) => {
    const cells = TYPED_COLUMNS.map(([, of]) => {
      const v = of(b);
      return v === null ? '' : v === true ? 'TRUE' : v === false ? 'FALSE' : String(v);
    });
    const boxes = readLine(IRS_BOXES, TYPED_HEADER, cells, i + 1, options, errors);
    if (boxes) lines.push(boxes);
  });
  return { lines: errors.length > 0 ? [] : lines, errors };
}

function locate(text: string): { layout: Form1099DaLayout; header: Header; bodyOffset: number } | null {
  for (const pl of headLines(text, HEADER_SEARCH_LINES)) {
    if (pl.text.trim() === '') continue;
    const delimiter = sniffDelimiter(pl.text);
    const raw = splitLine(pl.text, delimiter);
    const header = new Header(raw.map(cleanCell), pl.line, delimiter);
    for (const layout of FORM_1099DA_LAYOUTS) {
      if (header.has(layout.columns.sold!) && header.has(layout.columns.proceeds!))
        return { layout, header, bodyOffset: pl.next };
    }
  }
  return null;
}

/** Reads one row's boxes, collecting every cell's problem (not only the first). */
class LineReader {
  readonly problems: Array<{ column: string | null; message: string }> = [];

  constructor(
    private readonly layout: Form1099DaLayout,
    private readonly header: Header,
    private readonly cells: string[],
  ) {}

  columnName(field: BoxField): string | null {
    const name = this.layout.columns[field];
    return name === undefined ? null : this.header.nameOf(name);
  }

  private cell(field: BoxField): string {
    const name = this.layout.columns[field];
    if (name === undefined) return '';
    const i = this.header.index(name);
    return i === -1 ? '' : (this.cells[i] ?? '').replace(/\uFEFF/g, '').trim();
  }

  private box<T>(field: BoxField, read: (raw: string) => T, fallback: T): T {
    try {
      return read(this.cell(field));
    } catch (e) {
      if (!(e instanceof BoxProblem)) throw e;
      this.problems.push({ column: this.columnName(field), message: e.message });
      return fallback;
    }
  }

  private need<T>(field: BoxField, value: T | null, what: string): T | null {
    if (value === null && this.problems.every((p) => p.column !== this.columnName(field)))
      this.problems.push({ column: this.columnName(field), message: `${what} is missing` });
    return value;
  }

  read(): Form1099DaBoxes {
    const symbol = this.cell('symbol');
    const code = this.cell('code') || null;
    const name = this.cell('name') || null;
    const asset = assetOf(symbol, code, name);
    if (asset === null)
      this.problems.push({
        column: this.columnName('symbol') ?? this.columnName('code') ?? this.columnName('name'),
        message: 'the digital asset is missing (no symbol, box 1a or 1b)',
      });
    else if (!ASSET_CODE.test(asset))
      this.problems.push({
        column: this.columnName(symbol ? 'symbol' : code && !DTIF.test(code) ? 'code' : 'name'),
        message: `"${asset}" is not an asset code Lotwise can match`,
      });
    const sold = this.need('sold', this.box('sold', dayBox, null), 'the date sold (box 1e)');
    const proceeds = this.need('proceeds', this.box('proceeds', amountBox, null), 'the proceeds (box 1f)');
    let acquired = this.box('acquired', acquiredBox, null);
    if (this.box('various', (r) => checkBox(r), false)) acquired = 'VARIOUS';
    const aggregate =
      this.box('aggregate', aggregateBox, null) ??
      (this.box('aggregateStablecoin', (r) => checkBox(r, ['QS']), false)
        ? 'stablecoin'
        : this.box('aggregateNft', (r) => checkBox(r, ['NFT']), false)
          ? 'nft'
          : null);
    const units = this.box('units', amountBox, null);
    if (units === null && aggregate === null) this.need('units', null, 'the number of units (box 1c)');
    else if (units !== null && /^[0.]+$/.test(units))
      this.problems.push({
        column: this.columnName('units'),
        message: `"${this.cell('units')}" is not a number of units: box 1c must be more than 0`,
      });
    const ordinary = this.box('ordinary', (r) => checkBox(r, ['O']), false);
    const basis = this.box('basis', amountBox, null);
    const noncovered = this.box('noncovered', (r) => checkBox(r), false);
    const checkbox = this.box('checkbox', checkboxLetter, null);
    const reportedColumn =
      this.layout.columns.basisReported && this.header.has(this.layout.columns.basisReported);
    return {
      form_8949_box: checkbox,
      asset: asset ?? '',
      asset_code: code,
      asset_name: name,
      units,
      date_acquired: acquired,
      date_sold: sold ?? '',
      proceeds: proceeds ?? '0',
      cost_basis: basis,
      accrued_market_discount: this.box('marketDiscount', amountBox, null),
      wash_sale_loss_disallowed: this.box('washSale', amountBox, null),
      // Without a box 2 column the form's checkbox says it: G and J are "basis reported".
      basis_reported: reportedColumn
        ? this.box('basisReported', (r) => checkBox(r, ['X']), false)
        : checkbox === 'G' || checkbox === 'J',
      proceeds_type: this.box('proceedsType', proceedsTypeBox, null),
      federal_tax_withheld: this.box('withheld', amountBox, null),
      loss_not_allowed: this.box('lossNotAllowed', (r) => checkBox(r, ['LNA']), false),
      term: ordinary ? 'ordinary' : this.box('term', termBox, null),
      cash_only: this.box('cashOnly', (r) => checkBox(r, ['Cash']), false),
      customer_provided: this.box('customerProvided', (r) => checkBox(r, ['CP']), false),
      noncovered,
      aggregate,
      aggregate_transactions: this.box('aggregateCount', countBox, null),
    };
  }
}

/**
 * The ticker Lotwise matches on: the symbol column, else box 1a when it is not a DTIF code
 * (brokers print tickers there too), else box 1b's name.
 */
export function assetOf(symbol: string, code: string | null, name: string | null): string | null {
  if (symbol) return symbol.toUpperCase();
  if (code && !DTIF.test(code.toUpperCase())) return code.toUpperCase();
  if (name) return name.toUpperCase();
  return code ? code.toUpperCase() : null;
}
