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
        const nl = text.indexOf('\n', pl.offset);
        const bodyOffset = nl === -1 ? text.length : nl + 1;
        return { def, header: new Header(raw, pl.line, delimiter), bodyOffset };
      }
    }
  }
  return null;
}

/** First non-empty line, shortened, for the "unrecognised layout" message. */
export function firstLinePreview(text: string): string {
  const first = headLines(text, HEADER_SEARCH_LINES).find((l) => l.text.trim() !== '');
  if (!first) return '(empty file)';
  const t = cleanCell(first.text);
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}
