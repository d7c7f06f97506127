import { PDFDocument } from 'pdf-lib';
import { type BoxBasis, type Form8949Data, form8949, type Grouping } from './form8949.ts';
import { incomeReport } from './income.ts';
import { incompleteNotice } from './incomplete.ts';
import type { ReportModel } from './model.ts';
import { formMoney } from './money.ts';
import { embedFonts, type Fonts, Sheet } from './pdf/doc.ts';
import { drawForm8949 } from './pdf/form8949-pdf.ts';
import { stampIncomplete } from './pdf/incomplete-stamp.ts';
import { type Flow, pageFooter, reportHeading } from './pdf/pages.ts';
import { allocationSection, holdingsSection, incomeSection, scheduleDSection } from './pdf/sections.ts';
import { summarySection } from './pdf/summary.ts';
import { scheduleD } from './schedule-d.ts';

export interface PdfOptions {
  boxBasis?: BoxBasis;
  grouping?: Grouping;
}

/**
 * A built PDF and the figures printed in it (formatted as printed, e.g. "(17,000.00)"), so a
 * caller or a test can compare them with the CSV and the screen. The same figures are in the
 * PDF's Keywords metadata as `key=value` pairs.
 */
export interface PdfReport {
  bytes: Uint8Array;
  pageCount: number;
  totals: Record<string, string>;
}

const FOOTER =
  'Prepared by Lotwise from your records. Check every figure before filing; this is not tax advice.';

async function build(
  title: string,
  model: ReportModel,
  draw: (ctx: {
    doc: PDFDocument;
    fonts: Fonts;
    page: () => Sheet;
    section: (subtitle: string) => { flow: Flow; next: () => Flow };
  }) => Record<string, string>,
): Promise<PdfReport> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const page = () => Sheet.add(doc, fonts);
  const section = (subtitle: string) => {
    const next = (): Flow => {
      const sheet = page();
      pageFooter(sheet, FOOTER);
      return { sheet, y: reportHeading(sheet, title, subtitle, model.taxpayerName) };
    };
    return { flow: next(), next };
  };
  const totals = draw({ doc, fonts, page, section });
  // An incomplete year says so on every page (issue 35.1), whatever the report.
  const notice = incompleteNotice(model.year, model.missingPrices);
  if (notice !== null) {
    stampIncomplete(doc, fonts, notice);
    totals.incomplete = String(model.missingPrices);
  }
  doc.setTitle(`${title} ${model.year}`);
  doc.setProducer('Lotwise');
  doc.setCreator('Lotwise');
  doc.setKeywords(Object.entries(totals).map(([k, v]) => `${k}=${v}`));
  const bytes = await doc.save();
  return { bytes, pageCount: doc.getPageCount(), totals };
}

function form8949Totals(data: Form8949Data): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of data.parts) {
    out[`8949.${part.box}.proceeds`] = formMoney(part.totals.proceeds);
    out[`8949.${part.box}.costBasis`] = formMoney(part.totals.costBasis);
    out[`8949.${part.box}.gain`] = formMoney(part.totals.gain);
  }
  return out;
}

/** Form 8949 in the IRS layout: Part I pages then Part II pages, each with its line 2 totals. */
export function form8949Pdf(model: ReportModel, options: PdfOptions = {}): Promise<PdfReport> {
  return build('Form 8949', model, ({ page }) => {
    const data = form8949(model, options);
    const pages = drawForm8949(page, data, model, options.boxBasis);
    return { ...form8949Totals(data), ...pages };
  });
}

export function scheduleDPdf(model: ReportModel, options: PdfOptions = {}): Promise<PdfReport> {
  return build('Schedule D summary', model, ({ section }) => {
    const { flow, next } = section(
      `Capital gains and losses ${model.year} (${model.currency}), lines as on Schedule D (Form 1040)`,
    );
    return scheduleDSection(flow, next, scheduleD(form8949(model, options))).printed;
  });
}

export function incomePdf(model: ReportModel): Promise<PdfReport> {
  return build('Income report', model, ({ section }) => {
    const { flow, next } = section(`Crypto income ${model.year} (${model.currency})`);
    return incomeSection(flow, next, incomeReport(model)).printed;
  });
}

/**
 * The complete tax report: summary page, Schedule D summary, Form 8949, income, holdings at
 * year end and the wallet allocation record (when the year has one).
 */
export function taxReportPdf(model: ReportModel, options: PdfOptions = {}): Promise<PdfReport> {
  return build('Crypto tax report', model, ({ page, section }) => {
    const data = form8949(model, options);
    const schedule = scheduleD(data);
    const income = incomeReport(model);
    const subtitle = `Tax year ${model.year} (${model.currency})`;
    const s = section(subtitle);
    const printed: Record<string, string> = { ...summarySection(s.flow, s.next, model, data, income) };
    const d = section(`Schedule D summary ${model.year}`);
    Object.assign(printed, scheduleDSection(d.flow, d.next, schedule).printed);
    Object.assign(printed, form8949Totals(data), drawForm8949(page, data, model, options.boxBasis));
    const i = section(`Income ${model.year}`);
    Object.assign(printed, incomeSection(i.flow, i.next, income).printed);
    const h = section(`Holdings and records ${model.year}`);
    const held = holdingsSection(h.flow, h.next, model.holdings, model.year);
    allocationSection(held.flow, h.next, model);
    Object.assign(printed, held.printed);
    return printed;
  });
}
