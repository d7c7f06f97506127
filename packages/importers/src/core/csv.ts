/**
 * A small RFC-4180 tokenizer that keeps physical line numbers (errors must name the line a
 * user sees in an editor, preamble included). Linear in the input size. `CsvTokenizer` is
 * push-style so a stream can feed it chunk by chunk (a record, a quoted value or a CRLF may be
 * split across chunks); `readRecords` feeds it a whole string once, so both paths share it.
 */
export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  cells: string[];
  /** Set when the record ends inside an open quote (a truncated file). */
  unterminated?: boolean;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * Resumable tokenizer: `push` text, then call `next()` until it returns null (more input is
 * needed); after `end()` the last, unterminated record comes out too. Only the unconsumed tail
 * of the input is kept (a lone `"` or `\r` at a chunk end, whose meaning depends on the next
 * character); cells under construction are kept as strings.
 */
export class CsvTokenizer {
  private buf = '';
  private pos = 0;
  private done = false;
  private readonly delimCode: number;
  // State of the record under construction (valid while `inRecord`).
  private inRecord = false;
  private recordLine = 0;
  private cells: string[] = [];
  private cell = '';
  private inQuotes = false;
  private line: number;

  constructor(delimiter: string, startLine = 1) {
    this.delimCode = delimiter.charCodeAt(0);
    this.line = startLine;
  }

  /** Append text; `offset` skips a prefix of `text` without copying it first. */
  push(text: string, offset = 0): void {
    if (this.done) throw new Error('CsvTokenizer: push after end');
    if (offset >= text.length) return;
    if (this.pos >= this.buf.length) {
      this.buf = text;
      this.pos = offset;
    } else {
      this.buf = flat(this.buf.slice(this.pos) + (offset === 0 ? text : text.slice(offset)));
      this.pos = 0;
    }
  }

  /** No more input: the tail is final. */
  end(): void {
    this.done = true;
  }

  /** The next complete record, or null when more input is needed (or, after end(), none is left). */
  next(): CsvRecord | null {
    const text = this.buf;
    const n = text.length;
    const delimCode = this.delimCode;
    const done = this.done;
    let i = this.pos;
    let line = this.line;
    if (!this.inRecord) {
      if (i >= n) return null;
      this.inRecord = true;
      this.recordLine = line;
      this.cells = [];
      this.cell = '';
      this.inQuotes = false;
    }
    const cells = this.cells;
    let cell = this.cell;
    let inQuotes = this.inQuotes;
    let complete = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (inQuotes) {
        if (c === QUOTE) {
          if (i + 1 >= n && !done) break; // `""` or closing quote? Wait for the next chunk.
          if (text.charCodeAt(i + 1) === QUOTE) {
            cell += '"';
            i += 2;
            continue;
          }
          inQuotes = false;
          i += 1;
          continue;
        }
        // Take the run up to the next quote in one slice: quoted cells can be long.
        const next = text.indexOf('"', i + 1);
        const stop = next === -1 ? n : next;
        for (let k = i; k < stop; k += 1) if (text.charCodeAt(k) === LF) line += 1;
        cell += text.slice(i, stop);
        i = stop;
        continue;
      }
      if (c === QUOTE && (cell === '' || cell.trim() === '')) {
        cell = '';
        inQuotes = true;
        i += 1;
      } else if (c === delimCode) {
        cells.push(cell);
        cell = '';
        i += 1;
      } else if (c === LF) {
        line += 1;
        i += 1;
        complete = true;
        break;
      } else if (c === CR) {
        if (i + 1 >= n && !done) break; // CRLF split across chunks? Wait for the next one.
        i += 1;
        if (text.charCodeAt(i) !== LF) {
          line += 1;
          complete = true;
          break;
        }
      } else {
        // Fast path: take the run of plain characters up to the next special one in one slice.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === LF || d === CR || d === QUOTE || d === delimCode) break;
          j += 1;
        }
        cell += text.slice(i, j);
        i = j;
      }
    }
    this.pos = i;
    this.line = line;
    if (!complete && !(done && i >= n)) {
      this.cell = cell;
      this.inQuotes = inQuotes;
      return null;
    }
    cells.push(cell);
    this.inRecord = false;
    this.cells = [];
    this.cell = '';
    if (this.pos >= n && !done) {
      this.buf = '';
      this.pos = 0;
    }
    return inQuotes ? { line: this.recordLine, cells, unterminated: true } : { line: this.recordLine, cells };
  }
}

/**
 * V8 keeps `a + b` as a rope; charCodeAt on a rope is far slower than on a flat string, so
 * flatten once per push (ToNumber flattens, and fails fast on CSV text).
 */
function flat(s: string): string {
  Number(s);
  return s;
}

export function* readRecords(
  text: string,
  delimiter: string,
  startOffset = 0,
  startLine = 1,
): Generator<CsvRecord> {
  const tokenizer = new CsvTokenizer(delimiter, startLine);
  tokenizer.push(text, startOffset);
  tokenizer.end();
  for (let record = tokenizer.next(); record !== null; record = tokenizer.next()) yield record;
}

/** Parse one physical line on its own (used while looking for the header row). */
export function splitLine(line: string, delimiter: string): string[] {
  const first = readRecords(line, delimiter).next();
  return first.done ? [] : first.value.cells;
}

/** Pick `,` or `;` (or tab) by counting occurrences outside quotes on the header line. */
export function sniffDelimiter(line: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let inQuotes = false;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}

export interface PhysicalLine {
  line: number;
  offset: number;
  text: string;
  /** Offset of the first character after the line and its break (CR, LF or CRLF). */
  next: number;
}

/**
 * The first `limit` physical lines with their start offsets, without splitting the whole file.
 * A line ends at LF, CRLF or a lone CR (Excel for Mac's "CSV (Macintosh)"), as in CsvTokenizer.
 */
export function headLines(text: string, limit: number): PhysicalLine[] {
  const out: PhysicalLine[] = [];
  let offset = 0;
  // The next CR at or after `offset` (-1: none in the rest of the text), looked for again only
  // once passed: a file without CRs was searched to its end for each of the lines (25 × 10 MB).
  let cr = text.indexOf('\r');
  for (let line = 1; line <= limit && offset < text.length; line += 1) {
    if (cr !== -1 && cr < offset) cr = text.indexOf('\r', offset);
    const end = lineEnd(text, offset, cr);
    const crlf = text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF;
    const next = end >= text.length ? text.length : end + (crlf ? 2 : 1);
    out.push({ line, offset, text: text.slice(offset, end), next });
    offset = next;
  }
  return out;
}

/** Offset of the first CR or LF at or after `from` (text.length when none); `cr` is the first CR's. */
function lineEnd(text: string, from: number, cr: number): number {
  const lf = text.indexOf('\n', from);
  if (cr === -1) return lf === -1 ? text.length : lf;
  return lf === -1 || cr < lf ? cr : lf;
}

/**
 * Line breaks in a chunk of text (LF, CRLF, lone CR) for callers waiting for enough lines. A CR
 * at the very end is not counted (its LF may be in the next chunk): never more than there are.
 */
export function countLineBreaks(text: string): number {
  let breaks = 0;
  for (let k = 0; k < text.length; k += 1) {
    const c = text.charCodeAt(k);
    if (c === LF) breaks += 1;
    else if (c === CR && k + 1 < text.length && text.charCodeAt(k + 1) !== LF) breaks += 1;
  }
  return breaks;
}
