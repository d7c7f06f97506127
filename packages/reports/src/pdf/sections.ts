import type { IncomeReport } from '../income.ts';
import { shownMoney } from '../incomplete.ts';
import type { HoldingRow, ReportModel } from '../model.ts';
import { Dec, formMoney, plain, sum, toCents, usDate } from '../money.ts';
import type { ScheduleD } from '../schedule-d.ts';
import { type Column, MARGIN, PAGE_WIDTH } from './doc.ts';
import { type Flow, flowTable, sectionTitle } from './pages.ts';

const W = PAGE_WIDTH - 2 * MARGIN;
const money = (v: string) => formMoney(v);

/** Schedule D lines; returns the figures printed on lines 7, 15 and 16. */
export function scheduleDSection(
  flow: Flow,
  next: () => Flow,
  schedule: ScheduleD,
): { flow: Flow; printed: Record<string, string> } {
  const columns: Column[] = [
    { title: 'Line', width: 34 },
    { title: 'Description', width: W - 34 - 4 * 72 },
    { title: '(d) Proceeds', width: 72, align: 'right' },
    { title: '(e) Cost basis', width: 72, align: 'right' },
    { title: '(g) Adjustments', width: 72, align: 'right' },
    { title: '(h) Gain or (loss)', width: 72, align: 'right' },
  ];
  const row = (r: ScheduleD['partI'][number]) => [
    r.line,
    r.label,
    r.amounts ? shownMoney(r.amounts.proceeds, r.amounts.proceedsMissing > 0, money) : '',
    r.amounts ? shownMoney(r.amounts.costBasis, r.amounts.basisMissing > 0, money) : '',
    // Form 8949's column (g) carried over: the 1099-DA corrections; blank where there are none.
    r.amounts && !new Dec(r.amounts.adjustment).isZero() ? money(r.amounts.adjustment) : '',
    r.amounts || ['7', '15', '16'].includes(r.line) ? shownMoney(r.gain, r.missing > 0, money) : '',
  ];
  let f = sectionTitle(
    flow,
    next,
    'Part I  Short-Term Capital Gains and Losses (assets held one year or less)',
  );
  f = flowTable(f, next, columns, schedule.partI.map(row), { boldLast: true });
  f = sectionTitle(f, next, 'Part II  Long-Term Capital Gains and Losses (assets held more than one year)');
  f = flowTable(f, next, columns, schedule.partII.map(row), { boldLast: true });
  f = sectionTitle(f, next, 'Part III  Summary');
  f = flowTable(f, next, columns, [row(schedule.line16)], { boldLast: true });
  f = sectionTitle(
    f,
    next,
    'Notes',
    'Only the transactions in this report are included. Add lines 1a, 4, 5, 6 (short-term carryover), 8a, 11, 12, 13 and 14 (long-term carryover) from your other records; lines 17 to 22 are not covered. Column (g) is the sum of column (g) of Form 8949 (the corrections of a Form 1099-DA), blank where there are none. Amounts are rounded to cents row by row on Form 8949; these totals are the sums of those rounded rows.',
  );
  const line7 = schedule.partI.at(-1)!;
  const line15 = schedule.partII.at(-1)!;
  const shown = (r: ScheduleD['line16']) => shownMoney(r.gain, r.missing > 0, money);
  return {
    flow: f,
    printed: {
      'scheduleD.7': shown(line7),
      'scheduleD.15': shown(line15),
      'scheduleD.16': shown(schedule.line16),
    },
  };
}

export function incomeSection(
  flow: Flow,
  next: () => Flow,
  report: IncomeReport,
): { flow: Flow; printed: Record<string, string> } {
  let f = sectionTitle(
    flow,
    next,
    `Income by type: Schedule 1 (Form 1040), line ${report.schedule1Line}`,
    `Digital assets received as staking or mining rewards, airdrops, forks, interest or other rewards are ordinary income at their fair market value when received (that value is also their cost basis). Outside a trade or business they go on Schedule 1, line ${report.schedule1Line} "${report.schedule1Label}"; in a trade or business (e.g. mining as a business) use Schedule C instead.`,
  );
  const typeColumns: Column[] = [
    { title: 'Type', width: 150 },
    { title: 'Schedule 1 line', width: 80 },
    { title: 'Receipts', width: 60, align: 'right' },
    { title: 'Value', width: 90, align: 'right' },
    { title: 'Note', width: W - 380 },
  ];
  const typeRows = report.byType.map((t) => [
    t.label,
    t.schedule1Line,
    String(t.count),
    shownMoney(t.value, t.missing > 0, money),
    t.missing > 0 ? `${t.missing} without a price. ${t.note}`.trim() : t.note,
  ]);
  const total = shownMoney(report.total, report.missing > 0, money);
  typeRows.push(['Total', report.schedule1Line, String(report.lines.length), total, '']);
  f = flowTable(f, next, typeColumns, typeRows, { boldLast: true });
  f = sectionTitle(f, next, 'Income received');
  const columns: Column[] = [
    { title: 'Date', width: 60 },
    { title: 'Type', width: 100 },
    { title: 'Amount', width: 130, align: 'right' },
    { title: 'Value', width: 80, align: 'right' },
    { title: 'Wallet', width: 90 },
    { title: 'Transaction', width: W - 460 },
  ];
  const rows = report.lines.map((l) => [
    l.date,
    l.type,
    `${l.amount} ${l.asset}`,
    l.missingPrice ? 'unknown (no price)' : money(l.value),
    l.wallet,
    l.txId,
  ]);
  if (rows.length > 0) rows.push(['Total', '', '', total, '', '']);
  f = flowTable(f, next, columns, rows, { boldLast: rows.length > 0 });
  return { flow: f, printed: { 'income.total': total } };
}

/** Holdings at year end, one row per wallet and asset (lots added up). */
export function holdingsSection(
  flow: Flow,
  next: () => Flow,
  holdings: readonly HoldingRow[],
  year: number,
): { flow: Flow; printed: Record<string, string> } {
  const groups = new Map<string, HoldingRow[]>();
  for (const h of holdings) {
    const key = `${h.wallet}\u0000${h.asset}`;
    groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  const grouped = [...groups.values()].map((lots) => ({
    lots,
    basis: toCents(sum(lots.map((l) => l.costBasis))),
  }));
  const rows = grouped.map(({ lots, basis }) => [
    lots[0]!.wallet,
    lots[0]!.asset,
    sum(lots.map((l) => l.amount)).toFixed(),
    money(plain(basis)),
    String(lots.length),
    usDate(lots.map((l) => l.acquiredAt).sort()[0]!),
  ]);
  const total = plain(sum(grouped.map((g) => g.basis)));
  if (rows.length > 0) rows.push(['Total', '', '', money(total), String(holdings.length), '']);
  const columns: Column[] = [
    { title: 'Wallet', width: 140 },
    { title: 'Asset', width: 70 },
    { title: 'Amount', width: 130, align: 'right' },
    { title: 'Cost basis', width: 90, align: 'right' },
    { title: 'Lots', width: 50, align: 'right' },
    { title: 'Oldest lot', width: W - 480 },
  ];
  const f = sectionTitle(flow, next, `Holdings at the end of ${year}`);
  return {
    flow: flowTable(f, next, columns, rows, { boldLast: rows.length > 0 }),
    printed: {
      'holdings.costBasis': money(total),
      // Each row as printed, so a reader can check it without parsing the page.
      ...Object.fromEntries(
        rows.slice(0, grouped.length).flatMap((r) => [
          [`holdings.${r[0]}.${r[1]}.amount`, r[2]!],
          [`holdings.${r[0]}.${r[1]}.costBasis`, r[3]!],
        ]),
      ),
    },
  };
}

export function allocationSection(
  flow: Flow,
  next: () => Flow,
  model: Pick<ReportModel, 'allocation'>,
): Flow {
  const record = model.allocation;
  if (!record) return flow;
  const f = sectionTitle(
    flow,
    next,
    `Wallet allocation record at ${usDate(record.effectiveDate)} (${record.rule})`,
    'Rev. Proc. 2024-28 safe harbor: how the lots held on the last day of universal (pooled) basis were assigned to the wallets holding the units. Keep this record with your books.',
  );
  const columns: Column[] = [
    { title: 'Wallet', width: 110 },
    { title: 'Asset', width: 55 },
    { title: 'Lot', width: 120 },
    { title: 'Acquired', width: 62 },
    { title: 'Amount', width: 110, align: 'right' },
    { title: 'Cost basis', width: W - 457, align: 'right' },
  ];
  const rows = record.entries.map((e) => [
    e.wallet,
    e.asset,
    e.lotId,
    usDate(e.acquiredAt),
    e.amount,
    money(plain(toCents(e.costBasis))),
  ]);
  return flowTable(f, next, columns, rows);
}
