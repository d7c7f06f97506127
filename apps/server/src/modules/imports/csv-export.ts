import { csvLine } from '@lotwise/engine/csv-cell';
import { UNIVERSAL_COLUMNS } from '@lotwise/importers/formats/koinly-universal';
import type { TransactionRow } from '../../db/schema.ts';

/** Koinly's universal template, the layout Lotwise exports and connected sources may write. */
export { UNIVERSAL_COLUMNS };

export const EXPORT_HEADER = [...UNIVERSAL_COLUMNS, 'Type', 'Account', 'Id'];

/** Rows in the universal template's columns, so an export can be imported again. */
export function exportLine(t: TransactionRow, account: string): string {
  const date = `${t.timestamp.replace('T', ' ').replace(/(\.\d+)?Z$/, '')} UTC`;
  return csvLine([
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
  ]);
}
