import type { ClientRow } from '@lotwise/contracts/taxpro/taxpro';

const LABEL: Record<ClientRow['calculation'], string> = {
  none: 'Not calculated',
  queued: 'Queued',
  running: 'Calculating',
  complete: 'Calculated',
  failed: 'Failed',
};

/**
 * A client's calculation as the accountant sees it: a finished calculation resting on missing
 * prices is INCOMPLETE with the count (the transactions flagged missing_price, the Tax Center's
 * one count, issue 35.3), never "complete" (issue 35.10).
 */
export function calculationLabel(
  row: Pick<ClientRow, 'calculation' | 'missing_prices'> & Partial<Pick<ClientRow, 'out_of_date'>>,
): string {
  // Out of date as the client's own Tax Center says it (issue 35), beside Incomplete.
  const stale = row.calculation === 'complete' && row.out_of_date ? ' · Out of date' : '';
  if (row.calculation === 'complete' && row.missing_prices > 0)
    return `Incomplete · ${row.missing_prices} missing ${row.missing_prices === 1 ? 'price' : 'prices'}${stale}`;
  if (stale) return 'Out of date';
  return LABEL[row.calculation];
}
