import { type Column, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, type Sheet, table } from './doc.ts';

const BOTTOM = PAGE_HEIGHT - 50;
const ROW = 13;

/** The title block of a report page (not an IRS form): title, year, taxpayer, a rule. */
export function reportHeading(sheet: Sheet, title: string, subtitle: string, name?: string): number {
  sheet.text(title, MARGIN, 30, { size: 15, bold: true });
  sheet.text(subtitle, MARGIN, 50, { size: 8.5 });
  if (name) sheet.text(name, PAGE_WIDTH - MARGIN, 32, { size: 9, align: 'right' });
  sheet.hline(64, MARGIN, PAGE_WIDTH - MARGIN, 1);
  return 74;
}

export function pageFooter(sheet: Sheet, text: string): void {
  sheet.text(text, MARGIN, PAGE_HEIGHT - 30, { size: 6.5, color: [0.3, 0.3, 0.3] });
}

export interface Flow {
  sheet: Sheet;
  y: number;
}

/**
 * Writes a table that continues on new pages (repeating its header) when a page fills up.
 * `next` starts a new page and returns the y to continue at. The last row is bold when it is
 * the table's total.
 */
export function flowTable(
  flow: Flow,
  next: () => Flow,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  options: { boldLast?: boolean } = {},
): Flow {
  let current = flow;
  let start = 0;
  if (rows.length === 0) {
    current.y = table(current.sheet, current.y, columns, [['(none)']]) + 8;
    return current;
  }
  while (start < rows.length) {
    if (current.y + 2 * ROW > BOTTOM) current = next();
    const fit = Math.max(1, Math.floor((BOTTOM - current.y) / ROW) - 1);
    const chunk = rows.slice(start, start + fit);
    const last = start + chunk.length === rows.length;
    current.y =
      table(current.sheet, current.y, columns, chunk, { boldLast: last && options.boldLast === true }) + 8;
    start += chunk.length;
  }
  return current;
}

export function sectionTitle(flow: Flow, next: () => Flow, title: string, note?: string): Flow {
  let current = flow;
  if (current.y + 60 > BOTTOM) current = next();
  current.sheet.text(title, MARGIN, current.y, { size: 11, bold: true });
  current.y += 16;
  if (note) {
    const font = current.sheet.fonts.regular;
    for (const line of wrap(note, (text) => font.widthOfTextAtSize(text, 7.5) <= PAGE_WIDTH - 2 * MARGIN)) {
      current.sheet.text(line, MARGIN, current.y, { size: 7.5 });
      current.y += 10;
    }
    current.y += 2;
  }
  return current;
}

/** Greedy word wrap: a line grows while `fits` accepts it. */
export function wrap(text: string, fits: (line: string) => boolean): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && !fits(`${line} ${word}`)) {
      out.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') out.push(line);
  return out;
}
