import type { CalculationResult } from '@lotwise/engine/types';
import { type PrintedTotals, printedTotals, type TotalsInput } from '@lotwise/reports/totals';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database, TaxCalculationRow, TaxCalculationStatus } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { missingPriceCounts } from './missing-prices.ts';
import { insertResults, type TxYears } from './store-results.ts';

const RESULT_TABLES = [
  'tax_year_summaries',
  'tax_disposals',
  'tax_income',
  'tax_holdings',
  'tax_warnings',
  'tax_transaction_status',
  'tax_checkpoints',
] as const;

/** Result rows deleted per statement (see clearResults). */
const DELETE_CHUNK = 5_000;

const printedCache = new Map<string, Map<number, PrintedTotals>>();

/** Calculations and their stored results. Pages read the latest complete calculation of a user. */
export class TaxResultsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    /** The embedded database's handle, when there is one: results are written through it. */
    private readonly sqlite?: SQLite.Database,
  ) {}

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
  async storeResults(
    calcId: number,
    userId: number,
    result: CalculationResult,
    years: TxYears,
  ): Promise<void> {
    await this.clearResults(calcId);
    await insertResults({ db: this.db, sqlite: this.sqlite }, calcId, userId, result, years);
  }

  /**
   * Empties a calculation's result tables a few thousand rows at a time, with a turn for
   * waiting requests between: left to the cascade, deleting a 300k-row history's previous
   * results (~600k rows) was one statement that held the server's thread for 1.9 s.
   */
  private async clearResults(calcId: number): Promise<void> {
    for (const table of RESULT_TABLES) {
      if (table === 'tax_checkpoints') {
        // One row per year, keyed without an id.
        await this.db.deleteFrom(table).where('calc_id', '=', calcId).execute();
        continue;
      }
      for (;;) {
        const done = await sql`delete from ${sql.table(table)} where id in
          (select id from ${sql.table(table)} where calc_id = ${calcId} limit ${DELETE_CHUNK})`.execute(
          this.db,
        );
        if (Number(done.numAffectedRows ?? 0) < DELETE_CHUNK) break;
        await yieldToRequests();
      }
    }
  }

  /** Once a calculation is complete, the user's older ones (and their results) go. */
  async deleteOlder(userId: number, keepId: number): Promise<void> {
    const older = await this.db
      .selectFrom('tax_calculations')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '<', keepId)
      .execute();
    for (const { id } of older) await this.clearResults(id);
    await this.db
      .deleteFrom('tax_calculations')
      .where('user_id', '=', userId)
      .where('id', '<', keepId)
      .execute();
  }

  /** Results stay readable but match no version; their year starts are no longer resumed
   * from (the next run is full) but still give the year-end holdings. */
  async markStale(id: number, version: string): Promise<void> {
    await this.db
      .updateTable('tax_calculations')
      .set({ input_version: version })
      .where('id', '=', id)
      .execute();
    await this.db
      .updateTable('tax_checkpoints')
      .set({ basis_key: 'stale' })
      .where('calc_id', '=', id)
      .execute();
  }

  async transactionCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Each year's totals as the reports print them, remembered per finished calculation (an
   * incremental run keeps the id but gets a new finished_at): reading every line costs
   * ~0.5 s at 100k transactions, and the tax centre asks on every visit.
   */
  async printedTotalsOf(
    calc: Pick<TaxCalculationRow, 'id' | 'finished_at'>,
  ): Promise<Map<number, PrintedTotals>> {
    const key = `${calc.id}@${calc.finished_at}`;
    const known = printedCache.get(key);
    if (known) return known;
    const totals = await this.printedTotals(calc.id);
    printedCache.set(key, totals);
    if (printedCache.size > 64) printedCache.delete(printedCache.keys().next().value!);
    return totals;
  }

  /** Each year's totals as the reports print them (reports/totals.ts), from the stored lines. */
  async printedTotals(calcId: number): Promise<Map<number, PrintedTotals>> {
    const [disposals, income] = await Promise.all([
      this.db
        .selectFrom('tax_disposals')
        .select(['year', 'proceeds', 'cost_basis', 'term', 'taxable'])
        .where('calc_id', '=', calcId)
        .execute(),
      this.db.selectFrom('tax_income').select(['year', 'value']).where('calc_id', '=', calcId).execute(),
    ]);
    type Lines = { disposals: TotalsInput['disposals'][number][]; income: { value: string }[] };
    const years = new Map<number, Lines>();
    const of = (year: number) => {
      const entry = years.get(year) ?? { disposals: [], income: [] };
      years.set(year, entry);
      return entry;
    };
    for (const d of disposals) {
      of(d.year).disposals.push({
        proceeds: String(d.proceeds),
        costBasis: String(d.cost_basis),
        term: d.term,
        taxable: Boolean(d.taxable),
      });
    }
    for (const i of income) of(i.year).income.push({ value: String(i.value) });
    return new Map([...years].map(([year, input]) => [year, printedTotals(input)]));
  }

  yearSummaries(calcId: number) {
    return this.db
      .selectFrom('tax_year_summaries')
      .selectAll()
      .where('calc_id', '=', calcId)
      .orderBy('year', 'desc')
      .execute();
  }

  /** Per tax year, how many transactions still miss a price (missing-prices.ts: the one count). */
  missingPriceCounts(calcId: number): Promise<Map<number, number>> {
    return missingPriceCounts(this.db, calcId);
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
