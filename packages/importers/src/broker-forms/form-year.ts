import { type Parse1099DaResult, parse1099Da } from './parse-1099da.ts';

/** Form 1099-DA starts with tax year 2025 (brokers report sales from 1 January 2025). */
export const FIRST_1099DA_TAX_YEAR = 2025;

/**
 * The tax year of a form given without one (`lotwise calc --1099da`): the year most of its
 * lines were sold in (the later one on a tie), never before 2025. Null for a form of no lines.
 */
export function formTaxYear(lines: ReadonlyArray<{ date_sold: string }>): number | null {
  const counts = new Map<number, number>();
  for (const l of lines) {
    const year = Number(l.date_sold.slice(0, 4));
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [year, n] of counts)
    if (best === null || n > counts.get(best)! || (n === counts.get(best)! && year > best)) best = year;
  return best === null ? null : Math.max(best, FIRST_1099DA_TAX_YEAR);
}

/**
 * A 1099-DA read as one tax year's form when the year is not given: one file is one tax year,
 * so a line sold in another year (or before 2025) is the same line-and-column error the app
 * gives for a form of a stated year ("sold 2024-06-30, not in tax year 2025").
 */
export function parse1099DaOneYear(bytes: Uint8Array): Parse1099DaResult & { taxYear: number | null } {
  const parsed = parse1099Da(bytes);
  const taxYear = parsed.errors.length > 0 ? null : formTaxYear(parsed.lines);
  if (taxYear === null) return { ...parsed, taxYear };
  return { ...parse1099Da(bytes, { taxYear }), taxYear };
}
