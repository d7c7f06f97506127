/**
 * A small RFC-4180 tokenizer that keeps physical line numbers (errors must name the line a
 * user sees in an editor, preamble included). Linear in the input size and written as a
 * generator so a caller can stop early or feed rows to a parser one at a time.
 */
export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  cells: string[];
  /** Set when the record ends inside an open quote (a truncated file). */
  unterminated?: boolean;
}

export function* readRecords(
  text: string,
  delimiter: string,
  startOffset = 0,
  startLine = 1,
): Generator<CsvRecord> {
  const n = text.length;
  const delimCode = delimiter.charCodeAt(0);
  let i = startOffset;
  let line = startLine;
  while (i < n) {
    const recordLine = line;
    const cells: string[] = [];
    let cell = '';
    let inQuotes = false;
    let endOfRecord = false;
    while (i < n && !endOfRecord) {
      const ch = text[i] as string;
      if (inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
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
        const chunk = text.slice(i, stop);
        for (let k = 0; k < chunk.length; k += 1) if (chunk.charCodeAt(k) === 10) line += 1;
        cell += chunk;
        i = stop;
        continue;
      }
      if (ch === '"' && cell.trim() === '') {
        cell = '';
        inQuotes = true;
      } else if (ch === delimiter) {
        cells.push(cell);
        cell = '';
      } else if (ch === '\n') {
        endOfRecord = true;
        line += 1;
      } else if (ch === '\r') {
        if (text[i + 1] !== '\n') {
          endOfRecord = true;
          line += 1;
        }
      } else {
        // Fast path: take the run of plain characters up to the next special one in one slice.
        let j = i + 1;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 10 || c === 13 || c === 34 || c === delimCode) break;
          j += 1;
        }
        cell += text.slice(i, j);
        i = j;
        continue;
      }
      i += 1;
    }
    cells.push(cell);
    yield inQuotes ? { line: recordLine, cells, unterminated: true } : { line: recordLine, cells };
  }
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
}

/** The first `limit` physical lines with their start offsets, without splitting the whole file. */
export function headLines(text: string, limit: number): PhysicalLine[] {
  const out: PhysicalLine[] = [];
  let offset = 0;
  for (let line = 1; line <= limit && offset < text.length; line += 1) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    out.push({ line, offset, text: text.slice(offset, end).replace(/\r$/, '') });
    offset = end + 1;
  }
  return out;
}
