import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import type { AmountOptions } from './decimal.ts';
import type { ColumnName, Header } from './header.ts';
import type { Row } from './row.ts';

export interface ParseOptions {
  format?: string;
  wallet?: string;
  /** The wallet's own address; explorer exports need it to tell incoming from outgoing. */
  address?: string;
}

/** Where a format parser sends its output. */
export interface ParseContext {
  readonly options: ParseOptions;
  emit(tx: NormalisedTransaction): void;
  skip(lines: number[], reason: string): void;
  error(line: number, column: string | null, message: string): void;
  /** Run `fn` and turn a RowProblem into a row error on `line` (for grouped rows at end()). */
  guard(line: number, fn: () => void): void;
}

/** Row-driven so a caller could feed rows incrementally; grouping formats flush in end(). */
export interface FormatParser {
  row(row: Row): void;
  end?(): void;
}

export interface FormatDefinition {
  id: string;
  label: string;
  /** Header signature test on cleaned header cells (§9). */
  detect(cells: string[]): boolean;
  /** Columns the parser cannot work without; absent ones are reported against the header row. */
  required: ColumnName[] | ((header: Header) => ColumnName[]);
  /** Number conventions of the source (default: `.` decimal point, `,` grouping removed). */
  amountOptions?(header: Header): AmountOptions;
  create(header: Header, ctx: ParseContext): FormatParser;
}
