import { form8949 } from '@lotwise/reports/form8949';
import { brokerRows } from '@lotwise/reports/tie-out/form8949-lines';
import type { TieOut } from '@lotwise/reports/tie-out/types';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow, UserRow } from '../../db/schema.ts';
import { yearReportModel } from '../tax/results.service.ts';

export interface BoxTotalsView {
  box: string;
  count: number;
  proceeds: string;
  cost_basis: string;
  adjustment: string;
  gain: string;
}

/** Worked out once per tie-out answer (the cache hands back the same object while nothing changed). */
const kept = new WeakMap<TieOut, Promise<BoxTotalsView[]>>();

/**
 * The totals of each box of the year's Form 8949 as the download writes it (the sales on a
 * 1099-DA as the tie-out says, every other sale of every account on I/L): each box's lines,
 * (d), (e), (g) and (h), so the page's table and the form the user files agree.
 */
export function form8949Boxes(
  db: Kysely<Database>,
  user: UserRow,
  calc: TaxCalculationRow,
  year: number,
  tieOut: TieOut,
): Promise<BoxTotalsView[]> {
  let boxes = kept.get(tieOut);
  if (!boxes) {
    boxes = yearReportModel(db, user, calc, year).then((model) =>
      form8949({ ...model, brokerRows: brokerRows(tieOut) })
        .parts.map((p) => ({
          box: p.box,
          count: p.lines.length,
          proceeds: p.totals.proceeds,
          cost_basis: p.totals.costBasis,
          adjustment: p.totals.adjustment,
          gain: p.totals.gain,
        }))
        .sort((a, b) => a.box.localeCompare(b.box)),
    );
    kept.set(tieOut, boxes);
    boxes.catch(() => kept.delete(tieOut));
  }
  return boxes;
}
