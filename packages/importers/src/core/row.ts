import type Decimal from 'decimal.js';
import {
  AmountError,
  type AmountOptions,
  dec,
  isPlaceholder,
  parseAmount,
  parseUnsignedAmount,
} from './decimal.ts';
import { type ColumnName, displayName, type Header } from './header.ts';
import { parseTime, TimeError, type TimeStyle } from './time.ts';
import { splitUnit } from './units.ts';

/**
 * A problem with one cell. Thrown by the accessors below and turned into a RowError
 * ({line, column, message}) by the driver, so format code reads like the happy path.
 */
export class RowProblem extends Error {
  constructor(
    readonly column: string | null,
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export const NUL_IN_CELL =
  'holds a NUL character (\\u0000), which Lotwise cannot store; remove it from the file and upload again';

/** Digits with an optional fraction: canonical after trimming zeros (see Row.plainAmount). */
const PLAIN = /^\d+(?:\.\d+)?$/;

/**
 * The canonical text of a trimmed, non-placeholder cell holding a plain unsigned number of at
 * most 12 characters (`0.0813`, `1500.50` → `1500.5`), or undefined when it needs the full
 * rules of Row.amount() (signs, symbols, grouping, exponents, or longer text that may be a slice
 * of the file's text). What `dec(abs(amount))` gives, without building a Decimal.
 */
export function plainCanonical(v: string): string | undefined {
  if (v.length > 12 || !PLAIN.test(v)) return undefined;
  let start = 0;
  while (start < v.length - 1 && v.charCodeAt(start) === 48 && v.charCodeAt(start + 1) !== 46) start++;
  let end = v.length;
  if (v.includes('.')) {
    while (v.charCodeAt(end - 1) === 48) end--;
    if (v.charCodeAt(end - 1) === 46) end--;
  }
  return start === 0 && end === v.length ? v : v.slice(start, end);
}

/** One data row with typed accessors by column name. */
export class Row {
  constructor(
    readonly line: number,
    readonly cells: string[],
    readonly header: Header,
    private readonly amountOptions: AmountOptions = {},
  ) {}

  private cell(name: ColumnName, nth: number): string | undefined {
    const i = this.header.index(name, nth);
    if (i === -1) return undefined;
    const v = this.cells[i];
    if (v === undefined) return undefined;
    // Lotwise cannot store a NUL (PostgreSQL's text refuses it): the row is refused with its
    // line and column rather than stored with the character dropped, a value not the file's.
    if (v.indexOf('\u0000') !== -1) throw new RowProblem(this.columnName(name, nth), NUL_IN_CELL);
    return v.indexOf('\uFEFF') === -1 ? v.trim() : v.replace(/\uFEFF/g, '').trim();
  }

  /** Trimmed text; '' when the column is absent from this layout. */
  text(name: ColumnName, nth = 0): string {
    return this.cell(name, nth) ?? '';
  }

  /** Text, with placeholders (`-`, `--`, `No Data`, empty) as null. */
  opt(name: ColumnName, nth = 0): string | null {
    const v = this.cell(name, nth);
    return v === undefined || isPlaceholder(v) ? null : v;
  }

  /** Non-empty text or a RowProblem naming the column. */
  req(name: ColumnName, nth = 0): string {
    const v = this.opt(name, nth);
    if (v === null) throw new RowProblem(this.columnName(name, nth), 'value is missing');
    return v;
  }

  amount(name: ColumnName, nth = 0, options?: AmountOptions): Decimal | null {
    const v = this.cell(name, nth);
    if (v === undefined) return null;
    try {
      return parseAmount(v, options ?? this.amountOptions);
    } catch (e) {
      if (e instanceof AmountError) throw new RowProblem(this.columnName(name, nth), e.message);
      throw e;
    }
  }

  /**
   * The canonical text (what `dec(abs(amount(...)))` gives) of a cell holding a plain unsigned
   * number such as `0.0813` or `1500.50`, without building a Decimal; null for an empty or
   * placeholder cell; undefined when the cell needs the full rules of `amount()` (signs,
   * symbols, grouping, exponents, a decimal comma, or long text that may be a slice of the file).
   */
  plainAmount(name: ColumnName, nth = 0): string | null | undefined {
    const v = this.cell(name, nth);
    if (v === undefined || isPlaceholder(v)) return null;
    if (this.amountOptions.decimalComma) return undefined;
    return plainCanonical(v);
  }

  /**
   * An amount cell of a column that carries no sign (the direction is another column's, as in
   * the Sent / Received templates): a negative value is a RowProblem, never silently made positive.
   */
  unsignedAmount(name: ColumnName, nth = 0): Decimal | null {
    const v = this.cell(name, nth);
    if (v === undefined) return null;
    try {
      return parseUnsignedAmount(v, this.amountOptions);
    } catch (e) {
      if (e instanceof AmountError) throw new RowProblem(this.columnName(name, nth), e.message);
      throw e;
    }
  }

  /** The canonical text of an unsigned amount cell (null when empty): plainAmount's fast path first. */
  absAmount(name: ColumnName, nth = 0): string | null {
    const plain = this.plainAmount(name, nth);
    if (plain !== undefined) return plain;
    const value = this.unsignedAmount(name, nth);
    return value === null ? null : dec(value.abs());
  }

  reqUnsignedAmount(name: ColumnName, nth = 0): Decimal {
    const v = this.unsignedAmount(name, nth);
    if (v === null) throw new RowProblem(this.columnName(name, nth), 'amount is missing');
    return v;
  }

  reqAmount(name: ColumnName, nth = 0, options?: AmountOptions): Decimal {
    const v = this.amount(name, nth, options);
    if (v === null) throw new RowProblem(this.columnName(name, nth), 'amount is missing');
    return v;
  }

  time(name: ColumnName, style: TimeStyle = 'iso', offsetMinutes = 0): string {
    const v = this.cell(name, 0);
    try {
      return parseTime(v ?? '', style, offsetMinutes);
    } catch (e) {
      if (e instanceof TimeError) throw new RowProblem(this.columnName(name), e.message);
      throw e;
    }
  }

  problem(name: ColumnName | null, message: string): RowProblem {
    return new RowProblem(name === null ? null : this.columnName(name), message);
  }

  /** The header text of a column as the user sees it (for regex-matched columns too). */
  columnName(name: ColumnName, nth = 0): string {
    const i = this.header.index(name, nth);
    const actual = i === -1 ? undefined : this.header.names[i];
    if (actual === undefined) return displayName(name, nth);
    return nth > 0 ? `${actual} (#${nth + 1})` : actual;
  }
}

/** Like Row.amount but for cells that carry their unit (see core/units.ts). */
export function unitAmount(
  row: Row,
  name: ColumnName,
  candidates: string[] = [],
): { amount: Decimal; asset: string } | null {
  try {
    return splitUnit(row.text(name), candidates);
  } catch (e) {
    if (e instanceof AmountError) throw row.problem(name, e.message);
    throw e;
  }
}
