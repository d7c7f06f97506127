/** A plain decimal as the engine writes them: optional minus, digits, optional fraction. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * A value on its way into a NUMERIC column (TEXT on SQLite). PostgreSQL refuses a word there
 * with a raw SQL error and SQLite keeps it silently, so anything but a plain decimal (or
 * null, an unknown value) is refused here, naming the column and the transaction.
 */
export function numericCell(
  value: string | null | undefined,
  column: string,
  txId?: string | null,
): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) return value;
  const where = txId ? ` (transaction ${txId})` : '';
  throw new Error(`${column}: ${JSON.stringify(value)} is not a number${where}`);
}

/** The same for a NOT NULL numeric column: a missing value is refused too. */
export function numericText(value: string | null | undefined, column: string, txId?: string | null): string {
  const checked = numericCell(value, column, txId);
  if (checked === null) throw new Error(`${column}: no value${txId ? ` (transaction ${txId})` : ''}`);
  return checked;
}
