import { performance } from 'node:perf_hooks';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { CalculateOptions, EngineWarning, Holding } from '@lotwise/engine/types';
import { priceNeeds } from '@lotwise/prices/needs';
import { type PriceTableData, tableLookup } from '@lotwise/prices/price-table';
import type { PriceNeed } from '@lotwise/prices/types';
import { openDatabase } from '../../db/database.ts';
import type { TaxCalculationRow } from '../../db/schema.ts';
import { loadEngineInputCursor, loadEngineInputRaw } from './engine-input.ts';
import { withAutoPairs } from './incremental/resume-plan.ts';
import { checkpointRows, insertCheckpoints, storeIncremental } from './incremental/store-incremental.ts';
import { TaxResultsRepo } from './tax-results.repo.ts';
import { txYearsOf } from './tx-years.ts';

/**
 * A calculation whose rows never cross threads (issue 17): the engine's worker opens a
 * connection of its own, reads the user's rows, runs the engine and stores the results;
 * the server's thread only resolves prices (its providers and their limits are shared) and
 * keeps the job's status. Copying a million rows to the worker and its results back cost
 * more than the engine itself. Used when the database can be opened twice: a SQLite file
 * or PostgreSQL (an in-memory SQLite database cannot; run-engine.ts covers it).
 */
export interface OwnConnectionCalc {
  db: { url: string; schema?: string };
  userId: number;
  /** A resumed run reads the rows from this timestamp on. */
  from?: string;
  /** A resumed run's transfer pairs, found over the whole history (resume-plan.ts). */
  autoPairs?: Array<[string, string]>;
  currency: string;
  timezone: string;
  options: CalculateOptions;
  checkpoints: { basisKey: string; fingerprints: Array<[number, string]> };
  store:
    | { kind: 'full'; calcId: number }
    | { kind: 'incremental'; calc: TaxCalculationRow; keepId: number; fromYear: number; count: number };
}

/** What the server's thread answers for the rows' price needs. */
export interface PricesForCalc {
  table: PriceTableData;
  /** The pricing step's own warnings (outages, guessed symbols), first in the result. */
  warnings: EngineWarning[];
}

export interface OwnConnectionHost {
  price(needs: PriceNeed[]): Promise<PricesForCalc>;
  progress(percent: number, message: string): void;
}

export interface OwnConnectionOutcome {
  /** False when a resumed run found itself superseded (nothing stored). */
  stored: boolean;
  rows: number;
  /** The tax years the result has (the websocket's tax_calculated names them). */
  yearKeys: string[];
  warnings: number;
  /** Open lots now: the server's thread fetches today's prices for them. */
  holdings: Holding[];
  ms: { read: number; prices: number; engine: number; store: number };
}

export async function calculateOnOwnConnection(
  job: OwnConnectionCalc,
  host: OwnConnectionHost,
): Promise<OwnConnectionOutcome> {
  const db = openDatabase(job.db.url, job.db.schema ? { schema: job.db.schema } : {});
  try {
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = Math.round(now - mark);
      mark = now;
      return ms;
    };
    const filter = job.from ? { from: job.from } : {};
    const rows = db.sqlite
      ? await loadEngineInputRaw(db.kysely, db.sqlite, job.userId, filter)
      : await loadEngineInputCursor(db.kysely, job.userId, filter);
    const input = job.autoPairs ? withAutoPairs(rows, new Map(job.autoPairs)) : rows;
    const rowCount = rows.length;
    // Before the engine: it lets the rows go as it processes them (releaseRows).
    const years = await txYearsOf(rows, job.timezone);
    const read = lap();
    host.progress(15, 'Finding prices');
    const priced = await host.price(priceNeeds(rows, job.currency));
    const prices = lap();
    host.progress(20, `Calculating ${rows.length} transactions`);
    // The rows were read by this thread for this run: pairs are marked on them, not on copies,
    // and each is let go once processed (a million rows need not outlive their turn).
    const result = calculate(job.autoPairs ? input : matchTransfers(input, { inPlace: true }), {
      ...job.options,
      prices: tableLookup(priced.table),
      releaseRows: true,
    });
    result.warnings.unshift(...priced.warnings);
    const engine = lap();
    host.progress(75, 'Saving results');
    const checkpoints = checkpointRows(
      result.checkpoints,
      job.checkpoints.basisKey,
      new Map(job.checkpoints.fingerprints),
    );
    let stored = true;
    if (job.store.kind === 'full') {
      await new TaxResultsRepo(db.kysely, db.sqlite).storeResults(
        job.store.calcId,
        job.userId,
        result,
        years,
      );
      await insertCheckpoints(db.kysely, job.store.calcId, checkpoints);
    } else {
      stored = await storeIncremental(db.kysely, db.sqlite, {
        calc: job.store.calc,
        keepId: job.store.keepId,
        fromYear: job.store.fromYear,
        userId: job.userId,
        result,
        years,
        checkpoints,
        count: job.store.count,
      });
    }
    return {
      stored,
      rows: rowCount,
      yearKeys: Object.keys(result.years),
      warnings: result.warnings.length,
      holdings: result.holdings,
      ms: { read, prices, engine, store: lap() },
    };
  } finally {
    await db.close();
  }
}
