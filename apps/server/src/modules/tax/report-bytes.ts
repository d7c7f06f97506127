import type { ReportForm } from '@lotwise/contracts/tax/year';
import { buildForm, type FileType, type FormName } from '@lotwise/reports/build';
import type { ReportModel } from '@lotwise/reports/model';

/** Each download's report as `lotwise report` names it (--form, file type). */
const AS_BUILT: Record<ReportForm, [FormName, FileType]> = {
  'form-8949.pdf': ['8949', 'pdf'],
  'schedule-d.pdf': ['schedule-d', 'pdf'],
  'income.pdf': ['income', 'pdf'],
  'tax-report.pdf': ['tax-report', 'pdf'],
  'capital-gains.csv': ['capital-gains', 'csv'],
  'turbotax.csv': ['turbotax', 'csv'],
  'taxact.csv': ['taxact', 'csv'],
  'form-8283.csv': ['8283', 'csv'],
  'income.csv': ['income', 'csv'],
  'schedule-d.csv': ['schedule-d', 'csv'],
};

/** The bytes of one report, PDF or CSV (UTF-8); run in the report worker (run-report.ts). */
export async function reportBytes(model: ReportModel, form: ReportForm): Promise<Uint8Array> {
  const [name, type] = AS_BUILT[form];
  return (await buildForm(name, type, model, {})).bytes;
}
