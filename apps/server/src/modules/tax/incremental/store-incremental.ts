import type { CalculationResult, Checkpoint } from '@lotwise/engine/types';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow, TaxCheckpointsTable } from '../../../db/schema.ts';
import { nowIso } from '../../../db/timestamps.ts';
import { insertResults, type TxYears } from '../store-results.ts';

export type NewCheckpoint = Omit<TaxCheckpointsTable, 'calc_id'>;

/** A calculation's year-start states as rows, each with the fingerprint of the rows before it. */
export function checkpointRows(
  checkpoints: readonly Checkpoint[],
  basisKey: string,
  fingerprints: ReadonlyMap<number, string>,
): NewCheckpoint[] {
  return checkpoints.map((cp) => {
    const year = Number(cp.day.slice(0, 4));
    const fingerprint = fingerprints.get(year);
    if (fingerprint === undefined) throw new Error(`No fingerprint for the ${year} checkpoint`);
    return { year, day: cp.day, basis_key: basisKey, fingerprint, state: JSON.stringify(cp) };
  });
}

export async function insertCheckpoints(db: Kysely<Database>, calcId: number, rows: NewCheckpoint[]) {
  for (const row of rows)
    await db
      .insertInto('tax_checkpoints')
      .values({ ...row, calc_id: calcId })
      .execute();
}

export interface IncrementalStore {
  /** The running calculation (its trace id is what the page and the client follow). */
  calc: TaxCalculationRow;
  /** The complete calculation whose results before `fromYear` stay. */
  keepId: number;
  fromYear: number;
  userId: number;
  result: CalculationResult;
  years: TxYears;
  checkpoints: NewCheckpoint[];
  count: number;
}

/**
 * Replaces the kept calculation's results from `fromYear` on with the resumed run's, in one
 * transaction (pages read the old figures until it commits), and hands the kept
 * calculation the running one's identity so its trace id reports complete. Rewriting only
 * the changed years is what makes a late edit cheap. False when the run was superseded.
 */
export async function storeIncremental(
  db: Kysely<Database>,
  sqlite: SQLite.Database | undefined,
  s: IncrementalStore,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [me, kept] = await Promise.all([
      trx.selectFrom('tax_calculations').select('status').where('id', '=', s.calc.id).executeTakeFirst(),
      // On PostgreSQL locked as the results' key did (migration 000053): it cannot go meanwhile.
      (sqlite
        ? trx.selectFrom('tax_calculations').select('status').where('id', '=', s.keepId)
        : trx.selectFrom('tax_calculations').select('status').where('id', '=', s.keepId).forKeyShare()
      ).executeTakeFirst(),
    ]);
    if (!me || me.status === 'superseded') return false;
    if (kept?.status !== 'complete') throw new Error('The calculation to update is gone; calculate again.');
    for (const table of ['tax_year_summaries', 'tax_disposals', 'tax_income'] as const) {
      await trx.deleteFrom(table).where('calc_id', '=', s.keepId).where('year', '>=', s.fromYear).execute();
    }
    for (const table of ['tax_warnings', 'tax_transaction_status'] as const) {
      await trx
        .deleteFrom(table)
        .where('calc_id', '=', s.keepId)
        .where((eb) => eb.or([eb('year', '>=', s.fromYear), eb('year', 'is', null)]))
        .execute();
    }
    await trx.deleteFrom('tax_holdings').where('calc_id', '=', s.keepId).execute();
    await trx
      .deleteFrom('tax_checkpoints')
      .where('calc_id', '=', s.keepId)
      .where('year', '>', s.fromYear)
      .execute();
    await insertResults({ db: trx, sqlite, inTransaction: true }, s.keepId, s.userId, s.result, s.years);
    await insertCheckpoints(trx, s.keepId, s.checkpoints);
    // The running row and any finished or superseded leftovers go; a newer queued one stays.
    await trx
      .deleteFrom('tax_calculations')
      .where('user_id', '=', s.userId)
      .where('id', '!=', s.keepId)
      .where((eb) => eb.or([eb('id', '=', s.calc.id), eb('status', 'not in', ['queued', 'running'])]))
      .execute();
    await trx
      .updateTable('tax_calculations')
      .set({
        trace_id: s.calc.trace_id,
        job_id: s.calc.job_id,
        settings: s.calc.settings,
        input_version: s.calc.input_version,
        transaction_count: s.count,
        allocation: s.result.allocation ? JSON.stringify(s.result.allocation) : null,
        created_at: s.calc.created_at,
        finished_at: nowIso(),
        status: 'complete',
        error: null,
      })
      .where('id', '=', s.keepId)
      .execute();
    return true;
  });
}
