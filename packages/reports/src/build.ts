import {
  type CsvText,
  capitalGainsCsv,
  form8283Csv,
  incomeCsv,
  scheduleDCsv,
  taxActCsv,
  turboTaxCsv,
  withNotice,
} from './csv.ts';
import { type BoxBasis, form8949, type Grouping } from './form8949.ts';
import { incomeReport } from './income.ts';
import { incompleteNotice } from './incomplete.ts';
import type { ReportModel } from './model.ts';
import { form8949Pdf, incomePdf, scheduleDPdf, taxReportPdf } from './pdf.ts';
import { scheduleD } from './schedule-d.ts';

/** What `--form` accepts, and the file types each can be written as (the first is the default). */
export const FORMS = {
  '8949': ['pdf', 'csv'],
  'schedule-d': ['pdf', 'csv'],
  income: ['pdf', 'csv'],
  turbotax: ['csv'],
  taxact: ['csv'],
  '8283': ['csv'],
  'capital-gains': ['csv'],
  'tax-report': ['pdf'],
} as const satisfies Record<string, readonly ('pdf' | 'csv')[]>;

export type FormName = keyof typeof FORMS;
export type FileType = 'pdf' | 'csv';

export interface BuildOptions {
  boxBasis?: BoxBasis;
  grouping?: Grouping;
}

export interface Built {
  bytes: Uint8Array;
  /** PDF only. */
  pageCount?: number;
  /** PDF only: the figures printed, as printed. */
  printed?: Record<string, string>;
}

/** Builds one report of the model's year (`lotwise report` and the server's downloads). */
export async function buildForm(
  form: FormName,
  type: FileType,
  model: ReportModel,
  options: BuildOptions,
): Promise<Built> {
  if (type === 'pdf') {
    const pdf =
      form === '8949'
        ? await form8949Pdf(model, options)
        : form === 'schedule-d'
          ? await scheduleDPdf(model, options)
          : form === 'income'
            ? await incomePdf(model)
            : await taxReportPdf(model, options);
    return { bytes: pdf.bytes, pageCount: pdf.pageCount, printed: pdf.totals };
  }
  // Every CSV of an incomplete year starts with the INCOMPLETE line (incomplete.ts).
  const notice = incompleteNotice(model.year, model.missingPrices);
  const text = (csv: CsvText): Built => ({ bytes: withNotice(csv, notice).bytes() });
  switch (form) {
    case '8949':
    case 'capital-gains':
      return text(capitalGainsCsv(form8949(model, options)));
    case 'schedule-d':
      return text(scheduleDCsv(scheduleD(form8949(model, options))));
    case 'income':
      return text(incomeCsv(incomeReport(model)));
    case 'turbotax':
      return text(turboTaxCsv(model.disposals, new Set(model.unpricedTransactions ?? [])));
    case 'taxact':
      return text(taxActCsv(form8949(model, options)));
    case '8283':
      return text(form8283Csv(model.disposals));
    default:
      throw new Error(`${form} cannot be written as CSV`);
  }
}
