/**
 * The dates a transaction may have, for every way one comes in (file imports, the edit dialog,
 * manual entry): from Bitcoin's genesis block (2009-01-03) to one day after now (time zones
 * and clocks a little ahead). Year 0001, 9999 or a typo'd 2204 is refused with a message
 * naming the field, never stored (issue 29: `01/02/0001` used to become 1901).
 */
export const EARLIEST_TRANSACTION_ISO = '2009-01-03T00:00:00Z';
export const EARLIEST_TRANSACTION_MS = Date.UTC(2009, 0, 3);
/** How far after now a transaction may be dated. */
export const LATEST_TRANSACTION_SLACK_MS = 86_400_000;

export const DATE_RANGE_TEXT = 'between 2009-01-03 (the first Bitcoin block) and tomorrow';

/** Whether an instant (ms since the epoch, UTC) is a date a transaction can have. */
export function isTransactionTime(ms: number, now: number = Date.now()): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_TRANSACTION_MS && ms <= now + LATEST_TRANSACTION_SLACK_MS;
}
