import { LocalCalendar, parseInstant, yearOf } from '@lotwise/engine/dates';

/**
 * When a tax year is incomplete — the one definition every screen, report and download uses
 * (issue 35.3): a transaction of the year (its tax year in the user's time zone) that the
 * engine flagged `missing_price` (its `TransactionStatus`): a value it needed (proceeds, income,
 * a fee, or the basis of what it acquired) had no price and counts as 0. The count is of
 * transactions, not of lines or warnings (a trade can give two lines and three warnings).
 *
 * The server stores exactly these flags per transaction and year (`tax_transaction_status`,
 * counted by TaxResultsRepo.missingPriceCounts); the CLI counts the result with
 * `missingPriceCounts` below. Both end up in `ReportModel.missingPrices`.
 */
export function missingPriceCounts(
  statuses: ReadonlyArray<{ id: string; flags: readonly string[] }>,
  yearOfTransaction: (id: string) => number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of statuses) {
    if (!s.flags.includes('missing_price')) continue;
    const year = yearOfTransaction(s.id);
    if (year !== null) out.set(year, (out.get(year) ?? 0) + 1);
  }
  return out;
}

/** The tax year of each transaction by id (its timestamp's local day in `timeZone`). */
export function transactionYears(
  transactions: ReadonlyArray<{ id: string; timestamp: string }>,
  timeZone = 'UTC',
): (id: string) => number | null {
  const calendar = new LocalCalendar(timeZone);
  const stamps = new Map(transactions.map((t) => [t.id, t.timestamp]));
  return (id) => {
    const stamp = stamps.get(id);
    const ms = stamp === undefined ? null : parseInstant(stamp);
    return ms === null ? null : yearOf(calendar.day(ms));
  };
}

/** What an unknown amount prints as on a PDF (a CSV leaves the cell blank and says why). */
export const UNKNOWN = 'unknown';
/** Why, beside it. */
export const NO_PRICE = 'no price: value unknown';

/** A cent amount as a PDF prints it, or "unknown" when it rests on a missing price. */
export function shownMoney(value: string, unknown: boolean, format: (v: string) => string): string {
  return unknown ? UNKNOWN : format(value);
}

/**
 * The marker every report and download of an incomplete year carries (each PDF page, the first
 * line of each CSV), or null for a complete year.
 */
export function incompleteNotice(year: number, missing: number): string | null {
  if (missing <= 0) return null;
  const n = missing.toLocaleString('en-US');
  return `INCOMPLETE: ${n} transaction${missing === 1 ? '' : 's'} of ${year} ${missing === 1 ? 'has a missing price' : 'have missing prices'}. Their values are unknown (printed as "unknown", blank in a CSV) and so is every total that includes them; add the prices in Lotwise and download again before filing.`;
}
