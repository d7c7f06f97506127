/** The tax year the user last worked on in the review (the method step), for this tab. */
const KEY = 'lotwise.working_year';

export function rememberWorkingYear(year: number): void {
  try {
    sessionStorage.setItem(KEY, String(year));
  } catch {
    // Storage refused (private mode): the summary falls back to the latest year with figures.
  }
}

export function rememberedWorkingYear(): number | null {
  try {
    const year = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(year) && year > 0 ? year : null;
  } catch {
    return null;
  }
}
