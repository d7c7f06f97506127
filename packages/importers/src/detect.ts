import { headLines, sniffDelimiter, splitLine } from './core/csv.ts';
import { cleanCell, Header } from './core/header.ts';
import type { FormatDefinition } from './core/types.ts';

/** How far into the file the header row may be (preambles are at most ~8 lines, §1.1). */
export const HEADER_SEARCH_LINES = 25;

export interface Located {
  def: FormatDefinition;
  header: Header;
  /** Offset of the first character after the header row. */
  bodyOffset: number;
}

/** Find the first line that matches one of `defs` by header signature (§9). */
export function locateHeader(text: string, defs: FormatDefinition[]): Located | null {
  const lines = headLines(text, HEADER_SEARCH_LINES);
  for (const pl of lines) {
    if (pl.text.trim() === '') continue;
    const delimiter = sniffDelimiter(pl.text);
    const raw = splitLine(pl.text, delimiter);
    const cells = raw.map(cleanCell);
    for (const def of defs) {
      if (def.detect(cells)) {
        return { def, header: new Header(raw, pl.line, delimiter), bodyOffset: pl.next };
      }
    }
  }
  return null;
}

// Control characters and U+FFFD (what undecodable bytes become): binary, not CSV text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/g;

/**
 * First non-empty line, shortened, for the "unrecognised layout" message. A binary file (a
 * spreadsheet, a ZIP, a PDF) would echo raw bytes: say what it is and show only its printable start.
 */
export function firstLinePreview(text: string): string {
  const head = text.slice(0, 4096);
  const unprintable = head.match(UNPRINTABLE)?.length ?? 0;
  if (unprintable > 0 && unprintable * 20 > head.length) {
    const kind = head.startsWith('PK')
      ? 'a ZIP archive or Excel workbook; export the sheet as CSV'
      : head.startsWith('%PDF')
        ? 'a PDF; download the CSV export instead'
        : 'binary data, not CSV text';
    const excerpt = head.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim().slice(0, 24);
    return excerpt ? `${excerpt}... (${kind})` : `(${kind})`;
  }
  const first = headLines(text, HEADER_SEARCH_LINES).find((l) => l.text.trim() !== '');
  if (!first) return '(empty file)';
  const t = cleanCell(first.text).replace(UNPRINTABLE, '');
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}
