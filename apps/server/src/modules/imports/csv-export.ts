import type { TransactionRow } from '../../db/schema.ts';

/** Koinly's universal template, the layout Lotwise exports and connected sources may write. */
export const UNIVERSAL_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;

export const EXPORT_HEADER = [...UNIVERSAL_COLUMNS, 'Type', 'Account', 'Id'];

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab/CR that some treat the
 * same) gets a leading apostrophe; then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows in the universal template's columns, so an export can be imported again. */
export function exportLine(t: TransactionRow, account: string): string {
  const date = `${t.timestamp.replace('T', ' ').replace(/(\.\d+)?Z$/, '')} UTC`;
  return [
    date,
    t.sent_amount,
    t.sent_asset,
    t.received_amount,
    t.received_asset,
    t.fee_amount,
    t.fee_asset,
    t.fiat_value,
    t.fiat_currency,
    t.label,
    t.comment ?? t.note,
    t.tx_hash,
    t.kind,
    account,
    t.id,
  ]
    .map(csvCell)
    .join(',');
}
