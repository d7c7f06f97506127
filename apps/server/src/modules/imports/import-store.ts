import type SQLite from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import { reapplyAnnotations } from '../transactions/annotations/annotations.service.ts';
import { STAGED_COLUMNS, type StagedValues, withoutNul } from './staged-row.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A staged row's values, in this order. */
const STAGING_COLUMNS = ['import_file_id', ...STAGED_COLUMNS] as const;

/** Rows added by one import from which PostgreSQL's statistics of transactions are refreshed at once. */
export const ANALYZE_AFTER_ROWS = 50_000;

/** Thrown inside the commit when the import would take the user past their limit: nothing is kept. */
export class ImportPaused extends Error {
  constructor(
    readonly needed: number,
    readonly limit: number,
  ) {
    super(`Import paused: ${needed} transactions would pass the limit of ${limit}`);
    this.name = 'ImportPaused';
  }
}

/**
 * Writes an upload's outcome: rows staged in short chunks, then moved into transactions
 * in one database transaction (see the import job; the import writer thread does the same
 * on its own connection), or the upload marked failed.
 */
export class ImportStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite?: SQLite.Database,
  ) {}

  /**
   * After a large import on PostgreSQL, its planner statistics of `transactions` are taken
   * again at once instead of whenever autovacuum gets to it: planned without them, the user's
   * next reads of a million new rows were bitmap scans of every row plus a sort per query (the
   * calculation's chunked read took 120 s). SQLite plans by its indexes alone: nothing to do.
   */
  async refreshStatistics(added: number): Promise<void> {
    if (this.sqlite || added < ANALYZE_AFTER_ROWS) return;
    await sql`analyze transactions`.execute(this.db);
  }

  /** In one database transaction of its own. */
  private inTransaction<T>(body: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(body);
  }

  /** Clears what an interrupted run of this upload left behind: staged rows and row errors. */
  async resetRun(fileId: number): Promise<void> {
    await this.db.deleteFrom('import_staging').where('import_file_id', '=', fileId).execute();
    await this.db.deleteFrom('import_errors').where('import_file_id', '=', fileId).execute();
  }

  async addErrors(
    fileId: number,
    errors: { line: number; column: string | null; message: string }[],
  ): Promise<void> {
    for (let i = 0; i < errors.length; i += 500) {
      await this.db
        .insertInto('import_errors')
        .values(
          errors.slice(i, i + 500).map((e) => ({
            import_file_id: fileId,
            line: e.line,
            column_name: e.column === null ? null : withoutNul(e.column),
            message: withoutNul(e.message),
          })),
        )
        .execute();
    }
  }

  /** Short writes; other requests get the database between chunks (see bulkInsert). */
  async stageRows(rows: StagedValues[]): Promise<void> {
    await bulkInsert({ db: this.db, sqlite: this.sqlite }, 'import_staging', STAGING_COLUMNS, rows, (r) => r);
  }

  /** The staged rows into transactions in file order; returns how many were new. */
  private async moveStaged(trx: Executor, fileId: number): Promise<number> {
    const moved = await trx
      .insertInto('transactions')
      .columns([...STAGED_COLUMNS, 'import_file_id', 'updated_at'])
      .expression(
        trx
          .selectFrom('import_staging')
          .select([...STAGED_COLUMNS, 'import_file_id', 'created_at as updated_at'])
          .where('import_file_id', '=', fileId)
          .orderBy('id'),
      )
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .executeTakeFirst();
    return Number(moved.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Moves an upload's staged rows into transactions in one statement (rows already present
   * are skipped by the unique dedupe key), with its row errors and counts, all in one
   * database transaction: the import is stored whole or not at all.
   */
  async commitImport(input: {
    fileId: number;
    historyId: number;
    userId: number;
    format: string;
    parsed: number;
    errorCount: number;
    skipped: number;
    /** Transactions the user may hold; past it the whole import is undone and paused. */
    limit: number | null;
  }): Promise<{ added: number; duplicates: number }> {
    return this.inTransaction(async (trx) => {
      const added = await this.moveStaged(trx, input.fileId);
      if (input.limit !== null && added > 0) {
        const held = await trx
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', input.userId)
          .executeTakeFirstOrThrow();
        // Throwing rolls the moved rows back.
        if (Number(held.n) > input.limit) throw new ImportPaused(Number(held.n), input.limit);
      }
      if (added > 0) await reapplyAnnotations(trx, input.userId, input.fileId);
      await trx
        .updateTable('import_files')
        .set({
          status: 'complete',
          format: input.format,
          rows_parsed: input.parsed,
          rows_added: added,
          rows_duplicate: input.parsed - added,
          rows_skipped: input.skipped,
          error_count: input.errorCount,
          finished_at: nowIso(),
        })
        .where('id', '=', input.fileId)
        .execute();
      await trx
        .updateTable('import_histories')
        .set({ import_status: 'complete', last_synced_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', input.historyId)
        .execute();
      if (added > 0) {
        await trx
          .updateTable('users')
          .set({ transaction_uploaded: true })
          .where('id', '=', input.userId)
          .execute();
      }
      await trx.deleteFrom('import_staging').where('import_file_id', '=', input.fileId).execute();
      return { added, duplicates: input.parsed - added };
    });
  }

  /**
   * The upload waits for a plan: nothing of it stays (its staged rows and errors go; the file
   * is kept to run again).
   */
  async pauseImport(fileId: number, format: string, parsed: number, message: string): Promise<void> {
    await this.inTransaction(async (trx) => {
      await trx.deleteFrom('import_staging').where('import_file_id', '=', fileId).execute();
      await trx.deleteFrom('import_errors').where('import_file_id', '=', fileId).execute();
      await trx
        .updateTable('import_files')
        .set({ status: 'paused', status_message: message, format, rows_parsed: parsed })
        .where('id', '=', fileId)
        .execute();
    });
  }

  /** An upload nothing could be read from: its errors are already stored; the rows are not. */
  async failImport(
    fileId: number,
    historyId: number,
    format: string | null,
    message: string,
    errorCount: number,
  ) {
    await this.inTransaction(async (trx) => {
      await trx.deleteFrom('import_staging').where('import_file_id', '=', fileId).execute();
      await trx
        .updateTable('import_files')
        .set({
          status: 'failed',
          status_message: withoutNul(message),
          format,
          error_count: errorCount,
          finished_at: nowIso(),
        })
        .where('id', '=', fileId)
        .execute();
      const others = await trx
        .selectFrom('import_files')
        .select('id')
        .where('import_history_id', '=', historyId)
        .where('status', '=', 'complete')
        .executeTakeFirst();
      await trx
        .updateTable('import_histories')
        .set({ import_status: others ? 'complete' : 'failed', updated_at: nowIso() })
        .where('id', '=', historyId)
        .execute();
    });
  }
}
