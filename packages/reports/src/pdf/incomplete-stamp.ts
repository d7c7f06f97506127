import { degrees, type PDFDocument, rgb } from 'pdf-lib';
import { type Fonts, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, printable } from './doc.ts';
import { wrap } from './pages.ts';

const RED = rgb(0.75, 0.1, 0.1);
const SIZE = 7;

/**
 * Marks every page of an incomplete year's PDF: the notice in red across the top margin and a
 * faint diagonal INCOMPLETE behind the page, so no page can be filed (or photocopied) as if
 * its figures were complete.
 */
export function stampIncomplete(doc: PDFDocument, fonts: Fonts, notice: string): void {
  const text = printable(notice);
  const lines = wrap(text, (line) => fonts.bold.widthOfTextAtSize(line, SIZE) <= PAGE_WIDTH - 2 * MARGIN);
  for (const page of doc.getPages()) {
    lines.slice(0, 2).forEach((line, i) => {
      page.drawText(line, {
        x: MARGIN,
        y: PAGE_HEIGHT - 9 - i * 8 - SIZE,
        size: SIZE,
        font: fonts.bold,
        color: RED,
      });
    });
    const mark = 'INCOMPLETE';
    const size = 96;
    const width = fonts.bold.widthOfTextAtSize(mark, size);
    const angle = 40;
    const rad = (angle * Math.PI) / 180;
    page.drawText(mark, {
      x: PAGE_WIDTH / 2 - (Math.cos(rad) * width) / 2 + Math.sin(rad) * size * 0.35,
      y: PAGE_HEIGHT / 2 - (Math.sin(rad) * width) / 2 - Math.cos(rad) * size * 0.35,
      size,
      font: fonts.bold,
      color: RED,
      opacity: 0.12,
      rotate: degrees(angle),
    });
  }
}
