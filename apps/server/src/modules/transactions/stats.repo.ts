import type { TransactionStats, VisibilityStats } from '@lotwise/contracts/transactions/stats';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { INCOMING_KINDS, OUTGOING_KINDS } from './classify.ts';
import { incomeCondition, lpCondition, nftCondition, taxableCondition } from './list-filters.ts';
import { derivedMissingPrice, type StatusSource } from './status-source.ts';

type Eb = ExpressionBuilder<Database, 'transactions'>;

function countIf(eb: Eb, condition: Expression<SqlBool>) {
  return eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
}

const num = (v: number | string | null | undefined) => Number(v ?? 0);

/** Counts of the overview boxes, tabs and visibility options: one pass over the user's rows each. */
export class TransactionStatsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async stats(userId: number, showIgnored: boolean, source: StatusSource): Promise<TransactionStats> {
    let query = this.db
      .selectFrom('transactions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('gt_id', 'is', null), eb('gt_id', '=', eb.ref('id'))]));
    if (!showIgnored) query = query.where('ignored', '=', false);
    const derived = source.calcId === null;
    const row = await query
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        countIf(eb, eb('kind', 'in', [...INCOMING_KINDS])).as('buys'),
        countIf(eb, eb('kind', 'in', [...OUTGOING_KINDS])).as('sells'),
        countIf(eb, eb('kind', '=', 'trade')).as('trades'),
        countIf(eb, incomeCondition(eb)).as('income'),
        countIf(eb, taxableCondition(eb)).as('taxable'),
        (derived ? countIf(eb, derivedMissingPrice(eb)) : eb.val(0)).as('errors'),
      ])
      .executeTakeFirstOrThrow();
    let errors = num(row.errors as number | string | null);
    let swb = 0;
    if (source.calcId !== null) {
      const calc = await this.db
        .selectFrom('tax_transaction_status as s')
        .innerJoin('transactions as t', 't.id', 's.transaction_id')
        .where('s.calc_id', '=', source.calcId)
        .where('t.user_id', '=', userId)
        .$if(!showIgnored, (q) => q.where('t.ignored', '=', false))
        .select((eb) => [
          eb.fn
            .sum<number | string | null>(eb.case().when('s.missing_price', '=', true).then(1).else(0).end())
            .as('mp'),
          eb.fn
            .sum<number | string | null>(
              eb.case().when('s.sell_without_buy', '=', true).then(1).else(0).end(),
            )
            .as('swb'),
        ])
        .executeTakeFirstOrThrow();
      errors = num(calc.mp);
      swb = num(calc.swb);
    }
    const exchanges = await this.db
      .selectFrom('import_histories')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      buys_count: num(row.buys),
      sells_count: num(row.sells),
      trades_count: num(row.trades),
      errors_count: errors,
      exchanges_count: num(exchanges.n),
      swb_count: swb,
      income_count: num(row.income),
      taxable_count: num(row.taxable),
      total: num(row.total),
      has_sell_without_buy: swb > 0,
    };
  }

  async visibility(userId: number): Promise<VisibilityStats> {
    const row = await this.db
      .selectFrom('transactions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('gt_id', 'is', null), eb('gt_id', '=', eb.ref('id'))]))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('all'),
        countIf(eb, nftCondition(eb)).as('nft'),
        countIf(eb, lpCondition(eb)).as('lp'),
        countIf(eb, eb.and([eb.not(nftCondition(eb)), eb.not(lpCondition(eb))])).as('crypto'),
        countIf(eb, eb('ignored', '=', true)).as('ignored'),
      ])
      .executeTakeFirstOrThrow();
    return {
      cryptocurrency: num(row.crypto),
      nft: num(row.nft),
      lptokens: num(row.lp),
      valid: num(row.all) - num(row.ignored),
      ignored: num(row.ignored),
    };
  }

  /** Per account and per file: how many transactions each holds. */
  async sourceCounts(userId: number) {
    return this.db
      .selectFrom('transactions')
      .select((eb) => ['import_history_id', 'import_file_id', eb.fn.countAll<number | string>().as('n')])
      .where('user_id', '=', userId)
      .groupBy(['import_history_id', 'import_file_id'])
      .execute();
  }

  files(userId: number) {
    return this.db
      .selectFrom('import_files')
      .select(['id', 'import_history_id', 'file_name'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
}
