/**
 * The one CSV cell writer of every CSV Lotwise makes (issue 29.5): the reports
 * (capital-gains, income, TurboTax, TaxAct, Schedule D, Form 8283), the transactions export,
 * the allocation record, `lotwise report` and `lotwise calc --allocation-csv`.
 *
 * Spreadsheets run a cell as a formula when it starts with `=`, `+`, `-` or `@` (and some
 * when it starts with a tab, a carriage return, `|` or `%`: OWASP's list, for engines that
 * read `|` as a DDE call and `%` as a macro), so a wallet called `=HYPERLINK(...)` or
 * `-2+3` would run on the user's machine. Such a cell gets a leading apostrophe (shown as
 * text, the apostrophe hidden). The one exception is a plain negative decimal (`-12.50`,
 * `-0.00000001`): it cannot be a formula, and an amount column must stay a number a
 * spreadsheet can add up. Then RFC 4180: quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r|%]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A negative decimal and nothing else: `-12.50`, `-.5` (a leading `+` is never written for a number). */
const PLAIN_NUMBER = /^-(\d+(\.\d*)?|\.\d+)$/;

/** One CSV line of cells (no line break). */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells.map(csvCell).join(',');
}
