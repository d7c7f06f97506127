import type {
  ImportResult,
  NormalisedTransaction,
  RowError,
  SkippedRow,
} from '@lotwise/contracts/normalised';
import { readRecords } from './core/csv.ts';
import { decodeBytes } from './core/decode.ts';
import { FormatRun, runFormat } from './core/driver.ts';
import type { FormatDefinition, ParseOptions } from './core/types.ts';
import { firstLinePreview, HEADER_SEARCH_LINES, type Located, locateHeader } from './detect.ts';
import { FORMATS, findFormat } from './registry.ts';

export type { ParseOptions } from './core/types.ts';

/**
 * File bytes → normalised transactions, skipped rows and row errors. Detects the layout from
 * the header row unless `format` names one. Never throws for bad input: problems come back
 * as `errors` with the physical line and column. See `parse-stream.ts` for large files.
 */
export function parseFile(bytes: Uint8Array, options: ParseOptions = {}): ImportResult {
  const { text } = decodeBytes(bytes);
  const found = locateFormat(text, options);
  if ('message' in found) return failure(found.format, found.message);
  return runFormat(found.def, text, found.header, found.bodyOffset, options);
}

/**
 * parseFile's rules with each record handed to `emit` as the format makes it (file order, not
 * sorted; `sortRecords` gives parseFile's order) instead of collected: a caller that keeps only
 * part of each record (the CLI's calculation, a million rows) never holds every full record.
 * The layout, skipped rows and errors come back as parseFile gives them.
 */
export function parseFileEach(
  bytes: Uint8Array,
  options: ParseOptions,
  emit: (tx: NormalisedTransaction) => void,
  reader?: LineReader,
): Omit<ImportResult, 'transactions'> {
  const { text } = decodeBytes(bytes);
  const found = locateFormat(text, options);
  if ('message' in found) {
    const { transactions: _none, ...rest } = failure(found.format, found.message);
    return rest;
  }
  const skipped: SkippedRow[] = [];
  const errors: RowError[] = [];
  const run = new FormatRun(found.def, found.header, options, {
    emit,
    skip: (s) => skipped.push(s),
    error: (e) => errors.push(e),
  });
  if (run.missing.length === 0) {
    const { header } = found;
    const take = reader?.format === found.def.id ? reader.forHeader(header.names, header.delimiter) : null;
    if (take) readLines(text, found.bodyOffset, header.line + 1, header.delimiter, run, take);
    else
      for (const record of readRecords(text, header.delimiter, found.bodyOffset, header.line + 1))
        run.record(record);
    run.end();
  }
  return { format: found.def.id, skipped, errors };
}

/**
 * A caller's own reader for the plain lines of one layout (the CLI's calculation reads the
 * universal template's lines straight into its rows). `forHeader` gives the reader for a file
 * with these header names and delimiter, or null when it does not know them. The reader takes a
 * line (neither quote nor CR in it) and its physical line number and returns true when it took
 * the line, with the result the layout's parser would have given; false hands the line to the
 * layout's parser (any error is the parser's, with its text).
 */
export interface LineReader {
  format: string;
  forHeader(names: readonly string[], delimiter: string): ((line: string, lineNo: number) => boolean) | null;
}

/**
 * The body line by line for a LineReader: a line it does not take goes to the format as the
 * record the tokenizer makes of it (a line without quote or CR is its cells split at the
 * delimiter). From the first line with a quote or a CR, the rest goes through the tokenizer.
 */
function readLines(
  text: string,
  offset: number,
  line: number,
  delimiter: string,
  run: FormatRun,
  take: (line: string, lineNo: number) => boolean,
): void {
  const n = text.length;
  while (offset < n) {
    let end = text.indexOf('\n', offset);
    if (end === -1) end = n;
    const s = text.slice(offset, end);
    if (s.indexOf('"') !== -1 || s.indexOf('\r') !== -1) {
      for (const record of readRecords(text, delimiter, offset, line)) run.record(record);
      return;
    }
    if (!take(s, line)) run.record({ line, cells: s.split(delimiter) });
    offset = end + 1;
    line += 1;
  }
}

/**
 * The layout of a file from its first lines (`text` needs at least the first
 * HEADER_SEARCH_LINES lines): the requested format or the first one whose header signature
 * matches, or why none fits (the message parseFile reports on line 1).
 */
export function locateFormat(
  text: string,
  options: ParseOptions,
): Located | { format: string; message: string } {
  const wanted = options.format && options.format !== 'auto' ? options.format : null;
  if (wanted) {
    const def: FormatDefinition | undefined = findFormat(wanted);
    if (!def) {
      const known = FORMATS.map((f) => f.id).join(', ');
      return { format: 'unknown', message: `Unknown format "${wanted}". Known formats: ${known}` };
    }
    const located = locateHeader(text, [def]);
    if (!located) {
      return {
        format: def.id,
        message: `Header of ${def.label} not found in the first ${HEADER_SEARCH_LINES} lines (first line: "${firstLinePreview(text)}")`,
      };
    }
    return located;
  }
  const located = locateHeader(text, FORMATS);
  if (!located) {
    return {
      format: 'unknown',
      message: `Unrecognised file layout: no known header row found (first line: "${firstLinePreview(text)}")`,
    };
  }
  return located;
}

export function listFormats(): { id: string; label: string }[] {
  return FORMATS.map((f) => ({ id: f.id, label: f.label }));
}

function failure(format: string, message: string): ImportResult {
  return { format, transactions: [], skipped: [], errors: [{ line: 1, column: null, message }] };
}
