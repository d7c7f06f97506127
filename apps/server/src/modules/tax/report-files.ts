import type { ReportForm } from '@lotwise/contracts/tax/year';
import type { ReportModel } from '@lotwise/reports/model';
import { reportInWorker } from './run-report.ts';

export interface ReportFile {
  body: Uint8Array;
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

/** One report of a year as a file: its bytes, content type and download name. */
export async function reportFile(model: ReportModel, form: ReportForm): Promise<ReportFile> {
  const ext = form.endsWith('.pdf') ? 'pdf' : 'csv';
  return {
    // Made in the report worker: drawing a PDF or building a busy year's CSV would hold the server.
    body: await reportInWorker(model, form),
    contentType: ext === 'pdf' ? PDF : CSV,
    filename: `lotwise-${NAMES[form]}-${model.year}.${ext}`,
  };
}
