import type { NormalisedTransaction } from '@lotwise/contracts/normalised';

/** Columns an upload's staged rows carry over into transactions unchanged. */
export const STAGED_COLUMNS = [
  'user_id',
  'import_history_id',
  'dedupe_key',
  'timestamp',
  'kind',
  'subtype',
  'sent_asset',
  'sent_amount',
  'received_asset',
  'received_amount',
  'fee_asset',
  'fee_amount',
  'fiat_currency',
  'fiat_value',
  'external_id',
  'tx_hash',
  'from_address',
  'to_address',
  'label',
  'note',
  'source_lines',
  'token_contract',
  // Last: the direct insert also uses it as the row's first updated_at (import-store.ts).
  'created_at',
] as const;

/** One staged row as the values of `import_file_id, ...STAGED_COLUMNS`, in that order. */
export type StagedValues = (string | number | null)[];

/** Which upload the rows belong to; the same for every row of a run. */
export interface StagingTarget {
  userId: number;
  historyId: number;
  fileId: number;
  now: string;
  /** Transactions the user may hold after this import (the free import limit); null: no limit. */
  transactionLimit?: number | null;
}

/**
 * A parsed record as staging values. Arrays rather than objects: a million of them cross
 * from the parse worker to the writer, and the prepared insert takes them as they are.
 */
export function stagedValues(t: NormalisedTransaction, key: string, target: StagingTarget): StagedValues {
  const values: StagedValues = [
    target.fileId,
    target.userId,
    target.historyId,
    key,
    t.timestamp,
    t.kind,
    t.subtype ?? null,
    t.sent?.asset ?? null,
    t.sent?.amount ?? null,
    t.received?.asset ?? null,
    t.received?.amount ?? null,
    t.fee?.asset ?? null,
    t.fee?.amount ?? null,
    t.fiat_value?.currency ?? null,
    t.fiat_value?.amount ?? null,
    t.external_id ?? null,
    t.tx_hash ?? null,
    t.from_address ?? null,
    t.to_address ?? null,
    t.label ?? null,
    t.note ?? null,
    t.source_lines.join(','),
    t.token_contract ?? null,
    target.now,
  ];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'string' && v.includes('\u0000')) values[i] = withoutNul(v);
  }
  return values;
}

/**
 * A file's text without NUL characters (issue 29.11): PostgreSQL's text cannot hold one (a
 * NUL in a note failed the whole import there while SQLite stored it), and no value of an
 * exchange export means anything by it. Dropped on both databases, so both store the same.
 */
export const withoutNul = (text: string): string => text.replaceAll(String.fromCharCode(0), '');
