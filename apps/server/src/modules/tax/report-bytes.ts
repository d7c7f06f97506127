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
import { form8949Pdf, incomePdf, scheduleDPdf, taxReportPdf } from '@lotwise/reports/pdf';
import { scheduleD } from '@lotwise/reports/schedule-d';

/** The text of one CSV report. */
function csvText(model: ReportModel, form: Exclude<ReportForm, `${string}.pdf`>): string {
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

/** The bytes of one report, PDF or CSV (UTF-8); run in the report worker (run-report.ts). */
export async function reportBytes(model: ReportModel, form: ReportForm): Promise<Uint8Array> {
  switch (form) {
    case 'form-8949.pdf':
      return (await form8949Pdf(model)).bytes;
    case 'schedule-d.pdf':
      return (await scheduleDPdf(model)).bytes;
    case 'income.pdf':
      return (await incomePdf(model)).bytes;
    case 'tax-report.pdf':
      return (await taxReportPdf(model)).bytes;
    default:
      return new TextEncoder().encode(csvText(model, form));
  }
}
