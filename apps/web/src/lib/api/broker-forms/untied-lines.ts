import { useBrokerForms, useTieOut } from './broker-forms';

/**
 * How many lines of the year's Forms 1099-DA are not tied out: on the form but not in Lotwise,
 * so the Form 8949 cannot carry them (0 for a year without a form or before a calculation).
 */
export function useUntiedLines(year: number): number {
  const forms = useBrokerForms(year);
  const has = (forms.data?.forms.length ?? 0) > 0;
  const tie = useTieOut(year, { page: 1 }, has);
  if (!has || !tie.data) return 0;
  return tie.data.totals.by_status.find((s) => s.status === 'form_only')?.count ?? 0;
}
