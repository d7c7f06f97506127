import type {
  ImportResult,
  NormalisedTransaction,
  RowError,
  SkippedRow,
} from '@lotwise/contracts/normalised';
import { type CsvRecord, readRecords } from './csv.ts';
import type { AmountOptions } from './decimal.ts';
import type { Header } from './header.ts';
import { unstorable } from './limits.ts';
import { Row, RowProblem } from './row.ts';
import type { FormatDefinition, FormatParser, ParseContext, ParseOptions } from './types.ts';

/** Export sentinels that mean "no data" rather than a malformed row (§1.1). */
const NO_RECORDS = new Set(['No matching records found.', 'No data', 'No records found']);

/** Where a run sends its output as it goes. */
export interface RunOutput {
  emit(tx: NormalisedTransaction): void;
  skip(row: SkippedRow): void;
  error(error: RowError): void;
}

/**
 * One format parser applied to the records after the header, fed one CSV record at a time
 * (by `runFormat` from a string, by `parseStream` from chunks). A RowProblem thrown for one
 * row never stops the others.
 */
export class FormatRun {
  /** Row errors for required columns absent from the header; non-empty means nothing was parsed. */
  readonly missing: RowError[] = [];
  private parser: FormatParser | null = null;
  private readonly ctx: ParseContext;
  private readonly amountOptions: AmountOptions;
  private readonly width: number;

  constructor(
    readonly def: FormatDefinition,
    private readonly header: Header,
    options: ParseOptions,
    private readonly out: RunOutput,
  ) {
    const error = (line: number, column: string | null, message: string): void =>
      out.error({ line, column, message });
    this.ctx = {
      options,
      emit: (t) => {
        const problem = unstorable(t);
        if (problem === null) out.emit(t);
        else out.error({ line: t.source_lines[0] ?? header.line, column: null, message: problem });
      },
      skip: (lines, reason) => out.skip({ source_lines: [...lines].sort((a, b) => a - b), reason }),
      error,
      guard: (line, fn) => guard(line, fn, out),
    };
    this.width = header.names.length;
    this.amountOptions = { grouping: header.delimiter !== ';' };
    const required = typeof def.required === 'function' ? def.required(header) : def.required;
    for (const name of header.missing(required)) {
      this.missing.push({
        line: header.line,
        column: name,
        message: `required column "${name}" is missing from the header`,
      });
    }
    if (this.missing.length > 0) {
      for (const e of this.missing) out.error(e);
      return;
    }
    try {
      this.parser = def.create(header, this.ctx);
      this.amountOptions = def.amountOptions?.(header) ?? this.amountOptions;
    } catch (e) {
      // A header the layout cannot work with (e.g. `Filled Time(UTC+25:00)`): reported, never thrown.
      this.parser = null;
      const error = {
        line: header.line,
        column: e instanceof RowProblem ? e.column : null,
        message: messageOf(e),
      };
      this.missing.push(error);
      out.error(error);
    }
  }

  record(record: CsvRecord): void {
    const parser = this.parser;
    if (parser === null) return;
    const cells = record.cells;
    if (isBlank(cells)) return;
    if (cells.length === 1 && NO_RECORDS.has((cells[0] as string).trim())) return;
    if (record.unterminated) {
      this.out.error({
        line: record.line,
        column: null,
        message: 'row ends inside a quoted value (file truncated?)',
      });
      return;
    }
    const width = this.width;
    if (cells.length < width) {
      this.out.error({
        line: record.line,
        column: this.header.names[cells.length] ?? null,
        message: `row has ${cells.length} field${cells.length === 1 ? '' : 's'} but the header has ${width} (truncated row or wrong delimiter?)`,
      });
      return;
    }
    const row = new Row(record.line, cells, this.header, this.amountOptions);
    try {
      parser.row(row);
    } catch (e) {
      this.out.error(rowError(e, record.line));
    }
  }

  /** Flush grouping formats (pairs, refid groups, same-second aggregation). */
  end(): void {
    try {
      this.parser?.end?.();
    } catch (e) {
      this.out.error(rowError(e, this.header.line));
    }
  }
}

/**
 * A RowProblem as its row error; anything else a format throws (a bug, or a value no rule
 * foresaw) becomes an error on the row too: the importers promise never to throw for bad input.
 */
function rowError(e: unknown, line: number): RowError {
  if (e instanceof RowProblem) return { line: e.line ?? line, column: e.column, message: e.message };
  return { line, column: null, message: `this row could not be read (${messageOf(e)})` };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** True when every cell is empty or whitespace (without allocating trimmed copies). */
function isBlank(cells: string[]): boolean {
  for (const c of cells) {
    for (let k = 0; k < c.length; k += 1) {
      const code = c.charCodeAt(k);
      if (code === 32 || (code >= 9 && code <= 13)) continue;
      if (code > 32 && code < 127) return false;
      // Anything else (control characters, non-ASCII) by String#trim's definition.
      if (c.trim() !== '') return false;
      break;
    }
  }
  return true;
}

/**
 * Feed the rows after the header to a format parser, collecting records, skipped rows and
 * row errors.
 */
export function runFormat(
  def: FormatDefinition,
  text: string,
  header: Header,
  bodyOffset: number,
  options: ParseOptions,
): ImportResult {
  const transactions: NormalisedTransaction[] = [];
  const skipped: SkippedRow[] = [];
  const errors: RowError[] = [];
  const run = new FormatRun(def, header, options, {
    emit: (t) => transactions.push(t),
    skip: (s) => skipped.push(s),
    error: (e) => errors.push(e),
  });
  if (run.missing.length === 0) {
    for (const record of readRecords(text, header.delimiter, bodyOffset, header.line + 1)) run.record(record);
    run.end();
  }
  return { format: def.id, transactions: sortRecords(transactions), skipped, errors };
}

function guard(line: number, fn: () => void, out: RunOutput): void {
  try {
    fn();
  } catch (e) {
    out.error(rowError(e, line));
  }
}

/** Timestamp order, then first source line (§2); ISO strings of one width sort lexically. */
export function sortRecords(records: NormalisedTransaction[]): NormalisedTransaction[] {
  return records.sort((a, b) => {
    if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
    return (a.source_lines[0] ?? 0) - (b.source_lines[0] ?? 0);
  });
}
