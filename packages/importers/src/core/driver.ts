import type {
  ImportResult,
  NormalisedTransaction,
  RowError,
  SkippedRow,
} from '@lotwise/contracts/normalised';
import { readRecords } from './csv.ts';
import type { Header } from './header.ts';
import { Row, RowProblem } from './row.ts';
import type { FormatDefinition, ParseContext, ParseOptions } from './types.ts';

/** Export sentinels that mean "no data" rather than a malformed row (§1.1). */
const NO_RECORDS = new Set(['No matching records found.', 'No data', 'No records found']);

/**
 * Feed the rows after the header to a format parser, collecting records, skipped rows and
 * row errors. A RowProblem thrown for one row never stops the others.
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
  const ctx: ParseContext = {
    options,
    emit: (t) => transactions.push(t),
    skip: (lines, reason) => skipped.push({ source_lines: [...lines].sort((a, b) => a - b), reason }),
    error: (line, column, message) => errors.push({ line, column, message }),
    guard: (line, fn) => guard(line, fn, errors),
  };
  const result = (): ImportResult => ({
    format: def.id,
    transactions: sortRecords(transactions),
    skipped,
    errors,
  });

  const missing = header.missing(typeof def.required === 'function' ? def.required(header) : def.required);
  if (missing.length > 0) {
    for (const name of missing) {
      ctx.error(header.line, name, `required column "${name}" is missing from the header`);
    }
    return result();
  }

  const parser = def.create(header, ctx);
  const amountOptions = def.amountOptions?.(header) ?? { grouping: header.delimiter !== ';' };
  const width = header.names.length;
  for (const record of readRecords(text, header.delimiter, bodyOffset, header.line + 1)) {
    const cells = record.cells;
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells.length === 1 && NO_RECORDS.has((cells[0] as string).trim())) continue;
    if (record.unterminated) {
      ctx.error(record.line, null, 'row ends inside a quoted value (file truncated?)');
      continue;
    }
    if (cells.length < width) {
      const column = header.names[cells.length] ?? null;
      ctx.error(
        record.line,
        column,
        `row has ${cells.length} field${cells.length === 1 ? '' : 's'} but the header has ${width} (truncated row or wrong delimiter?)`,
      );
      continue;
    }
    guard(record.line, () => parser.row(new Row(record.line, cells, header, amountOptions)), errors);
  }
  parser.end?.();
  return result();
}

function guard(line: number, fn: () => void, errors: RowError[]): void {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof RowProblem)) throw e;
    errors.push({ line: e.line ?? line, column: e.column, message: e.message });
  }
}

/** Timestamp order, then first source line (§2); ISO strings of one width sort lexically. */
export function sortRecords(records: NormalisedTransaction[]): NormalisedTransaction[] {
  return records.sort((a, b) => {
    if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
    return (a.source_lines[0] ?? 0) - (b.source_lines[0] ?? 0);
  });
}
