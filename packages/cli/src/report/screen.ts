import { type BoxBasis, form8949, type Grouping } from '@lotwise/reports/form8949';
import { incomeReport } from '@lotwise/reports/income';
import { shownMoney } from '@lotwise/reports/incomplete';
import type { ReportModel } from '@lotwise/reports/model';
import { formMoney, plain, sum } from '@lotwise/reports/money';

/**
 * The totals printed after a report is written: the same rounded figures as every report of
 * the year (Form 8949 parts, Schedule D lines 7/15/16, Schedule 1), so screen = CSV = PDF.
 */
export function screenTotals(
  model: ReportModel,
  options: { boxBasis?: BoxBasis; grouping?: Grouping },
): string {
  const data = form8949(model, options);
  const income = incomeReport(model);
  const rows: string[][] = [['', 'Box', 'Sch. D', 'Proceeds', 'Cost basis', 'Gain or (loss)']];
  for (const part of data.parts) {
    rows.push([
      part.term === 'short' ? 'Short-term' : 'Long-term',
      part.box,
      part.scheduleDLine,
      shownMoney(part.totals.proceeds, part.totals.proceedsMissing > 0, formMoney),
      shownMoney(part.totals.costBasis, part.totals.basisMissing > 0, formMoney),
      shownMoney(part.totals.gain, part.totals.missing > 0, formMoney),
    ]);
  }
  // A total resting on a line without a price is unknown, as in the reports.
  const unknown = data.parts.some((p) => p.totals.missing > 0);
  const total = (key: 'proceeds' | 'costBasis' | 'gain') =>
    shownMoney(
      plain(sum(data.parts.map((p) => p.totals[key]))),
      key === 'gain'
        ? unknown
        : data.parts.some((p) => (key === 'proceeds' ? p.totals.proceedsMissing : p.totals.basisMissing) > 0),
      formMoney,
    );
  rows.push(['Total', '', '16', total('proceeds'), total('costBasis'), total('gain')]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const table = rows.map((r) =>
    r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '),
  );
  return [
    `Tax year ${model.year} (${model.currency}), amounts rounded to cents per row`,
    ...table,
    `Income (Schedule 1, line ${income.schedule1Line}): ${shownMoney(income.total, income.missing > 0, formMoney)}`,
    '',
  ].join('\n');
}
