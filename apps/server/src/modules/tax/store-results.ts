import type { CalculationResult } from '@lotwise/engine/types';
import { type BulkTarget, bulkInsert } from '../../db/bulk-insert.ts';
import { numericCell, numericText } from './numeric-cell.ts';

const DISPOSAL_COLUMNS = [
  'calc_id',
  'year',
  'transaction_id',
  'asset',
  'amount',
  'acquired_at',
  'disposed_at',
  'disposed_timestamp',
  'proceeds',
  'cost_basis',
  'gain',
  'term',
  'category',
  'taxable',
  'wallet',
  'lots',
  'sell_without_buy',
  'missing_price',
  'fair_market_value',
] as const;

const INCOME_COLUMNS = [
  'calc_id',
  'year',
  'transaction_id',
  'asset',
  'amount',
  'value',
  'received_at',
  'category',
  'wallet',
  'missing_price',
] as const;

/** Tax year of a transaction id (null when unknown), for warnings and statuses. */
export type TxYears = (txId: string | null) => number | null;

/**
 * Inserts a calculation's results (every year the result has) under `calcId`. Warnings and
 * statuses carry their transaction's tax year so an incremental run can replace the years
 * from its start; warnings without a transaction are option warnings (year null, re-made by
 * every run) or the 2025 allocation's (the allocation's year).
 */
export async function insertResults(
  target: BulkTarget,
  calcId: number,
  userId: number,
  result: CalculationResult,
  years: TxYears,
): Promise<void> {
  const { db } = target;
  const allocationYear = result.allocation ? Number(result.allocation.effectiveDate.slice(0, 4)) : null;
  // PostgreSQL's result tables have no key to the calculation (migration 000053): each write
  // locks its row instead. Inside a caller's transaction the caller has locked it.
  const rows: BulkTarget =
    target.sqlite || target.inTransaction
      ? target
      : { ...target, parent: { table: 'tax_calculations', id: calcId } };
  const yearList = Object.entries(result.years).map(([yearText, y]) => ({ year: Number(yearText), y }));
  const disposals = yearList.flatMap(({ year, y }) => y.disposals.map((d) => ({ year, d })));
  const incomeLines = yearList.flatMap(({ year, y }) => y.incomeLines.map((i) => ({ year, i })));

  const summariesAndDisposals = async () => {
    for (const { year, y } of yearList) {
      await db
        .insertInto('tax_year_summaries')
        .values({
          calc_id: calcId,
          year,
          proceeds: numericText(y.proceeds, 'tax_year_summaries.proceeds'),
          cost_basis: numericText(y.costBasis, 'tax_year_summaries.cost_basis'),
          short_term_gain: numericText(y.shortTermGain, 'tax_year_summaries.short_term_gain'),
          long_term_gain: numericText(y.longTermGain, 'tax_year_summaries.long_term_gain'),
          income: numericText(y.income, 'tax_year_summaries.income'),
          disposal_count: y.disposals.length,
          income_count: y.incomeLines.length,
        })
        .execute();
    }
    await bulkInsert(rows, 'tax_disposals', DISPOSAL_COLUMNS, disposals, ({ year, d }) => [
      calcId,
      year,
      Number(d.txId),
      d.asset,
      numericText(d.amount, 'tax_disposals.amount', d.txId),
      d.acquiredAt,
      d.disposedAt,
      d.disposedTimestamp,
      numericText(d.proceeds, 'tax_disposals.proceeds', d.txId),
      numericText(d.costBasis, 'tax_disposals.cost_basis', d.txId),
      numericText(d.gain, 'tax_disposals.gain', d.txId),
      d.term,
      d.category,
      d.taxable,
      d.wallet,
      JSON.stringify(d.lots),
      numericCell(d.sellWithoutBuy, 'tax_disposals.sell_without_buy', d.txId),
      Boolean(d.missingPrice),
      // null: no price for the day (the transaction's missing_price warning is the reason).
      numericCell(d.fairMarketValue, 'tax_disposals.fair_market_value', d.txId),
    ]);
  };
  const theRest = async () => {
    await bulkInsert(rows, 'tax_income', INCOME_COLUMNS, incomeLines, ({ year, i }) => [
      calcId,
      year,
      Number(i.txId),
      i.asset,
      numericText(i.amount, 'tax_income.amount', i.txId),
      numericText(i.value, 'tax_income.value', i.txId),
      i.receivedAt,
      i.category,
      i.wallet,
      Boolean(i.missingPrice),
    ]);
    await bulkInsert(
      rows,
      'tax_holdings',
      ['calc_id', 'wallet', 'asset', 'amount', 'cost_basis', 'acquired_at', 'lot_id'],
      result.holdings,
      (h) => [
        calcId,
        h.wallet,
        h.asset,
        numericText(h.amount, 'tax_holdings.amount'),
        numericText(h.costBasis, 'tax_holdings.cost_basis'),
        h.acquiredAt,
        h.lotId,
      ],
    );
    await bulkInsert(
      rows,
      'tax_warnings',
      ['calc_id', 'code', 'transaction_id', 'message', 'affects', 'year'],
      result.warnings,
      (w) => [
        calcId,
        w.code,
        w.txId && /^\d+$/.test(w.txId) ? Number(w.txId) : null,
        w.message,
        w.affects ? JSON.stringify(w.affects) : null,
        w.txId !== null ? years(w.txId) : w.code === 'bad_option' ? null : allocationYear,
      ],
    );
    const flagged = result.statuses.filter((s) => s.status === 'error' || s.flags.length > 0);
    await bulkInsert(
      rows,
      'tax_transaction_status',
      [
        'calc_id',
        'user_id',
        'transaction_id',
        'status',
        'missing_price',
        'sell_without_buy',
        'sell_without_buy_quantity',
        'year',
      ],
      flagged,
      (s) => [
        calcId,
        userId,
        Number(s.id),
        s.status,
        s.flags.includes('missing_price'),
        s.flags.includes('sell_without_buy'),
        numericCell(s.sellWithoutBuyQuantity, 'tax_transaction_status.sell_without_buy_quantity', s.id),
        years(s.id),
      ],
    );
  };
  // Each table's rows go in the order they had (their ids are the pages' order). On PostgreSQL
  // outside a transaction, on two connections at once: its own insert work is most of the store.
  if (target.sqlite || target.inTransaction) {
    await summariesAndDisposals();
    await theRest();
  } else await Promise.all([summariesAndDisposals(), theRest()]);
  if (result.allocation) {
    await db
      .updateTable('tax_calculations')
      .set({ allocation: JSON.stringify(result.allocation) })
      .where('id', '=', calcId)
      .execute();
  }
}
