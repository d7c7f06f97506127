import type { TransactionStats, VisibilityStats } from '@lotwise/contracts/transactions/stats';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { INCOMING_KINDS, OUTGOING_KINDS } from './classify.ts';
import { incomeCondition, lpCondition, nftCondition, taxableCondition } from './list-filters.ts';
import { derivedMissingPrice, type StatusSource } from './status-source.ts';

type Eb = ExpressionBuilder<Database, 'transactions'>;

/** Rows of the groups meeting the condition (`no_fiat`: only those without a fiat value). */
function weighted(eb: Eb, condition: Expression<SqlBool>, weight: 'n' | 'no_fiat' = 'n') {
  return eb.fn.sum<number | string | null>(
    eb
      .case()
      .when(condition)
      .then(sql.ref(`transactions.${weight}`))
      .else(0)
      .end(),
  );
}

const num = (v: number | string | null | undefined) => Number(v ?? 0);

/** The columns every count below looks at; the user's rows are grouped by them first. */
const GROUP_COLUMNS = [
  'kind',
  'user_defined_type',
  'subtype',
  'label',
  'sent_asset',
  'received_asset',
  'ignored',
  // A manual price ends a derived missing price; only hand-priced rows carry these (few groups).
  'manual_price',
  'sent_price',
  'received_price',
] as const;

/**
 * Counts of the overview boxes, tabs and visibility options. Each is one pass over the user's
 * lead rows (a group counts once), grouped by the columns the conditions read (index-only,
 * migration 000007), then the list's own conditions run on the few groups, weighted by their
 * row counts: the same conditions as the list's filters, without evaluating them a million times.
 */
export class TransactionStatsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Derived table named `transactions`, so the list's conditions apply unchanged: one row per
   * distinct combination, with `n` rows, `no_fiat` of them without a fiat value, and a null
   * fiat_value (count missing prices with `no_fiat`).
   */
  private groups(userId: number) {
    return this.db
      .selectFrom('transactions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('gt_id', 'is', null), eb('gt_id', '=', eb.ref('id'))]))
      .select((eb) => [
        ...GROUP_COLUMNS,
        eb.fn.countAll<number | string>().as('n'),
        eb.fn
          .sum<number | string | null>(eb.case().when('fiat_value', 'is', null).then(1).else(0).end())
          .as('no_fiat'),
        sql<string | null>`null`.as('fiat_value'),
      ])
      .groupBy([...GROUP_COLUMNS])
      .as('transactions');
  }

  async stats(userId: number, showIgnored: boolean, source: StatusSource): Promise<TransactionStats> {
    const derived = source.calcId === null;
    const row = await this.db
      .selectFrom(this.groups(userId))
      .$if(!showIgnored, (q) => q.where('transactions.ignored', '=', false))
      .select((g) => {
        const eb = g as unknown as Eb;
        return [
          g.fn.sum<number | string | null>('transactions.n').as('total'),
          weighted(eb, eb('transactions.kind', 'in', [...INCOMING_KINDS])).as('buys'),
          weighted(eb, eb('transactions.kind', 'in', [...OUTGOING_KINDS])).as('sells'),
          weighted(eb, eb('transactions.kind', '=', 'trade')).as('trades'),
          weighted(eb, incomeCondition(eb)).as('income'),
          weighted(eb, taxableCondition(eb)).as('taxable'),
          (derived ? weighted(eb, derivedMissingPrice(eb), 'no_fiat') : eb.val(0)).as('errors'),
        ];
      })
      .executeTakeFirstOrThrow();
    let errors = num(row.errors as number | string | null);
    let swb = 0;
    // Before a calculation only missing prices are known; after, a row may have both: once.
    let review = errors;
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
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.or([eb('s.missing_price', '=', true), eb('s.sell_without_buy', '=', true)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('review'),
        ])
        .executeTakeFirstOrThrow();
      errors = num(calc.mp);
      swb = num(calc.swb);
      review = num(calc.review);
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
      review_count: review,
      income_count: num(row.income),
      taxable_count: num(row.taxable),
      total: num(row.total),
      has_sell_without_buy: swb > 0,
    };
  }

  async visibility(userId: number): Promise<VisibilityStats> {
    const row = await this.db
      .selectFrom(this.groups(userId))
      .select((g) => {
        const eb = g as unknown as Eb;
        return [
          g.fn.sum<number | string | null>('transactions.n').as('all'),
          weighted(eb, nftCondition(eb)).as('nft'),
          weighted(eb, lpCondition(eb)).as('lp'),
          weighted(eb, eb.and([eb.not(nftCondition(eb)), eb.not(lpCondition(eb))])).as('crypto'),
          weighted(eb, eb('transactions.ignored', '=', true)).as('ignored'),
        ];
      })
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
