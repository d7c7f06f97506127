import type { SortAttribute } from '@lotwise/contracts/transactions/constants';
import type { ListTransactionsBody } from '@lotwise/contracts/transactions/list-transactions';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database, ImportHistoryRow, TransactionRow } from '../../db/schema.ts';
import { type FilterContext, filterConditions } from './list-filters.ts';

export interface ListPage {
  rows: TransactionRow[];
  count: number;
}

type TxQuery<O> = SelectQueryBuilder<Database, 'transactions', O>;

/** SQL of the transactions list. Every query is scoped to one user. */
export class TransactionsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  histories(userId: number): Promise<ImportHistoryRow[]> {
    return this.db
      .selectFrom('import_histories')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  private filtered<O>(query: TxQuery<O>, body: ListTransactionsBody, category: string, ctx: FilterContext) {
    return query.where((eb) => eb.and(filterConditions(eb, body, category, ctx)));
  }

  private ordered<O>(query: TxQuery<O>, attribute: SortAttribute, order: 'asc' | 'desc'): TxQuery<O> {
    if (attribute === 'transaction_at') {
      return query.orderBy('transactions.timestamp', order).orderBy('transactions.id', order);
    }
    const column = attribute === 'from_currency_quantity' ? 'sent_amount' : 'received_amount';
    const ref = sql.ref(`transactions.${column}`);
    // Numeric order (never text order); empty quantities come last when descending, first
    // when ascending, in both dialects (matching the indexes of migration 000006).
    // SQLite matches an ORDER BY to an indexed expression only when the CAST's type name is
    // spelt as in the index (`AS REAL`, upper case); `as real` sorts all matching rows instead.
    const key =
      this.dialect === 'postgres'
        ? order === 'desc'
          ? sql`${ref} desc nulls last`
          : sql`${ref} asc nulls first`
        : order === 'desc'
          ? sql`CAST(${ref} AS REAL) desc`
          : sql`CAST(${ref} AS REAL) asc`;
    return query.orderBy(key).orderBy('transactions.id', order);
  }

  /** The page query and the count query of one list request (the bench runs them bare too). */
  pageQueries(body: ListTransactionsBody, category: string, ctx: FilterContext) {
    const base = this.db.selectFrom('transactions');
    return {
      page: this.ordered(
        this.filtered(base.selectAll('transactions'), body, category, ctx),
        body.sort_attribute,
        body.sort_order,
      )
        .limit(body.page_size)
        .offset((body.page - 1) * body.page_size),
      count: this.filtered(
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        body,
        category,
        ctx,
      ),
      // Ids of every matching row, by id (only asked for when the count is small). Not in list
      // order: the client only needs the set, and a sort by quantity would make PostgreSQL walk
      // the quantity index past every other row instead of the filters' index.
      ids: this.filtered(base.select('transactions.id'), body, category, ctx).orderBy('transactions.id'),
    };
  }

  async listPage(body: ListTransactionsBody, category: string, ctx: FilterContext): Promise<ListPage> {
    const q = this.pageQueries(body, category, ctx);
    const [rows, countRow] = await Promise.all([q.page.execute(), q.count.executeTakeFirstOrThrow()]);
    return { rows, count: Number(countRow.n) };
  }

  /** Ids of every matching row (see pageQueries). */
  async matchingIds(body: ListTransactionsBody, category: string, ctx: FilterContext): Promise<number[]> {
    const rows = await this.pageQueries(body, category, ctx).ids.execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Kinds and user types among the matching rows a bulk type change would touch (not
   * ignored, not grouped), for the "all deposits, all withdrawals or all trades" rule.
   */
  matchingKinds(body: ListTransactionsBody, category: string, ctx: FilterContext) {
    return this.filtered(
      this.db.selectFrom('transactions').select(['transactions.kind', 'transactions.user_defined_type']),
      body,
      category,
      ctx,
    )
      .where('transactions.ignored', '=', false)
      .where('transactions.gt_id', 'is', null)
      .groupBy(['transactions.kind', 'transactions.user_defined_type'])
      .execute();
  }

  /** The members of the given groups (gt_id), lead rows included, oldest first. */
  groupMembers(userId: number, groupIds: number[]): Promise<TransactionRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('gt_id', 'in', groupIds)
      .orderBy('timestamp')
      .orderBy('id')
      .execute();
  }

  findOne(userId: number, id: number): Promise<TransactionRow | undefined> {
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
