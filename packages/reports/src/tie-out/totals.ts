import type { Form8949Box } from '../form8949.ts';
import { centsText, sumCents } from './cents.ts';
import {
  type BoxTotals,
  type StatusTotals,
  TIE_OUT_STATUSES,
  type TieOut8949,
  type TieOutLine,
  type TieOutStatus,
} from './types.ts';

/**
 * The tie-out's totals for the whole year: per status, and per Form 8949 box. Each is the sum
 * of the lines' printed cents (exact, in bigint: a year has hundreds of thousands of lines).
 */
export function statusTotals(lines: readonly TieOutLine[]): Record<TieOutStatus, StatusTotals> {
  const of = new Map<TieOutStatus, TieOutLine[]>(TIE_OUT_STATUSES.map((s) => [s, []]));
  for (const l of lines) of.get(l.status)!.push(l);
  const out = {} as Record<TieOutStatus, StatusTotals>;
  for (const status of TIE_OUT_STATUSES) {
    const these = of.get(status)!;
    out[status] = {
      count: these.length,
      brokerProceeds: centsText(sumCents(these.map((l) => l.brokerProceeds))),
      lotwiseProceeds: centsText(sumCents(these.map((l) => l.lotwiseProceeds))),
    };
  }
  return out;
}

export function boxTotals(lines: readonly TieOutLine[]): Partial<Record<Form8949Box, BoxTotals>> {
  const rows = new Map<Form8949Box, TieOut8949[]>();
  for (const l of lines) {
    if (!l.form8949) continue;
    const of = rows.get(l.form8949.box);
    if (of) of.push(l.form8949);
    else rows.set(l.form8949.box, [l.form8949]);
  }
  const totals: Partial<Record<Form8949Box, BoxTotals>> = {};
  for (const [box, of] of rows) {
    totals[box] = {
      count: of.length,
      proceeds: centsText(sumCents(of.map((r) => r.proceeds))),
      costBasis: centsText(sumCents(of.map((r) => r.costBasis))),
      adjustment: centsText(sumCents(of.map((r) => r.adjustment))),
      gain: centsText(sumCents(of.map((r) => r.gain))),
    };
  }
  return totals;
}
