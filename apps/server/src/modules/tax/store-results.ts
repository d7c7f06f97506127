import type { CalculationResult } from '@lotwise/engine/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';

/** Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. Few large
 * statements matter on PostgreSQL, where each one is a round trip. */
const PARAMS = 30_000;

async function insertChunked<T>(
  rows: T[],
  columns: number,
  write: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  const size = Math.floor(PARAMS / columns);
  for (let i = 0; i < rows.length; i += size) {
    await write(rows.slice(i, i + size));
    await yieldToRequests();
  }
}

/** Tax year of a transaction id (null when unknown), for warnings and statuses. */
export type TxYears = (txId: string | null) => number | null;

/**
 * Inserts a calculation's results (every year the result has) under `calcId`. Warnings and
 * statuses carry their transaction's tax year so an incremental run can replace the years
 * from its start; warnings without a transaction are option warnings (year null, re-made by
 * every run) or the 2025 allocation's (the allocation's year).
 */
export async function insertResults(
  db: Kysely<Database>,
  calcId: number,
  userId: number,
  result: CalculationResult,
  years: TxYears,
): Promise<void> {
  const allocationYear = result.allocation ? Number(result.allocation.effectiveDate.slice(0, 4)) : null;

  for (const [yearText, y] of Object.entries(result.years)) {
    const year = Number(yearText);
    await db
      .insertInto('tax_year_summaries')
      .values({
        calc_id: calcId,
        year,
        proceeds: y.proceeds,
        cost_basis: y.costBasis,
        short_term_gain: y.shortTermGain,
        long_term_gain: y.longTermGain,
        income: y.income,
        disposal_count: y.disposals.length,
        income_count: y.incomeLines.length,
      })
      .execute();
    await insertChunked(y.disposals, 19, (chunk) =>
      db
        .insertInto('tax_disposals')
        .values(
          chunk.map((d) => ({
            calc_id: calcId,
            year,
            transaction_id: Number(d.txId),
            asset: d.asset,
            amount: d.amount,
            acquired_at: d.acquiredAt,
            disposed_at: d.disposedAt,
            disposed_timestamp: d.disposedTimestamp,
            proceeds: d.proceeds,
            cost_basis: d.costBasis,
            gain: d.gain,
            term: d.term,
            category: d.category,
            taxable: d.taxable,
            wallet: d.wallet,
            lots: JSON.stringify(d.lots),
            sell_without_buy: d.sellWithoutBuy ?? null,
            missing_price: Boolean(d.missingPrice),
            fair_market_value: d.fairMarketValue ?? null,
          })),
        )
        .execute(),
    );
    await insertChunked(y.incomeLines, 10, (chunk) =>
      db
        .insertInto('tax_income')
        .values(
          chunk.map((i) => ({
            calc_id: calcId,
            year,
            transaction_id: Number(i.txId),
            asset: i.asset,
            amount: i.amount,
            value: i.value,
            received_at: i.receivedAt,
            category: i.category,
            wallet: i.wallet,
            missing_price: Boolean(i.missingPrice),
          })),
        )
        .execute(),
    );
  }
  await insertChunked(result.holdings, 7, (chunk) =>
    db
      .insertInto('tax_holdings')
      .values(
        chunk.map((h) => ({
          calc_id: calcId,
          wallet: h.wallet,
          asset: h.asset,
          amount: h.amount,
          cost_basis: h.costBasis,
          acquired_at: h.acquiredAt,
          lot_id: h.lotId,
        })),
      )
      .execute(),
  );
  await insertChunked(result.warnings, 6, (chunk) =>
    db
      .insertInto('tax_warnings')
      .values(
        chunk.map((w) => ({
          calc_id: calcId,
          code: w.code,
          transaction_id: w.txId && /^\d+$/.test(w.txId) ? Number(w.txId) : null,
          message: w.message,
          affects: w.affects ? JSON.stringify(w.affects) : null,
          year: w.txId !== null ? years(w.txId) : w.code === 'bad_option' ? null : allocationYear,
        })),
      )
      .execute(),
  );
  const flagged = result.statuses.filter((s) => s.status === 'error' || s.flags.length > 0);
  await insertChunked(flagged, 8, (chunk) =>
    db
      .insertInto('tax_transaction_status')
      .values(
        chunk.map((s) => ({
          calc_id: calcId,
          user_id: userId,
          transaction_id: Number(s.id),
          status: s.status,
          missing_price: s.flags.includes('missing_price'),
          sell_without_buy: s.flags.includes('sell_without_buy'),
          sell_without_buy_quantity: s.sellWithoutBuyQuantity ?? null,
          year: years(s.id),
        })),
      )
      .execute(),
  );
  if (result.allocation) {
    await db
      .updateTable('tax_calculations')
      .set({ allocation: JSON.stringify(result.allocation) })
      .where('id', '=', calcId)
      .execute();
  }
}
