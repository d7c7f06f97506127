import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** US Letter, points. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const MARGIN = 30;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

/** The standard fonts only encode WinAnsi: anything else prints as "?". */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Shrink the font (down to 5 pt) so the text fits this width. */
  maxWidth?: number;
  color?: [number, number, number];
}

/** A page with the drawing helpers the reports use; y is measured from the top. */
export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  static add(doc: PDFDocument, fonts: Fonts): Sheet {
    return new Sheet(doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), fonts);
  }

  text(value: string, x: number, top: number, options: TextOptions = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const text = printable(value);
    let size = options.size ?? 8;
    let width = font.widthOfTextAtSize(text, size);
    if (options.maxWidth !== undefined) {
      while (width > options.maxWidth && size > 5) {
        size -= 0.5;
        width = font.widthOfTextAtSize(text, size);
      }
    }
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    const [r, g, b] = options.color ?? [0, 0, 0];
    this.page.drawText(text, { x: left, y: PAGE_HEIGHT - top - size * 0.8, size, font, color: rgb(r, g, b) });
  }

  line(x1: number, top1: number, x2: number, top2: number, thickness = 0.5): void {
    this.page.drawLine({
      start: { x: x1, y: PAGE_HEIGHT - top1 },
      end: { x: x2, y: PAGE_HEIGHT - top2 },
      thickness,
      color: rgb(0, 0, 0),
    });
  }

  hline(top: number, x1 = MARGIN, x2 = PAGE_WIDTH - MARGIN, thickness = 0.5): void {
    this.line(x1, top, x2, top, thickness);
  }

  rect(x: number, top: number, width: number, height: number, fill?: number): void {
    this.page.drawRectangle({
      x,
      y: PAGE_HEIGHT - top - height,
      width,
      height,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.5,
      ...(fill !== undefined ? { color: rgb(fill, fill, fill) } : {}),
    });
  }

  /** A checkbox, checked with an X. */
  checkbox(x: number, top: number, checked: boolean): void {
    this.rect(x, top, 7, 7);
    if (checked) {
      this.line(x + 1, top + 1, x + 6, top + 6, 1);
      this.line(x + 1, top + 6, x + 6, top + 1, 1);
    }
  }
}

/** A simple table: header row, then rows; returns the y below the last row. */
export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export function table(
  sheet: Sheet,
  top: number,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  options: { rowHeight?: number; size?: number; boldLast?: boolean } = {},
): number {
  const rowHeight = options.rowHeight ?? 13;
  const size = options.size ?? 7.5;
  let y = top;
  const cells = (values: readonly string[], bold: boolean) => {
    let x = MARGIN;
    columns.forEach((column, i) => {
      const value = values[i] ?? '';
      const right = column.align === 'right';
      sheet.text(value, right ? x + column.width - 3 : x + 3, y + 3, {
        size,
        bold,
        align: right ? 'right' : 'left',
        maxWidth: column.width - 6,
      });
      x += column.width;
    });
  };
  sheet.rect(MARGIN, y, PAGE_WIDTH - 2 * MARGIN, rowHeight, 0.9);
  cells(
    columns.map((c) => c.title),
    true,
  );
  y += rowHeight;
  rows.forEach((row, index) => {
    cells(row, options.boldLast === true && index === rows.length - 1);
    y += rowHeight;
    sheet.hline(y, MARGIN, PAGE_WIDTH - MARGIN, 0.25);
  });
  return y;
}
