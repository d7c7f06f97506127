import type { Term } from '@lotwise/engine/types';
import {
  DIGITAL_ASSET_BOXES_FROM,
  type Form8949Box,
  type Form8949Data,
  type Form8949Line,
  type Form8949Totals,
  form8949Box,
} from '../form8949.ts';
import { NO_PRICE, shownMoney } from '../incomplete.ts';
import type { ReportModel } from '../model.ts';
import { formMoney } from '../money.ts';
import { MARGIN, PAGE_WIDTH, type Sheet } from './doc.ts';
import { BOX_TEXT, HEADINGS } from './form8949-text.ts';

/** Columns (a)–(h) of the IRS layout, widths in points (552 in all). */
const COLUMNS = [
  { key: 'a', width: 140 },
  { key: 'b', width: 54 },
  { key: 'c', width: 54 },
  { key: 'd', width: 68 },
  { key: 'e', width: 68 },
  { key: 'f', width: 28 },
  { key: 'g', width: 60 },
  { key: 'h', width: 80 },
] as const;
const X: number[] = [];
COLUMNS.reduce((x, c) => {
  X.push(x);
  return x + c.width;
}, MARGIN);
const RIGHT = PAGE_WIDTH - MARGIN;

function boxesShown(year: number, term: Term): Form8949Box[] {
  const letters = term === 'short' ? 'ABCGHI' : 'DEFJKL';
  const count = year >= DIGITAL_ASSET_BOXES_FROM ? 6 : 3;
  return [...letters.slice(0, count)] as Form8949Box[];
}

export interface PageInfo {
  year: number;
  term: Term;
  box: Form8949Box;
  scheduleDLine: string;
  lines: Form8949Line[];
  totals: Form8949Totals;
  rowsPerPage: number;
  pageOfPart: number;
  pagesInPart: number;
  name: string;
  taxpayerId: string;
}

function header(sheet: Sheet, info: PageInfo): number {
  sheet.text('Form 8949', MARGIN, 28, { size: 14, bold: true });
  sheet.text('Department of the Treasury', MARGIN, 46, { size: 6 });
  sheet.text('Internal Revenue Service', MARGIN, 53, { size: 6 });
  sheet.text('Sales and Other Dispositions of Capital Assets', PAGE_WIDTH / 2, 28, {
    size: 12,
    bold: true,
    align: 'center',
  });
  sheet.text(
    'Attach to your Schedule D to list your transactions for lines 1b, 2, 3, 8b, 9, and 10 of Schedule D.',
    PAGE_WIDTH / 2,
    45,
    {
      size: 6.5,
      align: 'center',
    },
  );
  sheet.text('OMB No. 1545-0074', RIGHT, 26, { size: 6, align: 'right' });
  sheet.text(String(info.year), RIGHT, 34, { size: 16, bold: true, align: 'right' });
  sheet.text('Attachment Sequence No. 12A', RIGHT, 53, { size: 6, align: 'right' });
  sheet.hline(62, MARGIN, RIGHT, 1);
  sheet.text('Name(s) shown on return', MARGIN, 65, { size: 6 });
  sheet.text(info.name, MARGIN + 2, 74, { size: 9 });
  sheet.line(400, 62, 400, 88);
  sheet.text('Social security number or taxpayer identification number', 403, 65, { size: 6 });
  sheet.text(info.taxpayerId, 403, 74, { size: 9 });
  sheet.hline(88, MARGIN, RIGHT, 1);
  return 88;
}

function partHeading(sheet: Sheet, top: number, info: PageInfo): number {
  const short = info.term === 'short';
  sheet.rect(MARGIN, top + 3, 34, 12, 0);
  sheet.text(short ? 'Part I' : 'Part II', MARGIN + 4, top + 5, { size: 8, bold: true, color: [1, 1, 1] });
  sheet.text(short ? 'Short-Term.' : 'Long-Term.', MARGIN + 40, top + 5, { size: 9, bold: true });
  sheet.text(
    short
      ? 'Transactions involving capital assets you held 1 year or less are generally short term (see instructions).'
      : 'Transactions involving capital assets you held more than 1 year are generally long term (see instructions).',
    MARGIN + 96,
    top + 6,
    { size: 7 },
  );
  const boxes = boxesShown(info.year, info.term);
  sheet.text(
    `You must check Box ${boxes.slice(0, -1).join(', ')}, or ${boxes.at(-1)} below. Check only one box. If more than one box applies, complete a separate Form 8949, page ${short ? 1 : 2}, for each applicable box.`,
    MARGIN,
    top + 20,
    { size: 6.5, bold: true, maxWidth: RIGHT - MARGIN },
  );
  let y = top + 32;
  for (const box of boxes) {
    sheet.checkbox(MARGIN + 4, y, box === info.box);
    sheet.text(`(${box})  ${BOX_TEXT[box]}`, MARGIN + 16, y, { size: 7 });
    y += 11;
  }
  return y + 2;
}

function columnHeadings(sheet: Sheet, top: number): number {
  const height = 56;
  sheet.hline(top, MARGIN, RIGHT, 1);
  COLUMNS.forEach((c, i) => {
    const lines = HEADINGS[c.key]!;
    const x = X[i]! + c.width / 2;
    let y = top + (c.key === 'f' || c.key === 'g' ? 16 : 4);
    for (const [n, text] of lines.entries()) {
      sheet.text(text, x, y, {
        size: n === 0 ? 7 : 6,
        bold: n === 0,
        align: 'center',
        maxWidth: c.width - 4,
      });
      y += 8;
    }
    if (i > 0) sheet.line(X[i]!, c.key === 'g' ? top + 12 : top, X[i]!, top + height);
  });
  sheet.text('Adjustment, if any, to gain or loss.', X[5]! + 44, top + 3, {
    size: 5.5,
    align: 'center',
    maxWidth: 84,
  });
  sheet.text('1', MARGIN - 10, top + 4, { size: 8, bold: true });
  sheet.hline(top + 12, X[5]!, X[7]!, 0.5);
  sheet.hline(top + height, MARGIN, RIGHT, 0.5);
  return top + height;
}

function cells(sheet: Sheet, top: number, height: number, line: Form8949Line | null): void {
  const values = line
    ? [
        line.description,
        line.dateAcquired,
        line.dateSold,
        shownMoney(line.proceeds, line.missingPrice, formMoney),
        shownMoney(line.costBasis, line.basisUnknown, formMoney),
        line.code,
        line.adjustment === '' ? '' : formMoney(line.adjustment),
        shownMoney(line.gain, line.missingPrice || line.basisUnknown, formMoney),
      ]
    : [];
  COLUMNS.forEach((c, i) => {
    if (i > 0) sheet.line(X[i]!, top, X[i]!, top + height);
    const value = values[i];
    if (!value) return;
    const money = i >= 3 && i !== 5;
    sheet.text(value, money ? X[i]! + c.width - 3 : X[i]! + 3, top + height / 2 - 3.5, {
      size: 8,
      align: money ? 'right' : 'left',
      maxWidth: c.width - 6,
    });
  });
  // Why a row's amounts are unknown, under its description.
  if (line?.missingPrice || line?.basisUnknown) {
    sheet.text(`(${NO_PRICE})`, X[0]! + 3, top + height / 2 + 4, {
      size: 6,
      color: [0.75, 0.1, 0.1],
      maxWidth: COLUMNS[0].width - 6,
    });
  }
  sheet.hline(top + height, MARGIN, RIGHT, 0.25);
}

/** Line 2: the page's totals. Returns the amounts exactly as printed. */
function totalsRow(sheet: Sheet, top: number, info: PageInfo): Record<string, string> {
  const height = 42;
  const lines = [
    'Totals. Add the amounts in columns (d), (e), (g), and (h) (subtract',
    'negative amounts). Enter each total here and include on your',
    `Schedule D, line ${info.term === 'short' ? '1b, 2, or 3' : '8b, 9, or 10'} (line ${info.scheduleDLine} for Box ${info.box}).`,
  ];
  sheet.text('2', MARGIN - 10, top + 4, { size: 8, bold: true });
  lines.forEach((text, n) => {
    sheet.text(text, MARGIN + 3, top + 5 + n * 9, { size: 6.5, maxWidth: X[3]! - MARGIN - 6 });
  });
  const t = info.totals;
  const printed = {
    proceeds: shownMoney(t.proceeds, t.proceedsMissing > 0, formMoney),
    costBasis: shownMoney(t.costBasis, t.basisMissing > 0, formMoney),
    // (g) is added up like the others where a row has one (a 1099-DA correction, code B).
    adjustment: info.lines.some((l) => l.adjustment !== '') ? formMoney(t.adjustment) : '',
    gain: shownMoney(t.gain, t.missing > 0, formMoney),
  };
  const at: Array<[number, string]> = [
    [3, printed.proceeds],
    [4, printed.costBasis],
    [6, printed.adjustment],
    [7, printed.gain],
  ];
  for (const [i, value] of at) {
    sheet.text(value, X[i]! + COLUMNS[i]!.width - 3, top + height / 2 - 4, {
      size: 8.5,
      bold: true,
      align: 'right',
      maxWidth: COLUMNS[i]!.width - 6,
    });
  }
  for (let i = 3; i < COLUMNS.length; i++) sheet.line(X[i]!, top, X[i]!, top + height);
  sheet.rect(X[5]!, top, COLUMNS[5]!.width, height, 0.75);
  sheet.hline(top + height, MARGIN, RIGHT, 1);
  return printed;
}

/** Draws one Form 8949 page (one part, one box, up to rowsPerPage rows). */
export function drawForm8949Page(sheet: Sheet, info: PageInfo): Record<string, string> {
  let y = header(sheet, info);
  y = partHeading(sheet, y, info);
  y = columnHeadings(sheet, y);
  const rowHeight = info.rowsPerPage > 11 ? 22 : 26;
  for (let r = 0; r < info.rowsPerPage; r++) {
    cells(sheet, y, rowHeight, info.lines[r] ?? null);
    y += rowHeight;
  }
  const printed = totalsRow(sheet, y, info);
  y += 50;
  sheet.text(
    'Note: If you checked a box above but the basis reported to the IRS was incorrect, enter in column (e) the basis as reported to the IRS, and enter an adjustment in column (g) to correct the basis.',
    MARGIN,
    y,
    { size: 6, maxWidth: RIGHT - MARGIN },
  );
  sheet.text(
    `Box ${info.box}, page ${info.pageOfPart} of ${info.pagesInPart}. Prepared by Lotwise from your records; amounts rounded to cents, totals are the sums of the rounded rows.`,
    MARGIN,
    y + 12,
    { size: 6.5 },
  );
  sheet.text(`Form 8949 (${info.year})`, RIGHT, y + 12, { size: 7, bold: true, align: 'right' });
  return printed;
}

/** Every page of Form 8949: Part I pages, then Part II; an empty Part I page when nothing was sold. */
export function drawForm8949(
  sheetFor: () => Sheet,
  data: Form8949Data,
  model: Pick<ReportModel, 'year' | 'taxpayerName' | 'taxpayerId'>,
  boxBasis?: Parameters<typeof form8949Box>[2],
): Record<string, string> {
  const printed: Record<string, string> = {};
  const base = {
    year: data.year,
    rowsPerPage: data.rowsPerPage,
    name: model.taxpayerName ?? '',
    taxpayerId: model.taxpayerId ?? '',
  };
  if (data.parts.length === 0) {
    const box = form8949Box(data.year, 'short', boxBasis);
    const zero = {
      proceeds: '0',
      costBasis: '0',
      adjustment: '0',
      gain: '0',
      missing: 0,
      proceedsMissing: 0,
      basisMissing: 0,
    };
    drawForm8949Page(sheetFor(), {
      ...base,
      term: 'short',
      box,
      scheduleDLine: '',
      lines: [],
      totals: zero,
      pageOfPart: 1,
      pagesInPart: 1,
    });
    return printed;
  }
  for (const part of data.parts) {
    part.pages.forEach((page, index) => {
      const values = drawForm8949Page(sheetFor(), {
        ...base,
        term: part.term,
        box: part.box,
        scheduleDLine: part.scheduleDLine,
        lines: page.lines,
        totals: page.totals,
        pageOfPart: index + 1,
        pagesInPart: part.pages.length,
      });
      for (const [key, value] of Object.entries(values)) printed[`${part.box}.${index + 1}.${key}`] = value;
    });
  }
  return printed;
}
