import {
  allowedTypes,
  appliedType,
  type MenuRow,
  resetTypeFor,
  TRANSFER_USER_TYPES,
  type UserDefinedType,
} from '@lotwise/contracts/transactions/edit/types';
import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { applyChange, type RowState } from '../annotations/annotations.repo.ts';
import { rowType, subTypeOf } from '../classify.ts';
import { releaseOrphanPairs, withPairPartners } from '../pairs/pair-store.ts';
import { unpairRow } from '../pairs/unpair.ts';
import { ownRows } from './own-rows.ts';

export function toMenuRow(row: TransactionRow): MenuRow {
  return {
    type: rowType(row.kind, row.user_defined_type),
    default_type: row.kind,
    sub_type: subTypeOf(row),
    user_defined_type: row.user_defined_type,
    ignored: Boolean(row.ignored),
    fee: row.fee_amount === null ? null : String(row.fee_amount),
    manual_switch_trade:
      Boolean(row.manual_switch_trade) || (row.user_defined_type === 'switch_trade' && row.pair_id === null),
  };
}

/** The state a type choice leads to (spec 02 §4: choosing the applied type resets it). */
export function nextState(row: TransactionRow, type: UserDefinedType): RowState {
  const menu = toMenuRow(row);
  if (type === 'edit') throw new AppError('validation_failed', 'Edit opens the editor; it is not a type.');
  if (!allowedTypes(menu).includes(type)) {
    throw new AppError('validation_failed', `This transaction cannot be marked as ${type}.`, {
      field: 'type',
    });
  }
  if (type === 'ignore') return { ignored: true };
  if (type === 'ignore_reset') {
    return {
      user_defined_type: row.user_defined_type === 'ignore' ? null : row.user_defined_type,
      ignored: false,
    };
  }
  const applied = appliedType(menu);
  return { user_defined_type: applied === type ? resetTypeFor(menu, applied) : type, ignored: false };
}

export class EditService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's rows with these ids; any id that is not theirs is "not found". */
  rowsOf(userId: number, ids: number[]): Promise<TransactionRow[]> {
    return ownRows(this.db, userId, ids);
  }

  async updateType(userId: number, id: number, type: UserDefinedType) {
    const [row] = await this.rowsOf(userId, [id]);
    if (!row) throw notFound('Transaction');
    const next = nextState(row, type);
    // A paired row's only menu item is the revert: both halves come apart.
    if (row.pair_id !== null) {
      const udt = await unpairRow(this.db, userId, row);
      return { is_transfer_type: false, user_defined_type: udt, ignored: false };
    }
    await applyChange(
      this.db,
      userId,
      [row],
      type === 'ignore' || type === 'ignore_reset' ? 'ignore' : 'type',
      next,
    );
    const udt = next.user_defined_type === undefined ? row.user_defined_type : next.user_defined_type;
    return {
      is_transfer_type: udt !== null && TRANSFER_USER_TYPES.includes(udt),
      user_defined_type: udt,
      ignored: next.ignored,
    };
  }

  async toggleIgnore(userId: number, ids: number[], ignore: boolean): Promise<number> {
    const rows = await this.rowsOf(userId, ids);
    const all = await withPairPartners(this.db, userId, rows);
    const changing = all.filter((r) => Boolean(r.ignored) !== ignore);
    await applyChange(this.db, userId, changing, 'ignore', { ignored: ignore });
    return rows.length;
  }

  /** Deletes manual rows only (spec 02 §4: Delete Transaction is offered only for Manual rows). */
  async deleteManual(userId: number, ids: number[]): Promise<number> {
    const rows = await this.rowsOf(userId, ids);
    const manual = await this.db
      .selectFrom('import_histories')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'manual')
      .execute();
    const manualIds = new Set(manual.map((h) => h.id));
    if (rows.some((r) => !manualIds.has(r.import_history_id))) {
      throw new AppError('validation_failed', 'Only manually entered transactions can be deleted.');
    }
    const res = await this.db
      .deleteFrom('transactions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .executeTakeFirst();
    await releaseOrphanPairs(this.db, userId);
    return Number(res.numDeletedRows);
  }

  async assertAccount(userId: number, historyId: number): Promise<void> {
    const h = await this.db
      .selectFrom('import_histories')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', historyId)
      .executeTakeFirst();
    if (!h) throw notFound('Account');
  }
}
