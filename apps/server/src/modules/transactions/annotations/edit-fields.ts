import type { Updateable } from 'kysely';
import type { TransactionRow, TransactionsTable } from '../../../db/schema.ts';

/**
 * The row columns the edit dialog may change (beyond user_defined_type and ignored, which
 * have columns of their own in the annotation history). An edit's payload is JSON
 * { changes: {column: new}, previous: {column: old} } over these columns.
 */
export const EDITABLE_COLUMNS = [
  'timestamp',
  'kind',
  'sent_asset',
  'sent_amount',
  'received_asset',
  'received_amount',
  'fee_asset',
  'fee_amount',
  'sent_price',
  'received_price',
  'fee_price',
  'manual_price',
  'us_based',
  'comment',
] as const;
export type EditableColumn = (typeof EDITABLE_COLUMNS)[number];
export type EditValue = string | boolean | null;
export type EditFields = Partial<Record<EditableColumn, EditValue>>;

export interface EditPayload {
  changes: EditFields;
  previous: EditFields;
}

const BOOL_COLUMNS: readonly EditableColumn[] = ['manual_price', 'us_based'];

/** A stored value as the payload keeps it: decimals and text as strings, flags as booleans. */
export function normalise(column: EditableColumn, value: unknown): EditValue {
  if (value === null || value === undefined) return null;
  if (BOOL_COLUMNS.includes(column)) return Boolean(value);
  return String(value);
}

/** The columns whose value differs from the row's, with the row's values before the change. */
export function diffEdit(row: TransactionRow, wanted: EditFields): EditPayload {
  const changes: EditFields = {};
  const previous: EditFields = {};
  for (const column of EDITABLE_COLUMNS) {
    if (!(column in wanted)) continue;
    const before = normalise(column, row[column]);
    const after = normalise(column, wanted[column]);
    if (!sameValue(column, before, after)) {
      changes[column] = after;
      previous[column] = before;
    }
  }
  return { changes, previous };
}

/** Decimals compare by value ('1.50' = '1.5'); PostgreSQL NUMERIC pads what SQLite keeps. */
function sameValue(column: EditableColumn, a: EditValue, b: EditValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (!/(_amount|_price)$/.test(column)) return false;
  const n = (s: string) =>
    s
      .replace(/^(-?)0+(?=\d)/, '$1')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  return n(a) === n(b);
}

export function parsePayload(text: string | null): EditPayload | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<EditPayload>;
    return { changes: parsed.changes ?? {}, previous: parsed.previous ?? {} };
  } catch {
    return null;
  }
}

/** Replaying edits in order: later changes win. */
export function mergeChanges(payloads: (EditPayload | null)[]): EditFields {
  const out: EditFields = {};
  for (const p of payloads) if (p) Object.assign(out, p.changes);
  return out;
}

/** Undoing edits: each column goes back to its value before its first change. */
export function firstPrevious(payloads: (EditPayload | null)[]): EditFields {
  const out: EditFields = {};
  for (const p of payloads) {
    if (!p) continue;
    for (const [k, v] of Object.entries(p.previous)) if (!(k in out)) out[k as EditableColumn] = v;
  }
  return out;
}

/**
 * The columns as a Kysely update. Payload values come from JSON, so their types are only
 * known per column by EDITABLE_COLUMNS; timestamp and kind are never null in a diff.
 */
export function asUpdate(fields: EditFields): Updateable<TransactionsTable> {
  return fields as Updateable<TransactionsTable>;
}
