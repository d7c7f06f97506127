import type { CalculationResult } from '@lotwise/engine/types';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow, TaxCalculationStatus } from '../../db/schema.ts';
import { nowIso } from '../users/users.repo.ts';

const CHUNK = 400;

async function insertChunked<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** Calculations and their stored results. Pages read the latest complete calculation of a user. */
export class TaxResultsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: { userId: number; traceId: string; settings: unknown; inputVersion: string }) {
    return this.db
      .insertInto('tax_calculations')
      .values({
        user_id: input.userId,
        trace_id: input.traceId,
        job_id: null,
        status: 'queued',
        settings: JSON.stringify(input.settings),
        input_version: input.inputVersion,
        allocation: null,
        error: null,
        created_at: nowIso(),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setJob(id: number, jobId: number): Promise<void> {
    await this.db.updateTable('tax_calculations').set({ job_id: jobId }).where('id', '=', id).execute();
  }

  async setStatus(id: number, status: TaxCalculationStatus, extra: { error?: string; count?: number } = {}) {
    await this.db
      .updateTable('tax_calculations')
      .set({
        status,
        ...(extra.error !== undefined ? { error: extra.error } : {}),
        ...(extra.count !== undefined ? { transaction_count: extra.count } : {}),
        ...(status === 'complete' || status === 'failed' ? { finished_at: nowIso() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Older calculations still waiting or running give way to a newer one. */
  async supersedeActive(userId: number): Promise<void> {
    await this.db
      .updateTable('tax_calculations')
      .set({ status: 'superseded', finished_at: nowIso() })
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  findByTrace(userId: number, traceId: string): Promise<TaxCalculationRow | undefined> {
    return this.db
      .selectFrom('tax_calculations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trace_id', '=', traceId)
      .executeTakeFirst();
  }

  find(id: number): Promise<TaxCalculationRow | undefined> {
    return this.db.selectFrom('tax_calculations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  latest(userId: number): Promise<TaxCalculationRow | undefined> {
    return this.db
      .selectFrom('tax_calculations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', 'superseded')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  latestComplete(userId: number): Promise<TaxCalculationRow | undefined> {
    return this.db
      .selectFrom('tax_calculations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'complete')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Writes a calculation's results in chunks, outside one long transaction: the rows are
   * keyed by the calculation, which only becomes the one pages read once it is marked
   * complete. A crash part-way leaves rows of a calculation nobody reads; they go with it.
   */
  async storeResults(calcId: number, userId: number, result: CalculationResult): Promise<void> {
    const db = this.db;
    await db.deleteFrom('tax_year_summaries').where('calc_id', '=', calcId).execute();
    await db.deleteFrom('tax_disposals').where('calc_id', '=', calcId).execute();
    await db.deleteFrom('tax_income').where('calc_id', '=', calcId).execute();
    await db.deleteFrom('tax_holdings').where('calc_id', '=', calcId).execute();
    await db.deleteFrom('tax_warnings').where('calc_id', '=', calcId).execute();
    await db.deleteFrom('tax_transaction_status').where('calc_id', '=', calcId).execute();

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
      await insertChunked(y.disposals, (chunk) =>
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
      await insertChunked(y.incomeLines, (chunk) =>
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
    await insertChunked(result.holdings, (chunk) =>
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
    await insertChunked(result.warnings, (chunk) =>
      db
        .insertInto('tax_warnings')
        .values(
          chunk.map((w) => ({
            calc_id: calcId,
            code: w.code,
            transaction_id: w.txId && /^\d+$/.test(w.txId) ? Number(w.txId) : null,
            message: w.message,
            affects: w.affects ? JSON.stringify(w.affects) : null,
          })),
        )
        .execute(),
    );
    const flagged = result.statuses.filter((s) => s.status === 'error' || s.flags.length > 0);
    await insertChunked(flagged, (chunk) =>
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

  /** Once a calculation is complete, the user's older ones (and their results) go. */
  async deleteOlder(userId: number, keepId: number): Promise<void> {
    await this.db
      .deleteFrom('tax_calculations')
      .where('user_id', '=', userId)
      .where('id', '<', keepId)
      .execute();
  }

  yearSummaries(calcId: number) {
    return this.db
      .selectFrom('tax_year_summaries')
      .selectAll()
      .where('calc_id', '=', calcId)
      .orderBy('year', 'desc')
      .execute();
  }

  warnings(calcId: number, limit = 200) {
    return this.db
      .selectFrom('tax_warnings')
      .select(['code', 'transaction_id', 'message'])
      .where('calc_id', '=', calcId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
