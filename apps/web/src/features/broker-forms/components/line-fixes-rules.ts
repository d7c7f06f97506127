import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';

/**
 * The units of a line's sale Lotwise has no purchase or deposit for (the deposit to add), or
 * null: the server's rule (apps/server/src/modules/broker-forms/missing-deposit.ts) — a line on
 * the 1099-DA, not matching, whose reason missing_acquisition gives units more than 0. Anywhere
 * else the server refuses the deposit (it would count coins twice), so none is offered.
 */
export function missingUnits(line: TieOutLineRow): string | null {
  if (!line.broker || line.status === 'matches') return null;
  const units = line.reasons.find((r) => r.code === 'missing_acquisition')?.units;
  return units !== undefined && /^\d+(\.\d+)?$/.test(units) && /[1-9]/.test(units) ? units : null;
}

/** The day before a YYYY-MM-DD day. */
function dayBefore(day: string): string {
  const ms = Date.parse(`${day}T12:00:00Z`);
  return Number.isNaN(ms) ? '' : new Date(ms - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The date acquired the dialog starts from: the broker's box 1d when it gives one before the
 * sale (brokers record the date a transfer in was acquired when they were told), else the day
 * before the sale.
 */
export function defaultAcquired(line: TieOutLineRow): string {
  const sold = line.broker?.date_sold ?? '';
  const printed = line.broker?.date_acquired ?? null;
  if (printed && /^\d{4}-\d{2}-\d{2}$/.test(printed) && printed < sold) return printed;
  return dayBefore(sold);
}
