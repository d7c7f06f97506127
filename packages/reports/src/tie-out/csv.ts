import { csvLine } from '@lotwise/engine/csv-cell';
import type { TieOut } from './types.ts';

export const TIE_OUT_CSV_HEADER = [
  'status',
  'account',
  'asset',
  'form_line',
  'date_sold',
  'units',
  'broker_proceeds',
  'broker_basis',
  'lotwise_proceeds',
  'lotwise_basis',
  'proceeds_difference',
  'basis_difference',
  'form_8949_box',
  'code',
  'adjustment',
  'gain',
  'lotwise_transactions',
  'reasons',
] as const;

/** The tie-out as CSV: one row per line, amounts in cents, reasons joined by " | ". */
export function tieOutCsv(t: TieOut): string {
  const rows = t.lines.map((l) =>
    csvLine([
      l.status,
      l.account,
      l.asset,
      l.broker?.line ?? '',
      l.broker?.date_sold ?? l.disposals[0]?.disposedAt ?? '',
      l.broker?.units ?? l.disposals.map((d) => d.amount).join('+'),
      l.brokerProceeds,
      l.brokerBasis,
      l.lotwiseProceeds,
      l.lotwiseBasis,
      l.proceedsDifference,
      l.basisDifference,
      l.form8949?.box,
      l.form8949?.code,
      l.form8949?.adjustment,
      l.form8949?.gain,
      l.disposals.map((d) => d.txId).join(' '),
      l.reasons.map((r) => r.text).join(' | '),
    ]),
  );
  return `${[csvLine([...TIE_OUT_CSV_HEADER]), ...rows].join('\n')}\n`;
}
