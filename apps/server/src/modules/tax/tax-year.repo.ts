import type { DisposalLine, IncomeLine, LotUse } from '@lotwise/engine/types';
import type { HoldingRow } from '@lotwise/reports/model';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TaxDisposalsTable, TaxIncomeTable } from '../../db/schema.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { missingPriceCounts } from './missing-prices.ts';
import { checkpointSpan, yearEndHoldings } from './year-end-holdings.ts';

export type DisposalRecord = Selectable<TaxDisposalsTable>;

/** Categories whose lines carry a fair market value (the engine's removals). */
const REMOVALS = new Set<string>(['gift', 'donation', 'lost', 'stolen']);

/** A stored disposal row back as the engine's DisposalLine (the rows keep its fields). */
export function toDisposalLine(row: DisposalRecord): DisposalLine {
  const line: DisposalLine = {
    txId: String(row.transaction_id),
    asset: row.asset,
    amount: String(row.amount),
    acquiredAt: row.acquired_at,
    disposedAt: row.disposed_at,
    disposedTimestamp: String(row.disposed_timestamp),
    proceeds: String(row.proceeds),
    costBasis: String(row.cost_basis),
    gain: String(row.gain),
    term: row.term,
    category: row.category as DisposalLine['category'],
    taxable: Boolean(row.taxable),
    wallet: row.wallet,
    lots: JSON.parse(row.lots) as LotUse[],
  };
  if (row.sell_without_buy !== null) line.sellWithoutBuy = String(row.sell_without_buy);
  if (row.missing_price) line.missingPrice = true;
  if (row.fair_market_value !== null && String(row.fair_market_value) !== 'unknown') {
    line.fairMarketValue = String(row.fair_market_value);
  } else if (REMOVALS.has(line.category)) {
    // Unknown (no price that day); older SQLite results held the word 'unknown' here.
    line.fairMarketValue = null;
  }
  return line;
}

export function toIncomeLine(row: Selectable<TaxIncomeTable>): IncomeLine {
  const line: IncomeLine = {
    txId: String(row.transaction_id),
    asset: row.asset,
    amount: String(row.amount),
    value: String(row.value),
    receivedAt: row.received_at,
    receivedTimestamp: row.received_at,
    category: row.category,
    wallet: row.wallet,
  };
  if (row.missing_price) line.missingPrice = true;
  return line;
}

/** Stored lines read per query when a whole year is read (reports). */
const READ_CHUNK = 5_000;

/**
 * Every row `page` gives, a chunk at a time in id order, turned into lines as they come, with
 * a turn for waiting requests between chunks: the busiest year of a 1M-row history (39k
 * lines with their lots) read in one query held the server's thread for 1.3–1.4 s.
 */
async function inChunks<R extends { id: number }, L>(
  page: (after: number) => Promise<R[]>,
  toLine: (row: R) => L,
): Promise<L[]> {
  const out: L[] = [];
  for (let after = 0; ; ) {
    const rows = await page(after);
    for (const row of rows) out.push(toLine(row));
    if (rows.length < READ_CHUNK) return out;
    after = rows[rows.length - 1]!.id;
    await yieldToRequests();
  }
}

/** Reads one year of a stored calculation (pages and reports). */
export class TaxYearRepo {
  constructor(private readonly db: Kysely<Database>) {}

  summary(calcId: number, year: number) {
    return this.db
      .selectFrom('tax_year_summaries')
      .selectAll()
      .where('calc_id', '=', calcId)
      .where('year', '=', year)
      .executeTakeFirst();
  }

  /** Every disposal of the year in the engine's order (insertion order). */
  async disposals(calcId: number, year: number): Promise<DisposalLine[]> {
    return inChunks(
      (after) =>
        this.db
          .selectFrom('tax_disposals')
          .selectAll()
          .where('calc_id', '=', calcId)
          .where('year', '=', year)
          .where('id', '>', after)
          .orderBy('id')
          .limit(READ_CHUNK)
          .execute(),
      toDisposalLine,
    );
  }

  /** The same lines with their stored ids (the tie-out links to each line's lots). */
  async disposalsWithIds(calcId: number, year: number): Promise<Array<{ id: number; line: DisposalLine }>> {
    return inChunks(
      (after) =>
        this.db
          .selectFrom('tax_disposals')
          .selectAll()
          .where('calc_id', '=', calcId)
          .where('year', '=', year)
          .where('id', '>', after)
          .orderBy('id')
          .limit(READ_CHUNK)
          .execute(),
      (row) => ({ id: Number(row.id), line: toDisposalLine(row) }),
    );
  }

  async income(calcId: number, year: number): Promise<IncomeLine[]> {
    return inChunks(
      (after) =>
        this.db
          .selectFrom('tax_income')
          .selectAll()
          .where('calc_id', '=', calcId)
          .where('year', '=', year)
          .where('id', '>', after)
          .orderBy('id')
          .limit(READ_CHUNK)
          .execute(),
      toIncomeLine,
    );
  }

  /** Open lots at the end of `year` (the stored lot state at the next 1 January); the final
   * holdings after the last stored state or for a calculation without any. */
  async holdingsAtYearEnd(calcId: number, year: number): Promise<HoldingRow[]> {
    const atYearEnd = await yearEndHoldings(this.db, calcId, year);
    if (atYearEnd) return atYearEnd;
    const span = await checkpointSpan(this.db, calcId);
    return span && year + 1 < span[0] ? [] : this.holdings(calcId);
  }

  async holdings(calcId: number): Promise<HoldingRow[]> {
    const rows = await this.db
      .selectFrom('tax_holdings')
      .select(['wallet', 'asset', 'amount', 'cost_basis', 'acquired_at', 'lot_id'])
      .where('calc_id', '=', calcId)
      .orderBy('id')
      .execute();
    return rows.map((h) => ({
      wallet: h.wallet,
      asset: h.asset,
      amount: String(h.amount),
      costBasis: String(h.cost_basis),
      acquiredAt: h.acquired_at,
      lotId: h.lot_id,
    }));
  }

  async disposalPage(calcId: number, year: number, page: number, perPage: number) {
    const base = this.db.selectFrom('tax_disposals').where('calc_id', '=', calcId).where('year', '=', year);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  disposal(calcId: number, id: number) {
    return this.db
      .selectFrom('tax_disposals')
      .selectAll()
      .where('calc_id', '=', calcId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Warnings of a tax year: its transactions' and the calculation's own (no year). */
  private yearWarnings(calcId: number, year: number) {
    return this.db
      .selectFrom('tax_warnings')
      .where('calc_id', '=', calcId)
      .where((eb) => eb.or([eb('year', '=', year), eb('year', 'is', null)]));
  }

  /** The year's transactions with a missing price (missing-prices.ts: the one count). */
  async missingPrices(calcId: number, year: number): Promise<number> {
    return (await missingPriceCounts(this.db, calcId, year)).get(year) ?? 0;
  }

  /** Every transaction of the calculation with a missing price: their lots' basis is unknown. */
  async unpricedTransactions(calcId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tax_transaction_status')
      .select('transaction_id')
      .where('calc_id', '=', calcId)
      .where('missing_price', '=', true)
      .execute();
    return rows.map((r) => String(r.transaction_id));
  }

  /** How many warnings the year has, per code (the page and the PDF count the same). */
  async warningCounts(calcId: number, year: number): Promise<Array<{ code: string; count: number }>> {
    const rows = await this.yearWarnings(calcId, year)
      .select((eb) => ['code', eb.fn.countAll<number>().as('n')])
      .groupBy('code')
      .execute();
    return rows
      .map((r) => ({ code: r.code, count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  }

  async warningCount(calcId: number, year: number): Promise<number> {
    return (await this.warningCounts(calcId, year)).reduce((n, g) => n + g.count, 0);
  }

  /** The year's first warnings, for the list under the groups. */
  warnings(calcId: number, year: number, limit = 100) {
    return this.yearWarnings(calcId, year)
      .select(['code', 'transaction_id', 'message'])
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
