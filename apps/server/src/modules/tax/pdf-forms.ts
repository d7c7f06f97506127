import type { ReportForm } from '@lotwise/contracts/tax/year';
import type { ReportModel } from '@lotwise/reports/model';
import { form8949Pdf, incomePdf, scheduleDPdf, taxReportPdf } from '@lotwise/reports/pdf';

export type PdfForm = Extract<ReportForm, `${string}.pdf`>;

export function isPdfForm(form: ReportForm): form is PdfForm {
  return form.endsWith('.pdf');
}

/** The bytes of one PDF report (run in the PDF worker, see run-pdf.ts). */
export async function pdfBytes(model: ReportModel, form: PdfForm): Promise<Uint8Array> {
  switch (form) {
    case 'form-8949.pdf':
      return (await form8949Pdf(model)).bytes;
    case 'schedule-d.pdf':
      return (await scheduleDPdf(model)).bytes;
    case 'income.pdf':
      return (await incomePdf(model)).bytes;
    case 'tax-report.pdf':
      return (await taxReportPdf(model)).bytes;
  }
}
