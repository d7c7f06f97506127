/** Tax-year rules of spec 01 §4. */

/** The current year if the month is December, otherwise the previous year. */
export function defaultTaxYear(now: Date = new Date()): number {
  const year = now.getFullYear();
  return now.getMonth() === 11 ? year : year - 1;
}

/** The year picker lists the current year and the 4 before it, newest first. */
export function taxYearOptions(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return [0, 1, 2, 3, 4].map((back) => year - back);
}

/** A stored or requested year counts only if the picker offers it. */
export function validTaxYear(value: unknown, now: Date = new Date()): number | null {
  const year = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return taxYearOptions(now).includes(year) ? year : null;
}
