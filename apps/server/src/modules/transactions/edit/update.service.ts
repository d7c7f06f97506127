import type { UpdateTransactionInput } from '@lotwise/contracts/transactions/edit/update';
import type { TransactionRow as ListRow } from '@lotwise/contracts/transactions/transaction-row';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../../db/schema.ts';
import type { AppContext } from '../../../http/context.ts';
import { notFound } from '../../../http/errors.ts';
import { applyEdit } from '../annotations/annotations.repo.ts';
import { diffEdit } from '../annotations/edit-fields.ts';
import { checkKnownCurrencies } from './known-currencies.ts';
import { type Editor, planEdit } from './update-plan.ts';
import { listRowsOf } from './updated-rows.ts';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The edit dialog's save (spec 02 §3–§5): the owner's row only, recorded in the annotation history. */
export class UpdateService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ctx: AppContext,
  ) {}

  async update(user: UserRow, body: UpdateTransactionInput, editor: Editor): Promise<ListRow[]> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('id', '=', body.id)
      .executeTakeFirst();
    if (!row) throw notFound('Transaction');
    const plan = planEdit(row, body, editor, user.currency.toUpperCase());
    // The row's own currencies stay valid (an import may have written a contract address).
    await checkKnownCurrencies(
      this.ctx,
      user.id,
      [
        { field: 'from_currency', label: 'Out currency', code: text(plan.fields.sent_asset) },
        { field: 'to_currency', label: 'In currency', code: text(plan.fields.received_asset) },
        { field: 'fee_currency', label: 'Fee currency', code: text(plan.fields.fee_asset) },
      ],
      [row.sent_asset, row.received_asset, row.fee_asset],
    );
    const edit = diffEdit(row, plan.fields);
    const udt = plan.next.user_defined_type ?? null;
    const changed =
      Object.keys(edit.changes).length > 0 ||
      udt !== row.user_defined_type ||
      plan.next.ignored !== Boolean(row.ignored);
    if (changed) await applyEdit(this.db, user.id, row, edit, plan.next);
    return listRowsOf(this.db, user, [row.id]);
  }
}
