import {
  BULK_TYPE_OPTIONS,
  type BulkAction,
  type BulkRowType,
  bulkRowType,
} from '@lotwise/contracts/transactions/edit/bulk';
import { allowedTypes, type UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { applyChange } from '../annotations/annotations.repo.ts';
import { rowType } from '../classify.ts';
import { toMenuRow } from './edit.service.ts';

export const MIXED_MESSAGE =
  'A bulk type change needs every selected transaction to be a deposit, or every one a withdrawal, or every one a trade.';

/** Rows without a checkbox (transfers) and grouped or ignored rows take no bulk type mark. */
function markable(row: TransactionRow): boolean {
  return row.gt_id === null && !row.ignored && rowType(row.kind, row.user_defined_type) !== 'transfer';
}

/** The selection's common kind; mixed kinds are refused (spec 02 §4). */
export function selectionKind(rows: Pick<TransactionRow, 'kind' | 'user_defined_type'>[]): BulkRowType {
  const types = rows.map((r) => rowType(r.kind, r.user_defined_type)).filter((t) => t !== 'transfer');
  const kind = bulkRowType(types);
  if (!kind) throw new AppError('validation_failed', MIXED_MESSAGE, { field: 'ids' });
  return kind;
}

export function assertOffered(kind: BulkRowType, mark: UserDefinedType): void {
  if (!BULK_TYPE_OPTIONS[kind].some((o) => o.value === mark)) {
    const label = kind === 'buy' ? 'deposits' : kind === 'sell' ? 'withdrawals' : 'trades';
    throw new AppError('validation_failed', `${mark} is not a bulk mark for ${label}.`, { field: 'type' });
  }
}

export interface BulkOutcome {
  updated: number;
  skipped: number;
}

/**
 * Applies one bulk action to rows already known to be the user's: a type mark where the
 * row's own menu offers it, or ignore / enable. Each change goes through the annotation
 * history, so it re-applies after a re-import and the annotation reset undoes it.
 */
export async function applyBulk(
  db: Kysely<Database>,
  userId: number,
  rows: TransactionRow[],
  action: BulkAction,
  mark: UserDefinedType | null,
  kind: BulkRowType | null,
  /** The all-pages job, recorded on each change for its undo. */
  jobId: number | null = null,
  /** The job's start: a row changed after it keeps the user's change (counted as skipped). */
  unchangedSince: string | null = null,
): Promise<BulkOutcome> {
  if (action === 'ignore' || action === 'enable') {
    const ignore = action === 'ignore';
    const changing = rows.filter((r) => Boolean(r.ignored) !== ignore);
    const changed = await applyChange(
      db,
      userId,
      changing,
      'ignore',
      { ignored: ignore },
      jobId,
      unchangedSince,
    );
    const kept = changing.length - changed;
    return { updated: rows.length - kept, skipped: kept };
  }
  if (!mark || !kind) throw new AppError('validation_failed', 'Choose a type.', { field: 'type' });
  const offered = rows.filter(
    (r) =>
      markable(r) &&
      rowType(r.kind, r.user_defined_type) === kind &&
      allowedTypes(toMenuRow(r)).includes(mark),
  );
  const changing = offered.filter((r) => r.user_defined_type !== mark);
  const changed = await applyChange(
    db,
    userId,
    changing,
    'type',
    { user_defined_type: mark, ignored: false },
    jobId,
    unchangedSince,
  );
  const kept = changing.length - changed;
  return { updated: offered.length - kept, skipped: rows.length - offered.length + kept };
}
