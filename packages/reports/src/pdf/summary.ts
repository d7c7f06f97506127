import type { Form8949Data } from '../form8949.ts';
import type { IncomeReport } from '../income.ts';
import { NO_PRICE, shownMoney, UNKNOWN } from '../incomplete.ts';
import { missingPriceCount, type ReportModel } from '../model.ts';
import { formMoney, plain, sum, toCents, ZERO } from '../money.ts';
import { type Column, MARGIN, PAGE_WIDTH } from './doc.ts';
import { type Flow, flowTable, sectionTitle } from './pages.ts';

const W = PAGE_WIDTH - 2 * MARGIN;

/** The first page of the complete report; returns the figures it prints. */
export function summarySection(
  flow: Flow,
  next: () => Flow,
  model: ReportModel,
  data: Form8949Data,
  income: IncomeReport,
): Record<string, string> {
  const printed: Record<string, string> = {};
  let f = flow;
  const missing = missingPriceCount(model);
  if (missing > 0) {
    // Never a confident total: the first thing the report says is that it is incomplete.
    const red: [number, number, number] = [0.75, 0.1, 0.1];
    const what = `${missing} transaction${missing === 1 ? '' : 's'} of ${model.year} ${missing === 1 ? 'has' : 'have'} no fair market value`;
    f.sheet.text(`INCOMPLETE: ${what}`, MARGIN, f.y, { size: 9, bold: true, color: red, maxWidth: W });
    f.y += 12;
    f.sheet.text(
      'Totals that rest on them print as "unknown". Add their prices in Lotwise before filing.',
      MARGIN,
      f.y,
      {
        size: 8.5,
        color: red,
        maxWidth: W,
      },
    );
    f.y += 16;
    printed.incomplete = String(missing);
  }
  const facts = [
    model.taxpayerName ? `Taxpayer: ${model.taxpayerName}` : '',
    model.settings ? `Calculation: ${model.settings}` : '',
    model.warningCount
      ? `Warnings: ${model.warningCount} (review them in Lotwise before filing)`
      : 'Warnings: none',
  ].filter((t) => t !== '');
  for (const fact of facts) {
    f.sheet.text(fact, MARGIN, f.y, { size: 8.5 });
    f.y += 12;
  }
  f.y += 6;
  f = sectionTitle(f, next, 'Capital gains and losses (Form 8949, Schedule D)');
  const columns: Column[] = [
    { title: 'Term', width: 110 },
    { title: 'Form 8949 box', width: 70 },
    { title: 'Schedule D line', width: 80 },
    { title: 'Proceeds', width: 90, align: 'right' },
    { title: 'Cost basis', width: 90, align: 'right' },
    { title: 'Gain or (loss)', width: W - 440, align: 'right' },
  ];
  const rows = data.parts.map((p) => [
    p.term === 'short' ? 'Short-term' : 'Long-term',
    p.box,
    p.scheduleDLine,
    shownMoney(p.totals.proceeds, p.totals.proceedsMissing > 0, formMoney),
    shownMoney(p.totals.costBasis, p.totals.basisMissing > 0, formMoney),
    shownMoney(p.totals.gain, p.totals.missing > 0, formMoney),
  ]);
  const total = {
    proceeds: plain(sum(data.parts.map((p) => p.totals.proceeds))),
    costBasis: plain(sum(data.parts.map((p) => p.totals.costBasis))),
    gain: plain(sum(data.parts.map((p) => p.totals.gain))),
  };
  const unknown = data.parts.some((p) => p.totals.missing > 0);
  const shown = {
    proceeds: shownMoney(
      total.proceeds,
      data.parts.some((p) => p.totals.proceedsMissing > 0),
      formMoney,
    ),
    costBasis: shownMoney(
      total.costBasis,
      data.parts.some((p) => p.totals.basisMissing > 0),
      formMoney,
    ),
    gain: shownMoney(total.gain, unknown, formMoney),
  };
  rows.push(['Total', '', '16', shown.proceeds, shown.costBasis, shown.gain]);
  f = flowTable(f, next, columns, rows, { boldLast: true });
  printed['summary.proceeds'] = shown.proceeds;
  printed['summary.costBasis'] = shown.costBasis;
  printed['summary.gain'] = shown.gain;

  f = sectionTitle(f, next, `Income (Schedule 1, line ${income.schedule1Line})`);
  f = flowTable(
    f,
    next,
    [
      { title: 'Type', width: 200 },
      { title: 'Receipts', width: 80, align: 'right' },
      { title: 'Value', width: W - 280, align: 'right' },
    ],
    [
      ...income.byType.map((t) => [t.label, String(t.count), shownMoney(t.value, t.missing > 0, formMoney)]),
      ['Total', String(income.lines.length), shownMoney(income.total, income.missing > 0, formMoney)],
    ],
    { boldLast: true },
  );
  printed['summary.income'] = shownMoney(income.total, income.missing > 0, formMoney);
  if (unknown || income.missing > 0) {
    f.sheet.text(`"unknown": ${NO_PRICE} (see the Form 8949 and income lines).`, MARGIN, f.y, { size: 7.5 });
    f.y += 12;
  }

  const removals = ['gift', 'donation', 'lost', 'stolen'].map((category) => {
    const lines = model.disposals.filter((d) => d.category === category);
    const fmv = lines.map((d) =>
      typeof d.fairMarketValue === 'string' && d.fairMarketValue !== 'unknown'
        ? toCents(d.fairMarketValue)
        : ZERO,
    );
    return [
      category,
      String(lines.length),
      formMoney(plain(sum(fmv))),
      formMoney(plain(sum(lines.map((d) => toCents(d.costBasis))))),
    ];
  });
  f = sectionTitle(
    f,
    next,
    'Not taxable as sales: gifts, donations, lost and stolen',
    'Donations: see the Form 8283 data (CSV). Gifts above the annual exclusion need Form 709. Lost and stolen assets are not deducted.',
  );
  f = flowTable(
    f,
    next,
    [
      { title: 'Category', width: 200 },
      { title: 'Lines', width: 80, align: 'right' },
      { title: 'Fair market value', width: 130, align: 'right' },
      { title: 'Cost basis', width: W - 410, align: 'right' },
    ],
    removals,
  );

  f = sectionTitle(
    f,
    next,
    'Exact totals from the calculation (before rounding)',
    'The forms round each row to cents and add the rounded rows, so their totals can differ from these by at most half a cent per row.',
  );
  const s = model.summary;
  const termUnknown = (term: string) => data.parts.some((p) => p.term === term && p.totals.missing > 0);
  f = flowTable(
    f,
    next,
    [
      { title: 'Figure', width: 200 },
      { title: 'Exact', width: W - 200, align: 'right' },
    ],
    [
      ['Proceeds', shown.proceeds === UNKNOWN ? UNKNOWN : s.proceeds],
      ['Cost basis', shown.costBasis === UNKNOWN ? UNKNOWN : s.costBasis],
      ['Short-term gain or (loss)', termUnknown('short') ? UNKNOWN : s.shortTermGain],
      ['Long-term gain or (loss)', termUnknown('long') ? UNKNOWN : s.longTermGain],
      ['Income', income.missing > 0 ? UNKNOWN : s.income],
    ],
  );
  return printed;
}
