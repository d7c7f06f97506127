import type { ReportForm } from '@lotwise/contracts/tax/year';
import {
  capitalGainsCsv,
  form8283Csv,
  incomeCsv,
  scheduleDCsv,
  taxActCsv,
  turboTaxCsv,
} from '@lotwise/reports/csv';
import { form8949 } from '@lotwise/reports/form8949';
import { incomeReport } from '@lotwise/reports/income';
import type { ReportModel } from '@lotwise/reports/model';
import { scheduleD } from '@lotwise/reports/schedule-d';
import { isPdfForm } from './pdf-forms.ts';
import { pdfInWorker } from './run-pdf.ts';

export interface ReportFile {
  body: Uint8Array | string;
  contentType: string;
  filename: string;
}

const PDF = 'application/pdf';
const CSV = 'text/csv; charset=utf-8';

const NAMES: Record<ReportForm, string> = {
  'form-8949.pdf': 'form-8949',
  'schedule-d.pdf': 'schedule-d',
  'income.pdf': 'income-report',
  'tax-report.pdf': 'crypto-tax-report',
  'capital-gains.csv': 'capital-gains',
  'turbotax.csv': 'turbotax',
  'taxact.csv': 'taxact',
  'form-8283.csv': 'form-8283',
  'income.csv': 'income',
  'schedule-d.csv': 'schedule-d',
};

async function build(model: ReportModel, form: ReportForm): Promise<Uint8Array | string> {
  if (isPdfForm(form)) return pdfInWorker(model, form);
  switch (form) {
    case 'capital-gains.csv':
      return capitalGainsCsv(form8949(model));
    case 'turbotax.csv':
      return turboTaxCsv(model.disposals);
    case 'taxact.csv':
      return taxActCsv(form8949(model));
    case 'form-8283.csv':
      return form8283Csv(model.disposals);
    case 'income.csv':
      return incomeCsv(incomeReport(model));
    case 'schedule-d.csv':
      return scheduleDCsv(scheduleD(form8949(model)));
  }
}

/** One report of a year as a file: its bytes, content type and download name. */
export async function reportFile(model: ReportModel, form: ReportForm): Promise<ReportFile> {
  const ext = form.endsWith('.pdf') ? 'pdf' : 'csv';
  return {
    body: await build(model, form),
    contentType: ext === 'pdf' ? PDF : CSV,
    filename: `lotwise-${NAMES[form]}-${model.year}.${ext}`,
  };
}
